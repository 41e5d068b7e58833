// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import type { CustodyAccountResult } from '../../../../../../contract/custody-views';
import { accountView, mainStreet } from '../../../../../testing/account';
import { answerAccountReads, renderAccountPage } from '../../../../../testing/account-pages';
import { approvedCustody, notOpenedCustody } from '../../../../../testing/custody';
import type { MoneyRequestView } from '../../../../../../contract/money-requests';
import { bff, errorAnswer, mockPost, startMockBff } from '../../../../../testing/mock-bff';
import { moneyRequestView } from '../../../../../testing/money-request';
import { openReviewAndArm } from '../../../../../testing/render';

startMockBff();
afterEach(cleanup);

const accountId = 'A1042422';

/** The IRA page of an account whose custody account reads as `custody.result` (§4.15). */
function renderIraPage(
  custody: { result: CustodyAccountResult },
  iraRequests: MoneyRequestView[] = [],
) {
  answerAccountReads(accountId, {
    profile: () =>
      HttpResponse.json({ account: accountView({ id: accountId, address: mainStreet }) }),
    custody: () => HttpResponse.json(custody.result),
  });
  bff.use(
    http.get(`/api/accounts/${accountId}/money-requests`, () =>
      HttpResponse.json({
        requests: iraRequests,
        total: iraRequests.length,
        offset: 0,
        limit: 200,
      }),
    ),
  );
  renderAccountPage(`/accounts/${accountId}/ira`);
}

const alreadyOpen = () =>
  screen.findByRole('heading', {
    level: 2,
    name: 'This account already has a custody account',
  });

describe('the IRA page of an account whose custody account is already there (§4.7, §4.15)', () => {
  it('says so on arrival, with where to see it, and offers no form', async () => {
    renderIraPage({ result: approvedCustody(accountId, 'CR880000') });
    expect(await alreadyOpen()).toBeTruthy();
    expect(
      screen
        .getByRole('link', { name: "See the custody account on the account's page" })
        .getAttribute('href'),
    ).toBe(`/accounts/${accountId}#section-custody-account`);
    expect(screen.queryByRole('button', { name: 'Continue' })).toBeNull();
    // The page no longer speaks of answers to submit.
    expect(
      screen.getByText(
        "A custodial (IRA) account is requested for an account without a custody account. This account's custody account is below.",
      ),
    ).toBeTruthy();
    // The custody account record (§2.12) does not say it is an IRA, and the account may be of any
    // type: what it has is called a custody account, and why there is nothing to request is said.
    expect(
      screen.getByText(
        'Its custody account is approved. An IRA custody account is requested for an account without one, and an account has one custody account, so there is nothing to request here. Deposits, disbursements and fund moves use the custody account it has.',
      ),
    ).toBeTruthy();
    expect(screen.queryByText(/its IRA/)).toBeNull();
    expect(screen.queryByText(/Your answers are kept/)).toBeNull();
  });

  it('approved while the form was filled in: the refusal (409) is followed by what the account has, its heading taking the focus', async () => {
    const custody = { result: notOpenedCustody };
    mockPost(
      `/api/accounts/${accountId}/ira-supplement`,
      errorAnswer(409, {
        code: 'conflict',
        message:
          "This account already has a custody account (request ID CR880000, approved), and an account has one custody account, so a second IRA request is not sent. See it under Custody account on the account's page.",
        nextStep: "See it under Custody account on the account's page.",
        submitted: 'no',
        refusal: 'state',
      }),
    );
    renderIraPage(custody);
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByLabelText('Married', { exact: true }));
    await waitFor(() =>
      expect(screen.getByLabelText(/^Address line 1/)).toHaveProperty('value', '12 Main St'),
    );
    for (const step of ['Investment manager and proxy voting', 'Funding']) {
      await user.click(screen.getByRole('button', { name: 'Continue' }));
      await screen.findByRole('heading', { level: 2, name: step });
    }
    const submit = () => screen.getByRole('button', { name: 'Submit IRA request' });
    await openReviewAndArm(
      () => user.click(screen.getByRole('button', { name: 'Continue' })),
      submit,
    );

    custody.result = approvedCustody(accountId, 'CR880000');
    await user.click(submit());
    const title = await alreadyOpen();
    await waitFor(() => expect(document.activeElement).toBe(title));
    expect(screen.getByText('CR880000')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Submit IRA request' })).toBeNull();
  });
});

describe('the IRA page of an account whose IRA request stands (§4.7)', () => {
  it('says in its description that the request is below, as it is, not a custody account', async () => {
    // Accepted by the platform: its custody account is there too, pending approval.
    const requested = approvedCustody(accountId, 'CR880001');
    if (requested.state === 'available') requested.custodyAccount.status = 'pending';
    renderIraPage({ result: requested }, [
      moneyRequestView({ accountId, kind: 'ira_supplement', amount: null, outcome: 'created' }),
    ]);
    expect(
      await screen.findByRole('heading', {
        level: 2,
        name: "This account's IRA request is in progress",
      }),
    ).toBeTruthy();
    expect(screen.getByText(/^Our reference/)).toBeTruthy();
    expect(
      screen.getByText(
        "This account's IRA request is below. A new one is not offered while it is in progress.",
      ),
    ).toBeTruthy();
    expect(screen.queryByText(/custody account is below/)).toBeNull();
  });

  it('one the platform answered by refusing the portal’s access says so once, with the lock in one sentence', async () => {
    const none = { state: 'unavailable', reason: 'not_opened', message: 'None yet.' } as const;
    renderIraPage({ result: none }, [
      moneyRequestView({
        accountId,
        kind: 'ira_supplement',
        amount: null,
        outcome: 'unknown',
        unknownBecause: 'access_refused',
      }),
    ]);
    const waiting = await screen.findByRole('region', {
      name: "This account's IRA request is in progress",
    });
    expect(
      within(waiting).getByText(
        "The form is not offered again while this account's IRA request below stands: a second one would ask for the same custodial account twice.",
      ),
    ).toBeTruthy();
    expect(
      within(waiting).getByText(
        'Outcome unknown: The platform refused the portal’s access, which the portal’s operators must fix, so we cannot tell whether this reached it.',
      ),
    ).toBeTruthy();
    expect(within(waiting).queryByText(/no answer came back/)).toBeNull();
  });
});
