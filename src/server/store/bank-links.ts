import type { Db } from './db';
import { findRow } from './rows';

/*
 * The bank links that wait on the platform's hosted page (linkExternalAccount answers its URL,
 * real-world notes §4.1): one per account, the latest started. The platform offers no read of a
 * link in progress, so the portal keeps it until getExternalAccount reports the bank, or the
 * person starts over (a new page replaces the old).
 */

export interface PendingBankLink {
  accountId: string;
  linkUrl: string;
  startedBy: string;
  startedAt: Date;
}

export async function findPendingBankLink(
  db: Db,
  accountId: string,
): Promise<PendingBankLink | null> {
  const row = await findRow(db, 'pending_bank_links', 'account_id', accountId);
  return row
    ? {
        accountId: row.account_id,
        linkUrl: row.link_url,
        startedBy: row.started_by,
        startedAt: new Date(row.started_at),
      }
    : null;
}

/** Keeps the account's pending link, replacing an earlier one (starting over). */
export async function savePendingBankLink(db: Db, link: PendingBankLink): Promise<void> {
  const values = {
    link_url: link.linkUrl,
    started_by: link.startedBy,
    started_at: link.startedAt,
  };
  await db
    .insertInto('pending_bank_links')
    .values({ account_id: link.accountId, ...values })
    .onConflict((oc) => oc.column('account_id').doUpdateSet(values))
    .execute();
}

/** Forgets the account's pending link: the bank is reported linked. */
export async function clearPendingBankLink(db: Db, accountId: string): Promise<void> {
  await db.deleteFrom('pending_bank_links').where('account_id', '=', accountId).execute();
}
