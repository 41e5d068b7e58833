// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import type { AccountSummary } from '../../../../../contract/account-views';
import type { StandingOnError } from '../../../../../contract/errors';
import type { MoneyRequestView } from '../../../../../contract/money-requests';
import { investmentReceipt } from '../../../../testing/investment';
import { offeringFixture } from '../../../../testing/offering';
import { moneyRequestView } from '../../../../testing/money-request';
import { bff, errorAnswer, mockPost, okAnswer, startMockBff } from '../../../../testing/mock-bff';
import {
  descriptionOf,
  fill,
  onFakeClock,
  openReviewAndArm,
  renderWithProviders,
} from '../../../../testing/render';
import { withTimeZones } from '../../../../testing/time-zones';
import { InvestForm } from '../invest-form';

/*
 * An investment whose outcome is unknown may have gone through: the form never leads from it
 * straight into sending another. It names the standing request (on load too) and sends a new one
 * only as a confirmed additional investment, naming the standing one to the BFF.
 */

startMockBff();
afterEach(cleanup);

const accounts = [
  { id: 'A7654321', name: 'Quinn Family Trust', type: 'entity', loaded: true },
] as unknown as AccountSummary[];
const offering = offeringFixture({
  unitPrice: '10',
  minAmount: '10',
  maxAmount: '5000',
  totalShares: '800000',
  endDate: '2030-01-01',
});
const endpoint = '/api/offerings/7/investments';
const lost: MoneyRequestView = moneyRequestView({
  reference: 'MR-H7XM68GV7W',
  accountId: 'A7654321',
  kind: 'investment',
  offeringId: '7',
  units: '44',
  unitPrice: '10',
  amount: '440',
  createdAt: '2026-11-28T12:01:00.000Z',
});
const receipt = investmentReceipt({
  tradeId: 'T-000124',
  reference: 'MR-QWWWHH63TG',
  offeringName: offering.name,
  accountId: 'A7654321',
  units: '45',
  amount: '450',
  paymentMethod: 'wire',
  createdAt: '2026-11-28T12:05:00',
});
const lostAnswer = errorAnswer(504, {
  code: 'upstream_timeout',
  message:
    'The service did not answer in time. It may or may not have reached the platform. Do not send it again. A reviewer checks it with the platform and settles it; if it stays unknown, contact support and quote our reference. Our reference: MR-H7XM68GV7W.',
  submitted: 'unknown',
  reference: 'MR-H7XM68GV7W',
});

/**
 * The register's standing investments of the account in the offering: each read answers the
 * next. The recent ones (`recent=true`) are `recent`, none unless given.
 */
function standing(...answers: MoneyRequestView[][]) {
  return standingAndRecent([], ...answers);
}

function standingAndRecent(recent: MoneyRequestView[], ...answers: MoneyRequestView[][]) {
  const asked: URLSearchParams[] = [];
  bff.use(
    http.get('/api/accounts/A7654321/money-requests', ({ request }) => {
      const params = new URL(request.url).searchParams;
      if (params.get('recent') === 'true') {
        return HttpResponse.json({ requests: recent, total: recent.length, offset: 0, limit: 20 });
      }
      asked.push(params);
      const requests = answers[Math.min(asked.length, answers.length) - 1];
      return HttpResponse.json({ requests, total: requests.length, offset: 0, limit: 20 });
    }),
  );
  return asked;
}

const confirm = () => screen.getByRole('button', { name: 'Confirm investment' });
const review = () => screen.getByRole('button', { name: 'Review investment' });
const confirmation = /^Send this as an additional investment: MR-H7XM68GV7W may have gone through$/;

async function fillIn(user: ReturnType<typeof userEvent.setup>, units: string) {
  await fill(user, screen.getByLabelText(/^Units/), units);
  await user.selectOptions(screen.getByLabelText(/Payment method/), 'wire');
}

async function reviewAndConfirm(user: ReturnType<typeof userEvent.setup>) {
  await openReviewAndArm(() => user.click(review()), confirm);
  await user.click(confirm());
}

/** The same investment, made moments ago from another tab and created as trade 302954. */
const sameInvestment: StandingOnError = {
  reference: 'MR-4M1Z077DQK',
  kind: 'investment',
  outcome: 'created',
  createdAt: '2026-11-28T12:22:00.000Z',
  amount: '450',
  units: '45',
  offeringId: '7',
  upstreamId: '302954',
};

/** The BFF's refusal (409, nothing sent) of an investment while `standing` requests stand. */
const refusedForStanding = (message: string, ...standing: StandingOnError[]) =>
  errorAnswer(409, { code: 'conflict', message, submitted: 'no', refusal: 'state', standing });

describe('an investment of unknown outcome is not followed straight by another', () => {
  it('offers Close, not Edit; the form then names the request and sends another only once confirmed', async () => {
    const asked = standing([], [lost]);
    const sent = mockPost(endpoint, lostAnswer, okAnswer(receipt));
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<InvestForm offering={offering} accounts={accounts} />);
    await fillIn(user, '44');
    await reviewAndConfirm(user);

    const warning = await screen.findByRole('alert');
    expect(warning.textContent).toContain('Do not send it again');
    expect(warning.textContent?.match(/MR-H7XM68GV7W/g)).toHaveLength(1);
    expect(screen.queryByRole('button', { name: /Edit|Confirm investment|Try again/ })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Close' }));

    // The form is back, and it names the standing request of this account in this offering.
    const notice = await screen.findByRole('region', {
      name: 'An earlier investment of this account in this offering may have gone through',
    });
    expect(notice.textContent).toContain(
      'MR-H7XM68GV7W (made Nov 28, 2026, 12:01 PM UTC, 44 units, $440.00): outcome unknown.',
    );
    expect(notice.textContent).toContain('A reviewer checks it with the platform');
    expect(
      within(notice)
        .getByRole('link', { name: 'requests and timeline of this account' })
        .getAttribute('href'),
    ).toBe('/accounts/A7654321/money');
    expect(asked.at(-1)?.get('offeringId')).toBe('7');
    expect(asked.at(-1)?.get('kind')).toBe('investment');

    // Changed and reviewed without the confirmation: nothing opens, the box asks, with focus.
    await user.clear(screen.getByLabelText(/^Units/));
    await fill(user, screen.getByLabelText(/^Units/), '45');
    await user.click(review());
    const box = within(notice).getByRole('checkbox', { name: confirmation });
    await waitFor(() => expect(document.activeElement).toBe(box));
    expect(descriptionOf(box)).toBe(
      'Confirm that this is an additional investment to send it while the earlier one stands, or wait until it is settled.',
    );
    expect(screen.queryByRole('button', { name: 'Confirm investment' })).toBeNull();
    expect(sent).toHaveLength(1);

    // Confirmed: the review says so, and the BFF is told which standing request it knows of.
    await user.click(box);
    await openReviewAndArm(() => user.click(review()), confirm);
    expect(
      screen.getByText('An additional investment: MR-H7XM68GV7W may have gone through'),
    ).toBeTruthy();
    await user.click(confirm());
    expect(await screen.findByText('Investment submitted')).toBeTruthy();
    expect(sent).toHaveLength(2);
    expect(sent[1].body).toMatchObject({ units: '45', additionalTo: ['MR-H7XM68GV7W'] });
    expect(sent[1].idempotencyKey).not.toBe(sent[0].idempotencyKey);
  });

  it('names a standing request on load, as on a later visit to the invest page', async () => {
    standing([lost]);
    const sent = mockPost(endpoint, okAnswer(receipt));
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<InvestForm offering={offering} accounts={accounts} />);
    const notice = await screen.findByRole('region', {
      name: 'An earlier investment of this account in this offering may have gone through',
    });
    expect(notice.textContent).toContain('MR-H7XM68GV7W');
    await fillIn(user, '45');
    await user.click(review());
    expect(screen.queryByRole('button', { name: 'Confirm investment' })).toBeNull();
    expect(sent).toHaveLength(0);
  });

  it('a standing request the form could not read at first (the portal restarting) is read at Review and asked about before the review opens', async () => {
    let down = true;
    bff.use(
      http.get('/api/accounts/A7654321/money-requests', ({ request }) => {
        const params = new URL(request.url).searchParams;
        if (params.get('recent') === 'true') {
          return HttpResponse.json({ requests: [], total: 0, offset: 0, limit: 20 });
        }
        // The reads on load meet the portal down (retried, then failed); once it is back, the
        // register holds the lost request.
        if (down) return HttpResponse.error();
        return HttpResponse.json({ requests: [lost], total: 1, offset: 0, limit: 20 });
      }),
    );
    const sent = mockPost(endpoint, okAnswer(receipt));
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<InvestForm offering={offering} accounts={accounts} />);
    await fillIn(user, '45');
    // Not read yet (still retrying, or failed): nothing names the lost request.
    expect(screen.queryByRole('region')).toBeNull();
    down = false;
    await onFakeClock(async () => {
      await user.click(review());
      // Read at Review: the standing request is named and the confirmation asked, with focus.
      const box = await screen.findByRole('checkbox', { name: confirmation }, { timeout: 10_000 });
      await waitFor(() => expect(document.activeElement).toBe(box));
    });
    expect(screen.queryByRole('button', { name: 'Confirm investment' })).toBeNull();
    expect(sent).toHaveLength(0);
  });

  it('two standing requests are followed as two, each under its own reference', async () => {
    standing([lost, { ...lost, reference: 'MR-Q2ZP4K8N3D', units: '10', amount: '100' }]);
    renderWithProviders(<InvestForm offering={offering} accounts={accounts} />);
    const notice = await screen.findByRole('region', {
      name: '2 earlier investments of this account in this offering may have gone through',
    });
    expect(notice.textContent).toContain('Follow them under our references on');
    expect(notice.textContent).not.toContain('Follow it');
  });

  it('a refusal naming a standing request (409) shows the same confirmation', async () => {
    standing([]);
    const sent = mockPost(
      endpoint,
      refusedForStanding(
        'Not sent: an earlier investment of this account in this offering may have gone through, and a new one could move the money twice.',
        {
          reference: 'MR-H7XM68GV7W',
          kind: 'investment',
          outcome: 'unknown',
          createdAt: '2026-11-28T12:01:00.000Z',
          amount: '440',
          units: '44',
          offeringId: '7',
        },
      ),
      okAnswer(receipt),
    );
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<InvestForm offering={offering} accounts={accounts} />);
    await fillIn(user, '45');
    await reviewAndConfirm(user);
    expect((await screen.findByRole('alert')).textContent).toContain('Not submitted');
    await user.click(screen.getByRole('button', { name: 'Back' }));

    const box = await screen.findByRole('checkbox', { name: confirmation });
    await user.click(box);
    await reviewAndConfirm(user);
    expect(await screen.findByText('Investment submitted')).toBeTruthy();
    expect(sent[1].body).toMatchObject({ additionalTo: ['MR-H7XM68GV7W'] });
  });

  it('the same investment sent moments ago from another tab is held at Confirm, named with its trade, and sent only once confirmed', async () => {
    standing([]);
    const message =
      'Not sent: You sent the same investment at 12:22 PM UTC (MR-4M1Z077DQK, 45 units, $450.00), created as trade 302954. Send another one? To send this one as well, confirm that it is an additional investment.';
    const sent = mockPost(endpoint, refusedForStanding(message, sameInvestment), okAnswer(receipt));
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<InvestForm offering={offering} accounts={accounts} />);
    await fillIn(user, '45');
    await reviewAndConfirm(user);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(message);
    // Not told to wait for a state of the platform to pass: the form asks about the first one.
    expect(alert.textContent).toContain(
      'Nothing was sent. Go back: the form names the earlier request and sends this one only once you confirm that it is an additional one.',
    );
    expect(alert.textContent).not.toContain('a state that may pass');
    await user.click(screen.getByRole('button', { name: 'Back' }));

    const notice = await screen.findByRole('region', {
      name: 'You sent the same investment moments ago',
    });
    expect(notice.textContent).toContain(
      'You sent the same investment at 12:22 PM UTC (MR-4M1Z077DQK, 45 units, $450.00), created as trade 302954. Send another one only if you mean to make a second one.',
    );
    expect(notice.textContent).not.toContain('may have gone through');
    // Reviewed again without the confirmation: nothing opens, the box asks.
    await user.click(review());
    const box = within(notice).getByRole('checkbox', {
      name: 'Send this as an additional investment besides MR-4M1Z077DQK',
    });
    await waitFor(() => expect(document.activeElement).toBe(box));
    expect(descriptionOf(box)).toBe(
      'Confirm that this is an additional investment to send it, or leave it: the earlier one went through.',
    );
    expect(sent).toHaveLength(1);

    await user.click(box);
    await openReviewAndArm(() => user.click(review()), confirm);
    expect(screen.getByText('An additional investment besides MR-4M1Z077DQK')).toBeTruthy();
    await user.click(confirm());
    expect(await screen.findByText('Investment submitted')).toBeTruthy();
    expect(sent[1].body).toMatchObject({ units: '45', additionalTo: ['MR-4M1Z077DQK'] });
  });

  it('is warned at Review of the same units sent moments ago, named with its trade, and sends them only once confirmed', async () => {
    const earlier = moneyRequestView({
      reference: 'MR-F8378B3NB6',
      accountId: 'A7654321',
      kind: 'investment',
      offeringId: '7',
      units: '11',
      unitPrice: '10',
      amount: '110',
      method: 'wire',
      outcome: 'created',
      upstreamId: '302954',
      createdAt: '2026-11-29T17:06:00.000Z',
    });
    standingAndRecent([earlier], []);
    const sent = mockPost(endpoint, okAnswer(receipt));
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<InvestForm offering={offering} accounts={accounts} />);
    await fillIn(user, '11');
    await user.click(review());
    const notice = await screen.findByRole('region', {
      name: 'You sent the same investment moments ago',
    });
    expect(notice.textContent).toContain(
      'You sent the same investment at 5:06 PM UTC (MR-F8378B3NB6, 11 units, $110.00, by wire), created as trade 302954.',
    );
    expect(screen.queryByRole('button', { name: 'Confirm investment' })).toBeNull();
    const box = within(notice).getByRole('checkbox', {
      name: 'Send this as an additional investment besides MR-F8378B3NB6',
    });
    await waitFor(() => expect(document.activeElement).toBe(box));
    await user.click(box);
    await reviewAndConfirm(user);
    expect(await screen.findByText('Investment submitted')).toBeTruthy();
    expect(sent[0].body).toMatchObject({ units: '11', additionalTo: ['MR-F8378B3NB6'] });
  });
});

describe('earlier investments are named with their times in the viewer’s zone', () => {
  withTimeZones({ viewer: 'America/New_York', platform: 'UTC' });

  it('the form’s warning says when the standing one was made as the timeline does, not in UTC', async () => {
    standing([lost]);
    renderWithProviders(<InvestForm offering={offering} accounts={accounts} />);
    const notice = await screen.findByRole('region', {
      name: 'An earlier investment of this account in this offering may have gone through',
    });
    expect(notice.textContent).toContain(
      'MR-H7XM68GV7W (made Nov 28, 2026, 7:01 AM EST, 44 units, $440.00): outcome unknown.',
    );
    expect(notice.textContent).not.toContain('UTC');
  });

  it('the refusal at Confirm, written by the BFF in UTC, is read in the viewer’s zone', async () => {
    standing([]);
    mockPost(
      endpoint,
      refusedForStanding(
        'Not sent: You sent the same investment at 12:22 PM UTC (MR-4M1Z077DQK, 45 units, $450.00), created as trade 302954. Send another one? To send this one as well, confirm that it is an additional investment.',
        sameInvestment,
      ),
    );
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<InvestForm offering={offering} accounts={accounts} />);
    await fillIn(user, '45');
    await reviewAndConfirm(user);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(
      'Not sent: You sent the same investment at 7:22 AM EST (MR-4M1Z077DQK, 45 units, $450.00), created as trade 302954.',
    );
    await user.click(screen.getByRole('button', { name: 'Back' }));
    const notice = await screen.findByRole('region', {
      name: 'You sent the same investment moments ago',
    });
    expect(notice.textContent).toContain('You sent the same investment at 7:22 AM EST (');
  });
});
