/**
 * How linkExternalAccount links a bank. Real traffic (real-world notes §4.1) answers the URL of a
 * hosted bank-linking page (Plaid) as a plain string: the investor finishes there, and only then
 * does getExternalAccount report a bank. The document names the operation only (§4.16).
 *
 * - `instant` (the default): the bank is linked at once, and a URL is answered all the same, so
 *   demos and tests need no second step.
 * - `hosted`: nothing is linked yet; the URL leads to a page of this sandbox
 *   (`/__sandbox/bank-link/:token`) whose button links the bank, as the hosted page would.
 *
 * The mode is set for every account or for one (tests running side by side do not change each
 * other's), by `SANDBOX_BANK_LINKING` and `POST /__sandbox/bank-linking`.
 */
import { randomUUID } from 'node:crypto';
import type { SandboxState } from '../state/model.js';
import { hash32 } from '../lib/prng.js';
import { formatZoneless } from '../lib/time.js';

export type BankLinkingMode = 'instant' | 'hosted';
export const BANK_LINKING_MODES: readonly BankLinkingMode[] = ['instant', 'hosted'];

const BANKS = ['First Front Range Bank', 'Mesa Credit Union', 'Prairie National Bank'];

/** The bank an account gets when linked: deterministic, so a reset links the same one. */
export function bankFor(accountId: string) {
  const h = hash32(`link:${accountId}`);
  return {
    bankName: BANKS[h % BANKS.length],
    accountNumber: String(1_000_000_000 + (h % 900_000_000)),
    routingNumber: `10700${String(h % 10000).padStart(4, '0')}`,
  };
}

/** Links the account's bank (once: a second link keeps the first). */
export function linkBank(state: SandboxState, accountId: string, now: number): void {
  state.externalLinks[accountId] ??= {
    accountId,
    ...bankFor(accountId),
    linkedDate: formatZoneless(now),
  };
}

export class BankLinking {
  private byAccount = new Map<string, BankLinkingMode>();
  /** Hosted pages handed out and not yet used: token → account. */
  private pages = new Map<string, string>();

  private defaultMode: BankLinkingMode;

  /** `initial` is also what a reset of the sandbox returns to. */
  constructor(private readonly initial: BankLinkingMode = 'instant') {
    this.defaultMode = initial;
  }

  modeOf(accountId: string): BankLinkingMode {
    return this.byAccount.get(accountId) ?? this.defaultMode;
  }

  setMode(mode: BankLinkingMode, accountId?: string): void {
    if (accountId) this.byAccount.set(accountId, mode);
    else {
      this.defaultMode = mode;
      this.byAccount.clear();
    }
  }

  view() {
    return { mode: this.defaultMode, accounts: Object.fromEntries(this.byAccount) };
  }

  /** A new hosted page for the account; each call hands out a fresh one, as real traffic does. */
  openPage(accountId: string): string {
    const token = randomUUID();
    this.pages.set(token, accountId);
    return token;
  }

  pageAccount(token: string): string | undefined {
    return this.pages.get(token);
  }

  /** The page is used once: finishing it links the bank and retires every page of the account. */
  finish(token: string): string | undefined {
    const accountId = this.pages.get(token);
    if (!accountId) return undefined;
    for (const [other, owner] of this.pages) if (owner === accountId) this.pages.delete(other);
    return accountId;
  }

  reset(): void {
    this.defaultMode = this.initial;
    this.byAccount.clear();
    this.pages.clear();
  }
}

/** Reads `SANDBOX_BANK_LINKING=hosted`; anything else is the instant default. */
export function bankLinkingFromEnv(env: NodeJS.ProcessEnv = process.env): BankLinkingMode {
  return (env.SANDBOX_BANK_LINKING ?? '').trim().toLowerCase() === 'hosted' ? 'hosted' : 'instant';
}
