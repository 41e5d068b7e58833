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

/**
 * A routing number of the sandbox's banks (Federal Reserve district 10) that passes the ABA
 * checksum, as every real one does: weights 3, 7, 1 over the nine digits, a multiple of 10.
 */
function routingNumberFor(seed: number): string {
  const first8 = `1070${String(seed % 10000).padStart(4, '0')}`;
  const weights = [3, 7, 1, 3, 7, 1, 3, 7];
  const sum = [...first8].reduce((total, digit, i) => total + Number(digit) * weights[i], 0);
  return `${first8}${(10 - (sum % 10)) % 10}`;
}

/** The bank an account gets when linked: deterministic, so a reset links the same one. */
export function bankFor(accountId: string) {
  const h = hash32(`link:${accountId}`);
  return {
    bankName: BANKS[h % BANKS.length],
    accountNumber: String(1_000_000_000 + (h % 900_000_000)),
    // From a hash of its own: the account number's last four digits are h's, and a bank page
    // showing the same four digits for both numbers reads as a mistake.
    routingNumber: routingNumberFor(hash32(`routing:${accountId}`)),
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
