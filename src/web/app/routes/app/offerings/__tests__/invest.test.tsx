// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import type { AccountSummary } from '../../../../../../contract/account-views';
import { offeringFixture } from '../../../../../testing/offering';
import { computePreflight } from '../../../../../../contract/preflight';
import {
  bff,
  errorAnswer,
  mockPost,
  okAnswer,
  startMockBff,
} from '../../../../../testing/mock-bff';
import {
  answerInvestReads,
  approvedAccount,
  checksOf,
  confirmInvestment,
  renderInvestPage,
} from '../../../../../testing/invest-page';
import { descriptionOf, fill, onFakeClock, openReviewAndArm } from '../../../../../testing/render';
import { investmentReceipt } from '../../../../../testing/investment';
import { linkedBank } from '../../../../../testing/custody';
import { isolate } from '../../../../../../contract/bidi';

startMockBff();
afterEach(cleanup);

const account = approvedAccount;
const offering = offeringFixture();

const receipt = investmentReceipt({ offeringName: offering.name, accountId: account.id });

describe('the invest page after an investment', () => {
  it('"Make another investment" opens an empty form, with focus on its first field', async () => {
    mockPost('/api/offerings/7/investments', okAnswer(receipt));
    const user = userEvent.setup({ delay: null });
    answerInvestReads([account]);
    renderInvestPage();
    await confirmInvestment(user, '20');
    expect(await screen.findByText('Investment submitted')).toBeTruthy();
    // The account as the review named it, not its id alone.
    const result = screen.getByRole('status');
    expect(within(result).getByText(`${isolate('Avery Quinn')} (A1234567)`)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Make another investment' }));
    const units = await screen.findByLabelText(/^Units/);
    expect(screen.queryByText('Investment submitted')).toBeNull();
    expect(units).toHaveProperty('value', '');
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByLabelText(/Invest from account/)),
    );
  });
});

const refused = { status: 'disapproved', date: null };
const blockedKyc = {
  ...account,
  id: 'A7654321',
  name: 'Quinn Trust',
  reviews: { ...account.reviews, kyc: refused, aml: refused },
} as unknown as AccountSummary;
const blockedApproval = {
  ...account,
  id: 'A5550001',
  name: 'Quinn IRA',
  reviews: { ...account.reviews, approval: refused },
} as unknown as AccountSummary;

/** The invest page of an investor holding these accounts, each checked as the BFF checks it. */
function renderInvestPageOf(accounts: AccountSummary[]) {
  answerInvestReads(accounts);
  return renderInvestPage();
}

describe('the invest page when the checks block accounts', () => {
  it('says no account can invest yet, why for each, and links each account, with no form', async () => {
    renderInvestPageOf([blockedKyc, blockedApproval]);
    expect(
      await screen.findByRole('heading', { level: 2, name: 'No account can invest yet' }),
    ).toBeTruthy();
    const trust = screen.getByRole('region', { name: 'Why Quinn Trust cannot invest' });
    expect(trust.textContent).toContain('Identity (KYC):');
    expect(trust.textContent).toContain('Anti-money-laundering (AML):');
    expect(trust.textContent).not.toContain('Account approval');
    const ira = screen.getByRole('region', { name: 'Why Quinn IRA cannot invest' });
    expect(ira.textContent).toContain(
      'Account approval: Not approved: this account cannot invest.',
    );
    expect(
      screen
        .getByRole('link', {
          name: `See the reviews and details of ${isolate('Quinn Trust')} (A7654321)`,
        })
        .getAttribute('href'),
    ).toBe('/accounts/A7654321');
    expect(
      screen
        .getByRole('link', {
          name: `See the reviews and details of ${isolate('Quinn IRA')} (A5550001)`,
        })
        .getAttribute('href'),
    ).toBe('/accounts/A5550001');
    expect(screen.queryByLabelText(/^Units/)).toBeNull();
    expect(screen.queryByLabelText(/Invest from account/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Review investment' })).toBeNull();
  });

  it('offers only the accounts that can invest, and says which cannot', async () => {
    renderInvestPageOf([blockedKyc, account]);
    const select = (await screen.findByLabelText(/Invest from account/)) as HTMLSelectElement;
    const offered = [...select.options].map((option) => option.value).filter(Boolean);
    expect(offered).toEqual([account.id]);
    // The one account that can invest is chosen already.
    expect(select.value).toBe(account.id);
    expect(
      screen.getByText(/Only the accounts that can invest are offered below\. Quinn Trust cannot/),
    ).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'No account can invest yet' })).toBeNull();
  });
});

// The platform did not answer for this account when the list was read: it has no name yet.
const none = { status: null, date: null };
const unreadable = {
  id: 'A1040346',
  name: null,
  type: null,
  reviews: { kyc: none, aml: none, accreditation: none, approval: none },
  loaded: false,
} as unknown as AccountSummary;
// The same account read once the platform answers again: its AML review is not approved.
const jordan = {
  ...account,
  id: 'A1040346',
  name: 'Jordan Ellis',
  reviews: { ...account.reviews, aml: refused },
} as unknown as AccountSummary;
const platformDown = () =>
  errorAnswer(503, {
    code: 'upstream_unavailable',
    message: 'The platform did not answer. Try again in a moment.',
  });

/**
 * The invest page of an investor holding Quinn Trust (blocked) and A1040346, whose account and
 * checks the platform does not answer while `down.now` holds; then it answers with Jordan Ellis.
 */
function renderWithOneUnreadable(down: { now: boolean }) {
  const preflightsRead: string[] = [];
  const accountsRead: string[] = [];
  answerInvestReads([blockedKyc, jordan], {
    list: () => {
      accountsRead.push(down.now ? 'down' : 'up');
      return HttpResponse.json({ accounts: [blockedKyc, down.now ? unreadable : jordan] });
    },
    preflight: (id) => {
      preflightsRead.push(id ?? '');
      if (id === jordan.id && down.now) return platformDown();
      return checksOf(id === jordan.id ? jordan : blockedKyc, offering);
    },
  });
  renderInvestPage();
  return { preflightsRead, accountsRead };
}

describe('the invest page when the checks of an account could not be read', () => {
  it('offers it marked "could not be checked", chooses it for nobody, and says so in words that stay true', async () => {
    const user = userEvent.setup({ delay: null });
    let select: HTMLSelectElement | undefined;
    await onFakeClock(async () => {
      renderWithOneUnreadable({ now: true });
      // The query client tries a failed read twice more before the page says it failed.
      select = (await screen.findByLabelText(
        /Invest from account/,
        {},
        { timeout: 10_000 },
      )) as HTMLSelectElement;
    });
    const panel = screen.getByRole('region', { name: 'Checks for Account A1040346' });
    expect(panel.textContent).toContain('The checks for Account A1040346 could not be loaded');
    expect(panel.textContent).not.toContain('A1040346 (A1040346)');

    const field = select!;
    expect([...field.options].map((option) => option.textContent)).toEqual([
      'Choose an account',
      'Account A1040346: could not be checked',
    ]);
    // Nothing says it can invest: the person chooses it, knowing so.
    expect(field.value).toBe('');
    const info = screen.getByText(/are offered below/);
    expect(info.textContent).not.toContain('Only the accounts that can invest are offered below.');
    expect(info.textContent).toContain(
      'Only the accounts that can invest, or whose checks could not be loaded, are offered below.',
    );
    expect(info.textContent).toContain('Quinn Trust cannot invest yet');
    expect(info.textContent).toContain('The checks for Account A1040346 could not be loaded');
    expect(info.textContent).toContain('the platform checks it again when you confirm');

    await user.selectOptions(field, jordan.id);
    expect(descriptionOf(field)).toMatch(
      /could not be loaded, so it is not known whether it can invest\. The platform checks it again when you confirm/,
    );
  });

  it('a confirm the BFF refuses keeps its outcome on screen, whatever the checks say next', async () => {
    const down = { now: true };
    const message =
      'Account A1040346 cannot invest. Not approved: Anti-money-laundering (AML). This cannot be changed here: contact support to find out why and what you can provide to be reviewed again.';
    mockPost(
      '/api/offerings/7/investments',
      errorAnswer(409, {
        code: 'conflict',
        message: `${message} Nothing was submitted.`,
        submitted: 'no',
        refusal: 'state',
        fields: [{ field: 'accountId', message }],
        reference: 'MR-7K2Q9ZX4AB',
      }),
    );
    const user = userEvent.setup({ delay: null });
    let read: ReturnType<typeof renderWithOneUnreadable> | undefined;
    await onFakeClock(async () => {
      read = renderWithOneUnreadable(down);
      await screen.findByLabelText(/Invest from account/, {}, { timeout: 10_000 });
    });
    await user.selectOptions(screen.getByLabelText(/Invest from account/), jordan.id);
    await fill(user, screen.getByLabelText(/^Units/), '20');
    await user.selectOptions(screen.getByLabelText(/Payment method/), 'wire');
    const confirm = () => screen.getByRole('button', { name: 'Confirm investment' });
    await openReviewAndArm(
      () => user.click(screen.getByRole('button', { name: 'Review investment' })),
      confirm,
    );
    const review = screen.getByRole('region', { name: 'Review your investment' });
    expect(within(review).getByText('Account A1040346')).toBeTruthy();

    // The platform answers again: the checks read after the confirm say no account can invest.
    down.now = false;
    const checksBefore = read!.preflightsRead.length;
    await user.click(confirm());
    const outcome = (await screen.findByText('Not submitted')).closest('[role="alert"]')!;
    await waitFor(() => expect(read!.preflightsRead.length).toBeGreaterThan(checksBefore));
    // The platform answers again: the checks now block the account, which gets its name back,
    // here as everywhere.
    await waitFor(() =>
      expect(screen.getByRole('region', { name: 'Checks for Jordan Ellis' }).textContent).toContain(
        `${isolate('Jordan Ellis')} (A1040346): cannot invest`,
      ),
    );
    // Still there, with what was refused, that nothing was sent, and our reference.
    expect(outcome.isConnected).toBe(true);
    expect(outcome.textContent).toContain(`${message} Nothing was submitted.`);
    expect(outcome.textContent).toContain('Our reference: MR-7K2Q9ZX4AB.');
    const field = screen.getByLabelText(/Invest from account/) as HTMLSelectElement;
    expect(field.value).toBe(jordan.id);
    expect(field.selectedOptions[0].textContent).toBe(
      `${isolate('Jordan Ellis')} (A1040346): cannot invest`,
    );
    expect(descriptionOf(field)).toBe(message);
    expect(screen.queryByRole('heading', { name: 'No account can invest yet' })).toBeNull();
    expect(document.body.textContent).not.toContain('A1040346 (A1040346)');
  });

  it('an account the list could not name is "Account <id>" when no account can invest, then named once it is read', async () => {
    const down = { now: true };
    let read: ReturnType<typeof renderWithOneUnreadable> | undefined;
    await onFakeClock(async () => {
      read = renderWithOneUnreadable(down);
      await screen.findByLabelText(/Invest from account/, {}, { timeout: 10_000 });
    });
    // The platform answers again; the person asks for the checks again ("Try again").
    down.now = false;
    const panel = screen.getByRole('region', { name: 'Checks for Account A1040346' });
    await userEvent
      .setup({ delay: null })
      .click(within(panel).getByRole('button', { name: /Try again/ }));
    expect(
      await screen.findByRole('heading', { level: 2, name: 'No account can invest yet' }),
    ).toBeTruthy();
    expect(document.body.textContent).not.toContain('A1040346 (A1040346)');
    // The list is read again for the name the platform now gives.
    expect(
      await screen.findByRole('region', { name: 'Why Jordan Ellis cannot invest' }),
    ).toBeTruthy();
    expect(
      screen.getByRole('link', {
        name: `See the reviews and details of ${isolate('Jordan Ellis')} (A1040346)`,
      }),
    ).toBeTruthy();
    expect(read!.accountsRead).toEqual(['down', 'up']);
  });
});

describe('the invest page after a confirm, when the checks read next say the account cannot invest', () => {
  it('an unknown outcome stays on screen, with the checks as they now are', async () => {
    const title = 'We do not know whether this was submitted';
    const after = { confirmed: false, checksRead: 0 };
    bff.use(
      http.post('/api/offerings/7/investments', () => {
        after.confirmed = true;
        return errorAnswer(504, {
          code: 'upstream_timeout',
          message: 'The platform did not answer in time.',
          submitted: 'unknown',
          reference: 'MR-7K2Q9ZX4AB',
        });
      }),
    );
    answerInvestReads([account], {
      preflight: () => {
        if (after.confirmed) after.checksRead += 1;
        // After the investment the account's approval is withdrawn: no account can invest.
        const now = after.confirmed
          ? { ...account, reviews: { ...account.reviews, approval: refused } }
          : account;
        return checksOf(now, offering);
      },
    });
    renderInvestPage();
    const user = userEvent.setup({ delay: null });
    await confirmInvestment(user, '20');
    expect(await screen.findByText(title)).toBeTruthy();
    // The checks were read again after the answer came, and say the account cannot invest.
    await waitFor(() => expect(after.checksRead).toBeGreaterThan(0));
    await waitFor(() =>
      expect(screen.getByRole('region', { name: 'Checks for Avery Quinn' }).textContent).toContain(
        'cannot invest',
      ),
    );
    const warning = screen.getByText(title).closest('[role="alert"]')!;
    expect(warning.textContent).toContain('MR-7K2Q9ZX4AB');
    expect(screen.queryByRole('heading', { name: 'No account can invest yet' })).toBeNull();
  });
});

describe('the invest page of an offering whose minimum can no longer be bought', () => {
  it('says once that the offering takes no new investment, blaming no account, with no form', async () => {
    // 5 units left at $50, and a minimum of $500: 10 units.
    const fiveLeft = {
      ...offering,
      unitPrice: '50',
      minAmount: '500',
      maxAmount: '100000',
      remainingShares: '5',
    };
    answerInvestReads([account], { offering: fiveLeft });
    renderInvestPage();
    expect(
      await screen.findByText(
        'This offering cannot take a new investment: only 5 units are left, fewer than the 10 units its minimum investment of $500.00 needs.',
      ),
    ).toBeTruthy();
    expect(screen.queryByText(/No account can invest yet/)).toBeNull();
    expect(screen.queryByRole('link', { name: /See the reviews and details/ })).toBeNull();
    expect(screen.queryByLabelText(/^Units/)).toBeNull();
  });
});

describe('the invest page while the linked bank cannot be read (preflight achAvailable null)', () => {
  it('does not offer ACH, says why, starts on wire, and Try again offers ACH once the bank is read', async () => {
    const bank = { readable: false };
    const checksRead: string[] = [];
    answerInvestReads([account], {
      preflight: () => {
        checksRead.push(bank.readable ? 'bank read' : 'bank unreadable');
        // The BFF's checklist: null is a linked bank it could not read (contract/preflight).
        return HttpResponse.json(
          computePreflight(
            account as never,
            offering,
            '2026-07-17',
            null,
            bank.readable ? linkedBank('Mesa Credit Union', '••••0771') : null,
          ),
        );
      },
    });
    renderInvestPage();
    const method = (await screen.findByLabelText(/Payment method/)) as HTMLSelectElement;
    const ach = () => [...method.options].find((option) => option.value === 'ach')!;
    // As the disbursement page: ACH is shown, not offered, and the form starts on wire.
    expect(ach().disabled).toBe(true);
    expect(ach().textContent).toBe('ACH bank transfer: linked bank could not be checked');
    await waitFor(() => expect(method.value).toBe('wire'));
    expect(descriptionOf(method)).toContain(
      'ACH is not available right now: whether a bank account is linked to this account could not be checked, and ACH is paid from a linked one. Pay by wire or check, or check the bank again.',
    );

    bank.readable = true;
    const user = userEvent.setup({ delay: null });
    const retry = screen.getByRole('button', { name: 'Try again' });
    await user.click(retry);
    await waitFor(() => expect(ach().disabled).toBe(false));
    expect(checksRead).toEqual(['bank unreadable', 'bank read']);
    expect(ach().textContent).toBe('ACH bank transfer');
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    // The button went with the notice: focus is on the choice it decided, not the page's top.
    await waitFor(() => expect(document.activeElement).toBe(method));
  });

  it('says who must act, with no Try again, where the platform refused the portal’s own access', async () => {
    const access =
      'The portal’s access to the platform is not set up correctly. Please contact support.';
    answerInvestReads([account], {
      preflight: () =>
        HttpResponse.json({
          ...computePreflight(account as never, offering, '2026-07-17', null, null),
          achError: { code: 'upstream_misconfigured', message: access, requestId: 'req-103' },
        }),
    });
    renderInvestPage();
    const method = (await screen.findByLabelText(/Payment method/)) as HTMLSelectElement;
    await waitFor(() => expect(method.value).toBe('wire'));
    expect(descriptionOf(method)).toBe(
      `ACH is not available: whether a bank account is linked to this account could not be checked, and ACH is paid from a linked one. ${access} Meanwhile, pay by wire or check.`,
    );
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });
});
