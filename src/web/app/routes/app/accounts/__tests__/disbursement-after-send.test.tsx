// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { answerAccountReads, renderAccountPage } from '../../../../../testing/account-pages';
import { approvedCustody, disbursementReceipt } from '../../../../../testing/custody';
import { errorAnswer, mockPost, okAnswer, startMockBff } from '../../../../../testing/mock-bff';
import { openDisbursementReview, sendRequest } from '../../../../../testing/disbursement';
import { fill, onFakeClock } from '../../../../../testing/render';

startMockBff();
afterEach(cleanup);

const accountId = 'A1040000';
const custody = approvedCustody(accountId, 'CR100001');

const receipt = disbursementReceipt({ accountId });

/**
 * The disbursement page whose first read of the custody account answers, and whose reads after
 * the send (the ones the send makes stale) are answered by `later`.
 */
function renderDisbursementPage(later: () => Promise<Response> | Response) {
  const reads = { custody: 0 };
  answerAccountReads(accountId, {
    custody: () => {
      reads.custody += 1;
      return reads.custody === 1 ? HttpResponse.json(custody) : later();
    },
    others: () => HttpResponse.json({}),
  });
  mockPost(`/api/accounts/${accountId}/disbursements`, okAnswer(receipt));
  renderAccountPage(`/accounts/${accountId}/disbursements/new`);
  return reads;
}

async function sendDisbursement() {
  const user = userEvent.setup({ delay: null });
  const amount = await screen.findByLabelText(/Amount \(USD\)/, {}, { timeout: 5_000 });
  await fill(user, amount, '12.12');
  await openDisbursementReview(user);
  await user.click(sendRequest());
}

describe('the disbursement page after the request was sent', () => {
  it('shows the receipt as soon as the request answers, while the custody account is still being read again', async () => {
    // The re-read the send makes stale does not answer during the test (a slow platform read).
    renderDisbursementPage(() => new Promise<Response>(() => {}));
    await sendDisbursement();

    const title = await screen.findByText('Disbursement requested', {}, { timeout: 5_000 });
    expect(title).toBeTruthy();
    expect(screen.getByText('MR-GJHQCG16X3')).toBeTruthy();
    expect(screen.queryByText(/Do not close this page until the answer comes/)).toBeNull();
  });

  it('keeps the receipt when the custody account cannot be read again, never "nothing was changed"', async () => {
    // The portal's database stops after the send answered: the re-read is refused 503 (and tried
    // again by the query client, on the fake clock).
    const reads = renderDisbursementPage(() =>
      errorAnswer(503, {
        code: 'store_unavailable',
        message:
          "The portal's database is not answering right now. Nothing was changed. Please try again in a moment.",
        submitted: 'no',
      }),
    );
    await onFakeClock(async () => {
      await sendDisbursement();
      await screen.findByText('Disbursement requested', {}, { timeout: 20_000 });
      // The first read, then the re-read and the query client's two tries again, all refused.
      await waitFor(() => expect(reads.custody).toBe(4), { timeout: 20_000 });
    });
    // The receipt stands in the form's place, with nothing of the custody account's read.
    expect(screen.getByText('Disbursement requested')).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/Nothing was changed/);
    await waitFor(() => expect(screen.getByText('MR-GJHQCG16X3')).toBeTruthy());
  });
});
