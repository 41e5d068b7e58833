// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import type { FundMoveViewPage } from '../../../../../../contract/custody-views';
import { accountView } from '../../../../../testing/account';
import { approvedCustody } from '../../../../../testing/custody';
import { fundMoveView } from '../../../../../testing/fund-move';
import { bff, startMockBff } from '../../../../../testing/mock-bff';
import { renderWithProviders } from '../../../../../testing/render';
import { sessionOf } from '../../../../../testing/session';
import FundMovesRoute from '../fund-moves';

startMockBff();
afterEach(cleanup);

const account = accountView({ id: 'A1040519' });
const move = (n: number) => fundMoveView({ referenceNumber: `R${n}`, accountId: account.id });

/** Account A1040519's fund moves (getCustodyFundMoves §4.3, 10 a page): `total` in all. */
function showPage(page: number, total: number, moves: FundMoveViewPage['moves']) {
  const offset = (page - 1) * 10;
  bff.use(
    http.get('/api/session', () =>
      HttpResponse.json(sessionOf({ role: 'investor', accountIds: [account.id] })),
    ),
    http.get(`/api/accounts/${account.id}`, () => HttpResponse.json({ account })),
    http.get(`/api/accounts/${account.id}/fund-moves`, () =>
      HttpResponse.json({
        moves,
        totalRecords: total,
        startIndex: offset,
        endIndex: offset + moves.length - 1,
        offset,
        limit: 10,
        skippedRecords: 0,
      } satisfies FundMoveViewPage),
    ),
  );
  renderWithProviders(
    <Routes>
      <Route path="/accounts/:accountId/fund-moves" element={<FundMovesRoute />} />
    </Routes>,
    { path: `/accounts/${account.id}/fund-moves?page=${page}` },
  );
}

describe('an investor pages through an account with many fund moves', () => {
  it('reads the counts grouped, as every other page groups them', async () => {
    showPage(
      1011,
      10_108,
      Array.from({ length: 8 }, (_, i) => move(i)),
    );
    expect(await screen.findByText('Showing 10,101–10,108 of 10,108')).toBeTruthy();
  });

  it('a page past the end names the last page and leads to it', async () => {
    showPage(999, 724, []);
    expect(
      await screen.findByText('No fund moves on page 999: the last is page 73, of 724 moves.'),
    ).toBeTruthy();
    expect(
      screen.getByRole('link', { name: 'Go to the last page (73)' }).getAttribute('href'),
    ).toBe(`/accounts/${account.id}/fund-moves?page=73`);
  });
});

describe('an account with no fund moves', () => {
  it('with no custody account, says there is none rather than "yet"', async () => {
    bff.use(
      http.get(`/api/accounts/${account.id}/custody-account`, () =>
        HttpResponse.json({
          state: 'unavailable',
          reason: 'not_opened',
          message: 'This account has no custody account yet.',
        }),
      ),
    );
    showPage(1, 0, []);
    expect(await screen.findByRole('heading', { name: 'No custody account yet' })).toBeTruthy();
    expect(screen.queryByText('No fund moves yet')).toBeNull();
  });

  it('while its custody account is being read, says neither, and then the one that holds', async () => {
    let answer: () => void = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    bff.use(
      http.get(`/api/accounts/${account.id}/custody-account`, async () => {
        await answered;
        return HttpResponse.json({
          state: 'unavailable',
          reason: 'not_opened',
          message: 'This account has no custody account yet.',
        });
      }),
    );
    showPage(1, 0, []);
    const checking = await screen.findByText('Checking whether the account has a custody account');
    // A status, beside the busy skeleton rather than in it, where it may be held back.
    expect(checking.getAttribute('role')).toBe('status');
    expect(checking.closest('[aria-busy="true"]')).toBeNull();
    expect(screen.queryByText('No fund moves yet')).toBeNull();
    expect(screen.queryByText('No custody account yet')).toBeNull();
    answer();
    expect(await screen.findByRole('heading', { name: 'No custody account yet' })).toBeTruthy();
    expect(screen.queryByText('No fund moves yet')).toBeNull();
  });

  it('with a custody account, says none have moved yet', async () => {
    bff.use(
      http.get(`/api/accounts/${account.id}/custody-account`, () =>
        HttpResponse.json(approvedCustody(account.id, 'CR100001')),
      ),
    );
    showPage(1, 0, []);
    expect(await screen.findByText('No fund moves yet')).toBeTruthy();
    expect(screen.queryByText('No custody account yet')).toBeNull();
  });
});
