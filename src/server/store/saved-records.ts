import type { Db } from './db';

/*
 * What the portal keeps beside the upstream: the issuer account as saved (createIssuerAccount
 * only creates and the document names no read or update, §4.6), and reviewers' notes on accounts.
 */

export async function findSavedIssuerAccount(db: Db, issuerId: string) {
  const row = await db
    .selectFrom('saved_issuer_accounts')
    .selectAll()
    .where('issuer_id', '=', issuerId)
    .executeTakeFirst();
  return row ? { records: row.records, savedAt: new Date(row.saved_at) } : null;
}

export async function storeSavedIssuerAccount(
  db: Db,
  issuerId: string,
  records: unknown,
  savedBy: string,
): Promise<void> {
  await db
    .insertInto('saved_issuer_accounts')
    .values({
      issuer_id: issuerId,
      records: JSON.stringify(records),
      saved_by: savedBy,
      saved_at: new Date(),
    })
    .onConflict((oc) =>
      oc.column('issuer_id').doUpdateSet({
        records: JSON.stringify(records),
        saved_by: savedBy,
        saved_at: new Date(),
      }),
    )
    .execute();
}

export interface AccountNoteRow {
  id: string;
  accountId: string;
  authorEmail: string;
  body: string;
  createdAt: Date;
}

export async function listAccountNotes(db: Db, accountId: string): Promise<AccountNoteRow[]> {
  const rows = await db
    .selectFrom('account_notes')
    .selectAll()
    .where('account_id', '=', accountId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map((row) => ({
    id: String(row.id),
    accountId: row.account_id,
    authorEmail: row.author_email,
    body: row.body,
    createdAt: new Date(row.created_at),
  }));
}

export async function addAccountNote(
  db: Db,
  note: { accountId: string; authorId: string; authorEmail: string; body: string },
): Promise<AccountNoteRow> {
  const row = await db
    .insertInto('account_notes')
    .values({
      account_id: note.accountId,
      author_id: note.authorId,
      author_email: note.authorEmail,
      body: note.body,
      created_at: new Date(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return {
    id: String(row.id),
    accountId: row.account_id,
    authorEmail: row.author_email,
    body: row.body,
    createdAt: new Date(row.created_at),
  };
}
