import { screen } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { Route, Routes } from 'react-router-dom';
import type { AccountSummary } from '../../contract/account-views';
import type { Offering } from '../../contract/offerings';
import { computePreflight } from '../../contract/preflight';
import InvestRoute from '../app/routes/app/offerings/invest';
import { bff } from './mock-bff';
import { offeringFixture } from './offering';
import { fill, openReviewAndArm, renderWithProviders } from './render';
import { sessionOf } from './session';

const approved = { status: 'approved', date: null };

/** Avery Quinn's account as `GET /api/accounts` lists it, its four reviews approved: it can invest. */
export const approvedAccount = {
  id: 'A1234567',
  name: 'Avery Quinn',
  type: 'individual',
  reviews: { kyc: approved, aml: approved, accreditation: approved, approval: approved },
  loaded: true,
} as unknown as AccountSummary;

/** The checks of `account` for `offering` as the BFF computes them on 2026-07-17, no bank read. */
export const checksOf = (account: AccountSummary, offering: Offering) =>
  HttpResponse.json(computePreflight(account as never, offering, '2026-07-17', null));

/**
 * Answers the invest page's reads of offering 7 (`offeringFixture()` unless `offering` is given)
 * for an investor of `accounts`: the session, the offering, the account list (unless `list`
 * answers it), and each account's checks as `checksOf` (unless `preflight` answers them).
 */
export function answerInvestReads(
  accounts: AccountSummary[],
  {
    offering = offeringFixture(),
    list = () => HttpResponse.json({ accounts }),
    preflight = (accountId) =>
      checksOf(
        accounts.find((a) => a.id === accountId)!,
        offering,
      ),
  }: {
    offering?: Offering;
    list?: () => Response;
    preflight?: (accountId: string | null) => Response;
  } = {},
) {
  bff.use(
    http.get('/api/session', () =>
      HttpResponse.json(sessionOf({ accountIds: accounts.map((a) => a.id) })),
    ),
    http.get('/api/offerings/7', () => HttpResponse.json({ offering })),
    http.get('/api/accounts', list),
    http.get('/api/offerings/7/preflight', ({ request }) =>
      preflight(new URL(request.url).searchParams.get('accountId')),
    ),
  );
}

/** Renders the invest page of offering 7, with `otherRoutes` beside it (a page to leave to). */
export function renderInvestPage(otherRoutes?: ReactNode) {
  return renderWithProviders(
    <Routes>
      <Route path="/offerings/:offeringId/invest" element={<InvestRoute />} />
      {otherRoutes}
    </Routes>,
    { path: '/offerings/7/invest' },
  );
}

/** Invests `units` units as a person does: types them, opens the review and confirms once armed. */
export async function confirmInvestment(user: ReturnType<typeof userEvent.setup>, units: string) {
  await fill(user, await screen.findByLabelText(/^Units/), units);
  const confirm = () => screen.getByRole('button', { name: 'Confirm investment' });
  await openReviewAndArm(
    () => user.click(screen.getByRole('button', { name: 'Review investment' })),
    confirm,
  );
  await user.click(confirm());
}
