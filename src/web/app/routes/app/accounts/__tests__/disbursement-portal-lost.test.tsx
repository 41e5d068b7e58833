// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { accountView } from '../../../../../testing/account';
import { renderAccountPage } from '../../../../../testing/account-pages';
import { bff, mockPost, okAnswer, startMockBff } from '../../../../../testing/mock-bff';
import {
  disbursementReview,
  openDisbursementReview,
  sendRequest,
} from '../../../../../testing/disbursement';
import { fill, onFakeClock } from '../../../../../testing/render';
import { sessionOf } from '../../../../../testing/session';
import { approvedCustody, disbursementReceipt, linkedBank } from '../../../../../testing/custody';

startMockBff();
afterEach(cleanup);

const accountId = 'A1040000';
const custody = approvedCustody(accountId, 'CR100001');
const linked = linkedBank('Prairie National Bank', '••••1592');

/**
 * The portal as the browser meets it when the BFF stops mid-request: the first reads answer, and
 * once `portal.down` every read and the disbursement's POST find no one to answer (the
 * connection refused or reset), until `portal.down` is false again.
 */
function renderDisbursementPage() {
  const portal = { down: false, custodyReads: 0 };
  const unlessDown = (body: unknown) => () =>
    portal.down ? HttpResponse.error() : HttpResponse.json(body as object);
  bff.use(
    http.get('/api/session', unlessDown(sessionOf({ accountIds: [accountId] }))),
    http.get(
      '/api/config',
      unlessDown({ sandbox: false, singleSignOn: null, platformTimeZone: 'UTC' }),
    ),
    http.get(`/api/accounts/${accountId}`, unlessDown({ account: accountView({ id: accountId }) })),
    http.get(`/api/accounts/${accountId}/custody-account`, () => {
      portal.custodyReads += 1;
      return portal.down ? HttpResponse.error() : HttpResponse.json(custody);
    }),
    http.get(`/api/accounts/${accountId}/linked-bank`, unlessDown(linked)),
    http.get(`/api/accounts/${accountId}/*`, () => HttpResponse.error()),
    http.get('/api/approvals', () => HttpResponse.error()),
  );
  renderAccountPage(`/accounts/${accountId}/disbursements/new`);
  return portal;
}

/** How long the test waits on the fake clock for what the retried reads bring (fake ms). */
const FAKE_WAIT_MS = 120_000;

describe('the portal stops while a disbursement is on its way', () => {
  it('keeps the review, says it may have been sent and not to send it again, and a second send replays its key', async () => {
    const portal = renderDisbursementPage();
    const sent = mockPost(
      `/api/accounts/${accountId}/disbursements`,
      // The BFF stops with the request at the platform: the connection drops, no answer comes.
      'dropped',
      okAnswer(
        disbursementReceipt({
          requestId: 'CFM70000117',
          reference: 'MR-5D7QSMQFK1',
          accountId,
          amount: '123.45',
        }),
      ),
    );
    const user = userEvent.setup({ delay: null });
    const amount = await screen.findByLabelText(/Amount \(USD\)/, {}, { timeout: 5_000 });
    await fill(user, amount, '123.45');
    await openDisbursementReview(user);

    portal.down = true;
    await onFakeClock(async () => {
      await user.click(sendRequest());
      // The send's answer is told once the reads it made stale have been tried again. The wait is
      // on the fake clock, which Testing Library moves 50 ms a turn of the event loop: a long
      // one gives a busy machine's real network stand-in the turns it needs, at no real cost.
      const warning = await within(disbursementReview()).findByRole(
        'alert',
        {},
        { timeout: FAKE_WAIT_MS },
      );
      expect(warning.textContent).toContain('We do not know whether this was submitted');
      expect(warning.textContent).toContain(
        'The portal could not be reached while your request was on its way, so it may have been sent. Do not send it again as a new request.',
      );
      expect(warning.textContent).toContain(
        'If it reached the portal, it is listed on the requests and timeline of this account, newest first, at this amount and the time you sent it, with its outcome.',
      );
      // Never "under our reference": the answer that would have named it was lost.
      expect(warning.textContent).not.toMatch(/our reference/i);
      expect(warning.textContent).not.toMatch(/check your connection and try again/i);
      expect(
        within(warning)
          .getByRole('link', { name: 'requests and timeline of this account' })
          .getAttribute('href'),
      ).toBe(`/accounts/${accountId}/money`);
      // The send made the custody account be read again, which failed (its retries included):
      // that failure is told where it starts, and the review stays as it was.
      await waitFor(() => expect(portal.custodyReads).toBe(4), { timeout: FAKE_WAIT_MS });
      await screen.findByText(
        'The custody account could not be checked again',
        {},
        { timeout: FAKE_WAIT_MS },
      );
    });
    const dialog = disbursementReview();
    expect(within(dialog).getByText('$123.45')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: /Send request|Try again/ })).toBeNull();
    expect(screen.queryByText('The custody account could not be checked')).toBeNull();

    // The portal is back; the same request reviewed again goes with the same key, so the BFF
    // answers with the one that arrived instead of sending the money twice.
    portal.down = false;
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.getByLabelText(/Amount \(USD\)/)).toHaveProperty('value', '123.45');
    // The review has closed: the page is no longer hidden behind it.
    await screen.findByRole('button', { name: 'Review request' });
    await openDisbursementReview(user);
    await user.click(sendRequest());
    expect((await screen.findByText('Disbursement requested')).textContent).toBeTruthy();
    expect(sent).toHaveLength(2);
    expect(sent[1].idempotencyKey).toBe(sent[0].idempotencyKey);
  });
});
