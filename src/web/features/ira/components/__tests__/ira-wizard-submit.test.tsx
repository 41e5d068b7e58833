// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MoneyRequestView } from '../../../../../contract/money-requests';
import { bff, errorAnswer, mockPost, okAnswer, startMockBff } from '../../../../testing/mock-bff';
import { moneyRequestView } from '../../../../testing/money-request';
import {
  descriptionOf,
  fill,
  openReviewAndArm,
  renderWithProviders,
} from '../../../../testing/render';
import { useIraRequests } from '../../api/get-ira-requests';
import { IraWizard } from '../ira-wizard';
import { custodyRead, notOpenedCustody } from '../../../../testing/custody';

startMockBff();
afterEach(cleanup);

/** The account's IRA requests in the register, as the BFF lists them; none at first. */
const register: { requests: MoneyRequestView[] } = { requests: [] };
beforeEach(() => {
  register.requests = [];
  bff.use(
    http.get('/api/accounts/A1234567/money-requests', () =>
      HttpResponse.json({
        requests: register.requests,
        total: register.requests.length,
        offset: 0,
        limit: 200,
      }),
    ),
  );
});

/** What the wizard's list of the account's IRA requests holds, as the wizard reads it. */
function RegisterRead() {
  const requests = useIraRequests('A1234567');
  return (
    <span data-testid="register-read" hidden>
      {requests.isFetching ? 'reading' : `${requests.data?.requests.length ?? 0} listed`}
    </span>
  );
}

const endpoint = '/api/accounts/A1234567/ira-supplement';
/** An IRA request of the account as the register lists it, under our `reference`. */
const iraRequest = (reference: string, outcome: MoneyRequestView['outcome']) =>
  moneyRequestView({
    reference,
    accountId: 'A1234567',
    kind: 'ira_supplement',
    amount: null,
    outcome,
    createdAt: '2026-07-17T16:09:00.000Z',
  });
/** The account has no custody account yet: an IRA may be requested (§4.7). */
const noCustodyAccount = {
  custody: custodyRead(notOpenedCustody),
  custodyHref: '/accounts/A1234567#section-custody-account',
};
const address = {
  line1: '1 Main St',
  line2: null,
  city: 'Denver',
  state: 'CO',
  zip: '80202',
  country: 'USA',
};
const receipt = {
  reference: 'IRA-4Q7ZK2',
  submittedAt: '2026-07-17T16:09:00.000Z',
  accountId: 'A1234567',
  maritalStatus: 'married',
  mailingAddress: {
    line1: '1 Main St',
    line2: null,
    city: 'Denver',
    state: 'CO',
    zipCode: '80202',
    country: 'US',
  },
  investmentManager: 'not_now',
  proxyVoting: 'receive_all',
  otherServices: null,
  contributionMethod: 'transfer',
  contributionTaxYear: null,
  internationalAccountNumberMasked: null,
  holdings: [
    {
      firmName: 'Old Brokerage',
      country: null,
      accountName: null,
      accountNumberMasked: '••••7766',
    },
  ],
};

const submit = () => screen.getByRole('button', { name: 'Submit IRA request' });
const heading = () => screen.getByRole('heading', { level: 2 });

async function walkToReview(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Continue' }));
  const married = screen.getByLabelText('Married', { exact: true });
  expect(await screen.findByText('Choose your marital status')).toBeTruthy();
  // Marked invalid as every other field is: the group, and the choice a screen reader lands on.
  expect(
    screen.getByRole('radiogroup', { name: /^Marital status/ }).getAttribute('aria-invalid'),
  ).toBe('true');
  expect(married.getAttribute('aria-invalid')).toBe('true');
  await user.click(married);
  // The choice is checked again as it changes (asynchronously, by the schema's resolver).
  await waitFor(() => expect(married.getAttribute('aria-invalid')).toBeNull());
  await user.click(screen.getByRole('button', { name: 'Continue' }));

  await waitFor(() => expect(heading().textContent).toBe('Investment manager and proxy voting'));
  await waitFor(() => expect(document.activeElement).toBe(heading()));
  await user.click(screen.getByLabelText('No appointment now'));
  await user.click(screen.getByLabelText('Send me all proxy materials'));
  await user.click(screen.getByRole('button', { name: 'Continue' }));

  await waitFor(() => expect(heading().textContent).toBe('Funding'));
  await user.click(screen.getByLabelText('Transfer from another IRA'));
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  // A transfer moves assets held elsewhere: the firm must be named.
  const firm = screen.getByLabelText(/^Firm name/);
  await waitFor(() => expect(descriptionOf(firm)).toMatch(/^Firm name is required for a transfer/));
  await fill(user, firm, 'Old Brokerage');
  await fill(user, screen.getByLabelText(/^Account number at that firm/), '99887766');
  await openReviewAndArm(
    () => user.click(screen.getByRole('button', { name: 'Continue' })),
    submit,
  );
  expect(heading().textContent).toBe('Review');
  await waitFor(() => expect(document.activeElement).toBe(heading()));
}

describe('an investor requests an IRA through the BFF (§4.7)', () => {
  it('reviews a U.S. state typed in lower case as the code the platform records (co → CO)', async () => {
    mockPost(endpoint, okAnswer(receipt));
    const user = userEvent.setup({ delay: null });
    renderWithProviders(
      <IraWizard
        accountId="A1234567"
        address={{ ...address, state: 'co' }}
        {...noCustodyAccount}
      />,
    );
    await walkToReview(user);
    const review = screen.getByRole('heading', { name: 'Review' }).parentElement!;
    expect(review.textContent).toContain('Denver, CO 80202');
  });

  it('steps through the wizard, reviews the request with the bank number masked, and submits it once', async () => {
    const sent = mockPost(endpoint, okAnswer(receipt));
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<IraWizard accountId="A1234567" address={address} {...noCustodyAccount} />);
    await walkToReview(user);

    const review = screen.getByRole('heading', { name: 'Review' }).parentElement!;
    expect(review.textContent).toContain('Married');
    expect(review.textContent).toContain('Old Brokerage');
    expect(review.textContent).toContain('••••7766');
    expect(review.textContent).not.toContain('99887766');

    await user.dblClick(submit());
    const result = await screen.findByRole('status');
    expect(within(result).getByText('IRA request submitted')).toBeTruthy();
    expect(within(result).getByText('IRA-4Q7ZK2')).toBeTruthy();
    // Found again where the account's requests are listed, under the same reference.
    expect(
      within(result)
        .getByRole('link', { name: "See it on the account's timeline" })
        .getAttribute('href'),
    ).toMatch(/^\/accounts\/[^/]+\/money#section-timeline$/);
    expect(within(result).getByText('Our reference')).toBeTruthy();
    // Where the custodian writes, as the platform recorded it.
    expect(within(result).getByText('Mailing address').nextElementSibling?.textContent).toMatch(
      /^1 Main St\nDenver, CO 80202\n\S/,
    );
    await waitFor(() => expect(document.activeElement).toBe(result));
    expect(sent).toHaveLength(1);
    expect(sent[0].idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(sent[0].body).toMatchObject({
      mailing: { maritalStatus: 'married', line1: '1 Main St', state: 'CO', country: 'US' },
      management: { investmentManager: 'not_now', proxyVoting: 'receive_all' },
      funding: {
        contributionMethod: 'transfer',
        currentHolding: { firmName: 'Old Brokerage', accountNumber: '99887766' },
      },
    });
  });

  it('a dropped connection is "we do not know"; sent again with the same key, a refused field leads back to its step', async () => {
    const sent = mockPost(
      endpoint,
      'dropped',
      errorAnswer(400, {
        code: 'bad_request',
        message: 'Some of the information sent was not accepted.',
        submitted: 'no',
        fields: [{ field: 'mailing.zipCode', message: 'ZIP code 80202 is not in CO' }],
      }),
    );
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<IraWizard accountId="A1234567" address={address} {...noCustodyAccount} />);
    await walkToReview(user);
    await user.click(submit());

    const warning = await screen.findByRole('alert');
    expect(warning.textContent).toContain('We do not know whether this was submitted');
    // No answer came, so not to be sent again as a new request: if it reached the portal, the
    // register lists it on the account's requests.
    expect(warning.textContent).toContain('Do not send it again as a new request.');
    expect(
      within(warning)
        .getByRole('link', { name: 'requests and timeline of this account' })
        .getAttribute('href'),
    ).toBe('/accounts/A1234567/money');
    expect(screen.queryByRole('button', { name: /Submit IRA request|Try again/ })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Back' }));
    await openReviewAndArm(
      () => user.click(screen.getByRole('button', { name: 'Continue' })),
      submit,
    );
    await user.click(submit());
    expect(sent.map((request) => request.idempotencyKey)).toEqual([
      sent[0].idempotencyKey,
      sent[0].idempotencyKey,
    ]);

    await waitFor(() => expect(heading().textContent).toBe('Marital status and mailing address'));
    const zip = screen.getByLabelText(/^ZIP or postal code/);
    expect(descriptionOf(zip)).toBe('ZIP code 80202 is not in CO');
    expect(zip.getAttribute('aria-invalid')).toBe('true');
  });

  it('a lost answer from the platform keeps its own outcome on screen, though the register now lists the request', async () => {
    // The BFF records the request before it sends it (our reference), and the platform's answer
    // is lost: the register holds it with an unknown outcome, so it stands from then on.
    const sent = iraRequest('MR-7K2Q9D4XPA', 'unknown');
    mockPost(
      endpoint,
      errorAnswer(503, {
        code: 'upstream_unavailable',
        message: `The service could not be reached. It may or may not have reached the platform. Do not send it again: the portal checks with the platform and settles it. Our reference: ${sent.reference}.`,
        submitted: 'unknown',
        reference: sent.reference,
      }),
    );
    const user = userEvent.setup({ delay: null });
    renderWithProviders(
      <>
        <IraWizard accountId="A1234567" address={address} {...noCustodyAccount} />
        <RegisterRead />
      </>,
    );
    await walkToReview(user);
    register.requests = [sent];
    await user.click(submit());

    const warning = await screen.findByRole('alert');
    // The list is read again once the request settles, and the wizard has it: it stands.
    await waitFor(() => expect(screen.getByTestId('register-read').textContent).toBe('1 listed'));
    expect(heading().textContent).toBe('Review');
    expect(
      screen.queryByRole('region', { name: "This account's IRA request is in progress" }),
    ).toBeNull();
    expect(screen.queryByText(/already/)).toBeNull();
    expect(warning.isConnected).toBe(true);
    expect(warning.textContent).toContain('We do not know whether this was submitted');
    expect(warning.textContent).toContain('It may or may not have reached the platform');
    expect(warning.textContent).toContain('Do not send it again');
    expect(warning.textContent).toContain(sent.reference);
    expect(warning.textContent).toContain(
      'Its outcome appears on the requests and timeline of this account.',
    );
    expect(
      within(warning)
        .getByRole('link', { name: 'requests and timeline of this account' })
        .getAttribute('href'),
    ).toBe('/accounts/A1234567/money');
    expect(screen.queryByRole('button', { name: /Submit IRA request|Try again/ })).toBeNull();
  });

  it('after a lost answer the review stops saying nothing is sent, the steps keep its outcome, and the request then shown takes the focus', async () => {
    const sent = iraRequest('MR-7K2Q9D4XPA', 'unknown');
    mockPost(
      endpoint,
      errorAnswer(504, {
        code: 'upstream_timeout',
        message: `The service did not answer in time. It may or may not have reached the platform. Do not send it again. Our reference: ${sent.reference}.`,
        submitted: 'unknown',
        reference: sent.reference,
      }),
    );
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<IraWizard accountId="A1234567" address={address} {...noCustodyAccount} />);
    await walkToReview(user);
    expect(screen.getByText('Check your answers. Nothing is sent until you submit.')).toBeTruthy();
    register.requests = [sent];
    await user.click(submit());

    await screen.findByRole('alert');
    // It may have been submitted: the review no longer says nothing is sent.
    expect(screen.queryByText(/Nothing is sent until you submit/)).toBeNull();
    expect(screen.getByText('Your answers, as they were sent.')).toBeTruthy();

    // A step back, the answers are there, and so is what became of the request.
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(heading().textContent).toBe('Funding'));
    const notice = screen.getByText(
      'We do not know whether your IRA request was submitted',
    ).parentElement!;
    expect(notice.textContent).toContain('Do not send it again');
    expect(notice.textContent).toContain(sent.reference);
    expect(
      within(notice)
        .getByRole('link', { name: 'requests and timeline of this account' })
        .getAttribute('href'),
    ).toBe('/accounts/A1234567/money');

    // Continue: the register has it, so it is shown in place of the form, and takes the focus.
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const panel = await screen.findByRole('heading', {
      level: 2,
      name: "This account's IRA request is in progress",
    });
    await waitFor(() => expect(document.activeElement).toBe(panel));
    expect(screen.queryByRole('button', { name: 'Submit IRA request' })).toBeNull();
    // Nothing typed is left to lose: leaving the page asks nothing.
    const unload = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(unload);
    expect(unload.defaultPrevented).toBe(false);
  });

  it('asks before a reload or closing the tab loses the answers, from the first answer until the request is answered', async () => {
    mockPost(endpoint, okAnswer(receipt));
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<IraWizard accountId="A1234567" address={address} {...noCustodyAccount} />);
    const leaving = () => {
      const unload = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(unload);
      return unload.defaultPrevented;
    };
    await screen.findByRole('button', { name: 'Continue' });
    // Nothing answered yet: the address filled in from the account is no answer to lose.
    expect(leaving()).toBe(false);
    await fill(user, screen.getByLabelText(/^Address line 2/), 'Unit 4');
    expect(leaving()).toBe(true);

    await walkToReview(user);
    expect(leaving()).toBe(true);
    await user.click(submit());
    await screen.findByText('IRA request submitted');
    // Answered: there is nothing left to lose.
    expect(leaving()).toBe(false);
  });

  it('refused because another tab made one meanwhile (409), it then shows the request that stands', async () => {
    const standing = iraRequest('MR-4Q7ZK2AB9C', 'created');
    const zones: (string | null)[] = [];
    bff.use(
      http.post(endpoint, ({ request }) => {
        zones.push(new URL(request.url).searchParams.get('timeZone'));
        return errorAnswer(409, {
          code: 'conflict',
          message: `An IRA request for this account is already waiting: our reference ${standing.reference}, made Jul 17, 2026, 12:09 PM EDT, accepted (The platform accepted the request.) A second request is not sent while it stands; follow it under that reference on the account's requests and timeline. Nothing was submitted.`,
          submitted: 'no',
          refusal: 'state',
        });
      }),
    );
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<IraWizard accountId="A1234567" address={address} {...noCustodyAccount} />);
    await walkToReview(user);
    register.requests = [standing];
    await user.click(submit());
    expect(
      await screen.findByRole('heading', {
        level: 2,
        name: "This account's IRA request is in progress",
      }),
    ).toBeTruthy();
    expect(screen.getByText(standing.reference)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Submit IRA request' })).toBeNull();
    // The viewer's zone went with it: the BFF says when the standing one was made in it.
    expect(zones).toEqual([Intl.DateTimeFormat().resolvedOptions().timeZone]);
  });
});
