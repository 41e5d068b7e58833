// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { accountView } from '../../../../../testing/account';
import { bff, errorAnswer, startMockBff } from '../../../../../testing/mock-bff';
import { onFakeClock, renderWithProviders } from '../../../../../testing/render';
import { sessionOf } from '../../../../../testing/session';
import FundMoveRoute from '../fund-move';

startMockBff();
afterEach(cleanup);

const accountId = 'A1040000';

/** A fund move's page, opened by `reference`, whose read the BFF answers with `answer`. */
function renderFundMove(reference: string, answer: () => Response) {
  const asked: string[] = [];
  bff.use(
    http.get('/api/session', () =>
      HttpResponse.json(sessionOf({ role: 'investor', accountIds: [accountId] })),
    ),
    http.get(`/api/accounts/${accountId}`, () =>
      HttpResponse.json({ account: accountView({ id: accountId }) }),
    ),
    http.get(`/api/accounts/${accountId}/fund-moves/:reference`, ({ params }) => {
      asked.push(String(params.reference));
      return answer();
    }),
  );
  renderWithProviders(
    <Routes>
      <Route path="/accounts/:accountId/fund-moves/:referenceNumber" element={<FundMoveRoute />} />
    </Routes>,
    { path: `/accounts/${accountId}/fund-moves/${reference}` },
  );
  return asked;
}

/** The failure notice under the page's heading. */
const failure = async () =>
  (await screen.findByText('The fund move could not be loaded', {}, { timeout: 10_000 })).closest(
    '[role="alert"]',
  ) as HTMLElement;

describe('a fund move the BFF cannot show', () => {
  it('refused for good (opened by our MR- reference): says so, with the way back instead of a Try again that cannot help', async () => {
    // The platform's refusal of the read, as the BFF words it (docs/bff-api.md, Errors: 422).
    const asked = renderFundMove('MR-5SDSNXSKHP', () =>
      errorAnswer(422, {
        code: 'upstream_rejected',
        message:
          'The platform refused the request. It named nothing in the request that it could not accept.',
        submitted: 'no',
        requestId: 'req-7f3a',
      }),
    );
    const notice = await failure();
    expect(notice.textContent).toContain(
      'The platform refused the request. It named nothing in the request that it could not accept.',
    );
    expect(within(notice).queryByRole('button', { name: 'Try again' })).toBeNull();
    const back = within(notice).getByRole('link', { name: 'Back to fund moves' });
    expect(back.getAttribute('href')).toBe(`/accounts/${accountId}/fund-moves`);
    // Support can still find it.
    expect(notice.textContent).toContain(
      'For help with it, contact support and give them this reference: req-7f3a.',
    );
    expect(asked).toEqual(['MR-5SDSNXSKHP']);
  });

  it('failing on the way (the platform not answering): Try again, which reads it again', async () => {
    let asked: string[] = [];
    await onFakeClock(async () => {
      asked = renderFundMove('CFM100200', () =>
        errorAnswer(503, {
          code: 'upstream_unavailable',
          message: 'The service is unavailable right now. Please try again in a moment.',
          submitted: 'no',
        }),
      );
      await failure();
    });
    const notice = await failure();
    expect(within(notice).queryByRole('link', { name: 'Back to fund moves' })).toBeNull();
    const readBefore = asked.length;
    await userEvent
      .setup({ delay: null })
      .click(within(notice).getByRole('button', { name: 'Try again' }));
    expect(asked.length).toBeGreaterThan(readBefore);
  });
});
