// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import type { AccountView } from '../../../../../../contract/account-views';
import type { LinkedBankResult } from '../../../../../../contract/cash';
import type { CustodyAccountResult } from '../../../../../../contract/custody-views';
import type { MoneyRequestView } from '../../../../../../contract/money-requests';
import type { Session } from '../../../../../../contract/session';
import { moneyRequestView } from '../../../../../testing/money-request';
import { accountView } from '../../../../../testing/account';
import { bff, errorAnswer, startMockBff } from '../../../../../testing/mock-bff';
import { onFakeClock, renderWithProviders } from '../../../../../testing/render';
import AccountRoute from '../account';
import { sessionOf } from '../../../../../testing/session';
import { approvedCustody, linkedBank, noBalanceSentence } from '../../../../../testing/custody';

startMockBff();
afterEach(() => {
  cleanup();
  bff.events.removeAllListeners();
});

const review = { status: 'approved', date: null };
const account: AccountView = accountView({
  id: 'A1234567',
  reviews: {
    kyc: review,
    aml: review,
    accreditation: { ...review },
    approval: { ...review, principal: null },
  },
});

const session = (role: Session['user']['role']): Session =>
  sessionOf({ role, accountIds: [account.id] });

const opened = approvedCustody(account.id, 'CR100001');
const notOpened: CustodyAccountResult = {
  state: 'unavailable',
  reason: 'not_opened',
  message: 'This account has no custody account yet.',
};
const linked = linkedBank('Prairie National Bank', '••••1592');
const noBank: LinkedBankResult = { state: 'none', message: 'No bank account is linked.' };

function renderAccountPage(
  custody: CustodyAccountResult | 'fails',
  bank: LinkedBankResult,
  iraRequests: MoneyRequestView[] | 'fails' = [],
) {
  bff.use(
    http.get('/api/accounts/A1234567/money-requests', ({ request }) => {
      if (new URL(request.url).searchParams.get('kind') !== 'ira_supplement') {
        return errorAnswer(400, { code: 'validation', message: 'Only IRA requests are asked.' });
      }
      if (iraRequests === 'fails') {
        return errorAnswer(500, { code: 'internal', message: 'Something went wrong.' });
      }
      return HttpResponse.json({
        requests: iraRequests,
        total: iraRequests.length,
        offset: 0,
        limit: 200,
      });
    }),
    http.get('/api/session', () => HttpResponse.json(session('investor'))),
    http.get('/api/accounts/A1234567', () => HttpResponse.json({ account })),
    http.get('/api/accounts/A1234567/custody-account', () =>
      custody === 'fails'
        ? errorAnswer(503, {
            code: 'upstream_unavailable',
            message: 'The service is unavailable right now. Please try again in a moment.',
          })
        : HttpResponse.json(custody),
    ),
    http.get('/api/accounts/A1234567/linked-bank', () => HttpResponse.json(bank)),
  );
  return renderWithProviders(
    <Routes>
      <Route path="/accounts/:accountId" element={<AccountRoute />} />
    </Routes>,
    { path: '/accounts/A1234567' },
  );
}

/** The page's actions: the links of its header, outside its sections and breadcrumbs (which link too). */
const pageActions = () =>
  screen.getAllByRole('link').filter((link) => !link.closest('[role="region"], section, nav'));

describe("the account page's title", () => {
  it('names the person in its heading, but only the account id in the tab and the browser history', async () => {
    renderAccountPage(opened, linked);
    expect(await screen.findByRole('heading', { level: 1, name: account.name! })).toBeTruthy();
    expect(document.title).toBe('Account A1234567 · Transact Portal');
  });
});

describe("the account page's actions", () => {
  it('offers a deposit, leading to the deposit form, when a bank is linked and a custody account is open; no IRA, which it has', async () => {
    renderAccountPage(opened, linked);
    const deposit = await screen.findByRole('link', { name: 'Deposit' }, { timeout: 5000 });
    expect(deposit.getAttribute('href')).toBe(
      '/accounts/A1234567/money#section-deposit-into-the-custody-account',
    );
    expect(pageActions().map((link) => link.textContent)).toEqual([
      'Request a disbursement',
      'Deposit',
      'Money and timeline',
    ]);
  });

  it('still offers a deposit when only the custody account could not be read, as the deposit form takes one then', async () => {
    renderAccountPage('fails', linked);
    await onFakeClock(async () => {
      await screen.findByText('The custody account could not be loaded', {}, { timeout: 30_000 });
    });
    expect(screen.getByRole('link', { name: 'Deposit' }).getAttribute('href')).toBe(
      '/accounts/A1234567/money#section-deposit-into-the-custody-account',
    );
    // No "Open an IRA" then (it was offered before): the account may well have a custody account,
    // and an IRA request asks for one (§4.7, §4.15). The custody section says it could not be
    // loaded; the action comes once its read answers that there is none.
    expect(pageActions().map((link) => link.textContent)).toEqual([
      'Request a disbursement',
      'Deposit',
      'Money and timeline',
    ]);
  });

  it.each([
    ['no bank is linked', opened, noBank],
    ['no custody account is open', notOpened, linked],
  ])('offers no deposit when %s', async (_, custody, bank) => {
    const requests: string[] = [];
    bff.events.on('response:mocked', ({ request }) => requests.push(new URL(request.url).pathname));
    renderAccountPage(custody, bank);
    await screen.findByRole('link', { name: 'Money and timeline' }, { timeout: 5000 });
    // Both answers are in: the action is left out, not merely late.
    await waitFor(() =>
      expect(requests).toEqual(
        expect.arrayContaining([
          '/api/accounts/A1234567/custody-account',
          '/api/accounts/A1234567/linked-bank',
        ]),
      ),
    );
    expect(screen.queryByRole('link', { name: 'Deposit' })).toBeNull();
  });
});

describe('"Open an IRA" on the account page (§4.7, §4.15)', () => {
  /** The page's actions once its custody section shows `shown` (the custody account's read). */
  async function iraActionOnceShown(custody: CustodyAccountResult, shown: string) {
    renderAccountPage(custody, linked);
    await screen.findByText(shown, {}, { timeout: 5000 });
    expect(pageActions().map((link) => link.textContent)).toContain('Money and timeline');
    return screen.queryByRole('link', { name: 'Open an IRA' });
  }

  it('is not offered for an account whose custody account is approved: its section shows it', async () => {
    expect(await iraActionOnceShown(opened, 'CR100001')).toBeNull();
  });

  it('is not offered for one whose custody account was requested and is not approved yet', async () => {
    const requested = approvedCustody('A1234567', 'CR100002');
    if (requested.state === 'available') requested.custodyAccount.status = 'pending';
    expect(await iraActionOnceShown(requested, 'CR100002')).toBeNull();
  });

  it.each(['permission', 'configuration'] as const)(
    'is not offered while whether there is one is unknown (its read refused: %s)',
    async (reason) => {
      const unknown: CustodyAccountResult = {
        state: 'unavailable',
        reason,
        message: 'The custody account cannot be read.',
      };
      expect(await iraActionOnceShown(unknown, 'Custody details unavailable')).toBeNull();
    },
  );

  it('is offered, leading to the IRA page, for an account with no custody account yet', async () => {
    const link = await iraActionOnceShown(notOpened, 'No custody account yet');
    expect(link?.getAttribute('href')).toBe('/accounts/A1234567/ira');
  });
});

describe('an account without a custody account (§4.5, §4.7)', () => {
  it('offers no disbursement, which would have nothing to send from: opening an IRA leads', async () => {
    renderAccountPage(notOpened, linked);
    await screen.findByText('No custody account yet', {}, { timeout: 5000 });
    const actions = pageActions();
    expect(actions.map((link) => link.textContent)).toEqual(['Open an IRA', 'Money and timeline']);
    expect(actions[0].className).toContain('MuiButton-contained');
    expect(actions[0].getAttribute('href')).toBe('/accounts/A1234567/ira');
  });
});

describe('an account whose IRA request stands (§4.7)', () => {
  const iraRequest = (outcome: MoneyRequestView['outcome']) =>
    moneyRequestView({ accountId: 'A1234567', kind: 'ira_supplement', amount: null, outcome });

  // Accepted by the platform, the request stands too: its custody account waits for approval.
  it.each(['pending', 'unknown', 'created'] as const)(
    'names the request in progress (%s) instead of offering to open one, leading to the IRA page that shows it',
    async (outcome) => {
      renderAccountPage(notOpened, linked, [iraRequest(outcome)]);
      const action = await screen.findByRole(
        'link',
        { name: 'IRA request in progress' },
        { timeout: 5000 },
      );
      expect(action.getAttribute('href')).toBe('/accounts/A1234567/ira');
      expect(action.className).toContain('MuiButton-contained');
      expect(screen.queryByRole('link', { name: 'Open an IRA' })).toBeNull();
    },
  );

  it.each([
    ['one the platform refused', [iraRequest('refused')]],
    ['one that never reached it', [iraRequest('not_sent')]],
  ])('offers to open an IRA after %s', async (_, requests) => {
    const asked: string[] = [];
    bff.events.on('response:mocked', ({ request }) => asked.push(new URL(request.url).pathname));
    renderAccountPage(notOpened, linked, requests);
    await screen.findByRole('link', { name: 'Open an IRA' }, { timeout: 5000 });
    await waitFor(() => expect(asked).toContain('/api/accounts/A1234567/money-requests'));
    expect(screen.getByRole('link', { name: 'Open an IRA' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'IRA request in progress' })).toBeNull();
  });

  it('keeps "Open an IRA" when the requests cannot be read: the IRA page reads them again', async () => {
    const asked: string[] = [];
    bff.events.on('response:mocked', ({ request }) => asked.push(new URL(request.url).pathname));
    renderAccountPage(notOpened, linked, 'fails');
    await screen.findByText('No custody account yet', {}, { timeout: 5000 });
    await waitFor(() => expect(asked).toContain('/api/accounts/A1234567/money-requests'));
    expect(screen.getByRole('link', { name: 'Open an IRA' }).getAttribute('href')).toBe(
      '/accounts/A1234567/ira',
    );
  });
});

describe('a custody account an IRA request from the portal asked for (§4.7, §2.11)', () => {
  it('names that request by our reference beside the platform’s request id, leading to the timeline', async () => {
    const pending = approvedCustody(account.id, 'CR835772');
    if (pending.state === 'available')
      Object.assign(pending.custodyAccount, { status: 'pending', approvedAt: null });
    const accepted = moneyRequestView({
      accountId: 'A1234567',
      kind: 'ira_supplement',
      amount: null,
      outcome: 'created',
      reference: 'MR-0YM03E2YFC',
      createdAt: '2026-11-30T18:05:00.000Z',
    });
    renderAccountPage(pending, linked, [accepted]);
    const section = within(await screen.findByRole('region', { name: 'Custody account' }));
    const request = await section.findByRole('link', { name: 'MR-0YM03E2YFC' }, { timeout: 5000 });
    expect(request.getAttribute('href')).toBe('/accounts/A1234567/money');
    expect(
      section.getByText('Requested from the portal', { selector: 'dt' }).nextElementSibling
        ?.textContent,
    ).toMatch(/^IRA request MR-0YM03E2YFC, Nov 30, 2026/);
    expect(section.getByText('CR835772')).toBeTruthy();
  });

  it('names none when the portal sent none (it was opened at the platform)', async () => {
    renderAccountPage(approvedCustody(account.id, 'CR100009'), linked, []);
    const section = within(await screen.findByRole('region', { name: 'Custody account' }));
    await section.findByText('CR100009', {}, { timeout: 5000 });
    expect(section.queryByText('Requested from the portal')).toBeNull();
  });
});

describe("the custody account's approval date (§2.12)", () => {
  /** The value beside "Approved on" in the Custody account section, once it shows `requestId`. */
  async function approvedOn(status: string, approvedAt: string | null, requestId: string) {
    const custody = approvedCustody(account.id, requestId);
    if (custody.state === 'available')
      Object.assign(custody.custodyAccount, { status, approvedAt });
    renderAccountPage(custody, linked);
    await screen.findByText(requestId, {}, { timeout: 5000 });
    const section = screen.getByRole('region', { name: 'Custody account' });
    return within(section).getByText('Approved on', { selector: 'dt' }).nextElementSibling
      ?.textContent;
  }

  // The label and its value agree with the status beside them: no "Approved" over "Not approved".
  it('reads "Not yet" while the custody account is pending', async () => {
    expect(await approvedOn('pending', null, 'CR100003')).toBe('Not yet');
  });

  it('gives the date once approved, and says when the platform left the date out', async () => {
    expect(await approvedOn('approved', null, 'CR100004')).toBe('Not reported');
    cleanup();
    expect(await approvedOn('approved', '2026-01-21T15:00:00', 'CR100005')).toMatch(
      /^Jan 21, 2026/,
    );
  });
});

describe("the custody account's balance, which the platform does not report (§2.12, §4.3)", () => {
  it('is said to be not reported in the Custody account section, with where to follow the money', async () => {
    renderAccountPage(opened, linked);
    await screen.findByText('CR100001', {}, { timeout: 5000 });
    const section = screen.getByRole('region', { name: 'Custody account' });
    const { sentence, links } = noBalanceSentence(section);
    expect(sentence.textContent).toBe(
      'The platform does not report a custody balance, so none is shown. Follow the money in and out under Fund moves and Money and timeline.',
    );
    expect(links).toEqual([
      ['Fund moves', '/accounts/A1234567/fund-moves'],
      ['Money and timeline', '/accounts/A1234567/money'],
    ]);
  });
});
