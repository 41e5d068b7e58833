// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import {
  answerAccountReads,
  noticeAfterRetries,
  renderAccountPage,
} from '../../../../../testing/account-pages';
import { approvedCustody } from '../../../../../testing/custody';
import { errorAnswer, startMockBff } from '../../../../../testing/mock-bff';

startMockBff();
afterEach(cleanup);

const accountId = 'A1040000';
const custody = approvedCustody(accountId, 'CR100001');

/** The page while the custody account's read (§4.15) fails, until `read.answers`. */
function renderWhileTheCustodyAccountCannotBeRead() {
  const read = { answers: false };
  answerAccountReads(accountId, {
    custody: () =>
      read.answers
        ? HttpResponse.json(custody)
        : errorAnswer(503, {
            code: 'upstream_unavailable',
            message: 'The service is unavailable right now. Please try again in a moment.',
          }),
  });
  renderAccountPage(`/accounts/${accountId}/disbursements/new`);
  return read;
}

describe('a disbursement while the custody account cannot be read', () => {
  it('says so with Try again and still offers the form, which keeps what was typed when the account is read', async () => {
    const read = renderWhileTheCustodyAccountCannotBeRead();
    const user = userEvent.setup({ delay: null });
    const notice = await noticeAfterRetries('The custody account could not be checked', 60_000);
    expect(notice.textContent).toContain('You can still send a request');
    const amount = await screen.findByLabelText(/^Amount \(USD\)/, {}, { timeout: 5000 });
    await user.type(amount, '250.00');

    read.answers = true;
    await user.click(within(notice).getByRole('button', { name: 'Try again' }));
    await waitFor(() =>
      expect(screen.queryByText('The custody account could not be checked')).toBeNull(),
    );
    expect(screen.getByLabelText(/^Amount \(USD\)/)).toHaveProperty('value', '250.00');
    // The button is gone with its notice: the focus is in the form, at its way of sending.
    expect(document.activeElement).toBe(screen.getByRole('radio', { checked: true }));
  });
});

describe('a disbursement for an account without a custody account (§4.5)', () => {
  it('has an intro that speaks of no custody account it does not have', async () => {
    answerAccountReads(accountId, {
      custody: () =>
        HttpResponse.json({
          state: 'unavailable',
          reason: 'not_opened',
          message: 'This account has no custody account yet.',
        }),
    });
    renderAccountPage(`/accounts/${accountId}/disbursements/new`);
    await screen.findByText('No custody account to send money from', {}, { timeout: 5000 });
    expect(
      screen.getByText(
        "A disbursement moves money out of an account's custody account, and this account has none yet.",
      ),
    ).toBeTruthy();
    expect(screen.queryByText(/^Move money out of this custody account/)).toBeNull();
  });
});

describe("a disbursement while the platform refuses the portal's own access (103, §5 rule 8)", () => {
  const refused = () =>
    errorAnswer(503, {
      code: 'upstream_misconfigured',
      message:
        "The portal's access to the platform is not set up correctly. Please contact support.",
    });

  it.each([
    ['custody account', { custody: refused }],
    ['linked bank', { linkedBank: refused }],
  ])(
    'whose %s read is refused, offers no form to send and says who must act',
    async (_read, reads) => {
      answerAccountReads(accountId, reads);
      renderAccountPage(`/accounts/${accountId}/disbursements/new`);
      const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
      await waitFor(() =>
        expect(alert.textContent).toContain('A disbursement cannot be requested right now'),
      );
      expect(alert.textContent).toContain("The portal's access to the platform is not set up");
      expect(alert.textContent).toContain("until the portal's operators fix its access");
      expect(within(alert).queryByRole('button', { name: 'Try again' })).toBeNull();
      expect(screen.queryByLabelText(/^Amount \(USD\)/)).toBeNull();
      expect(screen.queryByRole('button', { name: 'Review request' })).toBeNull();
      expect(screen.queryByText(/You can still send a request/)).toBeNull();
      // No amounts or limits above a page that offers no form: what a disbursement is, only.
      expect(screen.queryByText(/^Move money out of this custody account/)).toBeNull();
      expect(
        screen.getByText(
          "A disbursement moves money out of an account's custody account, by ACH to a linked bank or by wire.",
        ),
      ).toBeTruthy();
    },
  );
});
