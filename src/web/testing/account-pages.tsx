import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { Route, Routes } from 'react-router-dom';
import AccountRoute from '../app/routes/app/accounts/account';
import DisbursementRoute from '../app/routes/app/accounts/disbursement';
import IraRoute from '../app/routes/app/accounts/ira';
import AccountMoneyRoute from '../app/routes/app/accounts/money';
import { accountView } from './account';
import { approvedCustody, linkedBank } from './custody';
import { bff } from './mock-bff';
import { onFakeClock, renderWithProviders } from './render';
import { sessionOf } from './session';

/** How the mock BFF answers one read: each time it is asked, so a test can change it on the way. */
type Answer = () => Response | Promise<Response>;

/** The reads of one account a test answers its own way; the others answer as a working portal. */
export interface AccountReads {
  /** `GET /api/accounts/:id`: the account as `accountView({ id })` unless given. */
  profile?: Answer;
  /** `GET /api/accounts/:id/custody-account`: approved (CR100001) unless given. */
  custody?: Answer;
  /** `GET /api/accounts/:id/linked-bank`: Prairie National Bank ••••1592 unless given. */
  linkedBank?: Answer;
  /** The account's other reads (`/api/accounts/:id/*`): not answered unless given. */
  others?: Answer;
}

/**
 * Answers the reads an investor's account pages make: the session of an investor of `accountId`,
 * the portal's config, the account, its custody account and linked bank, and no approvals.
 */
export function answerAccountReads(accountId: string, reads: AccountReads = {}) {
  bff.use(
    http.get('/api/session', () => HttpResponse.json(sessionOf({ accountIds: [accountId] }))),
    http.get('/api/config', () =>
      HttpResponse.json({ sandbox: false, singleSignOn: null, platformTimeZone: 'UTC' }),
    ),
    http.get(
      `/api/accounts/${accountId}`,
      reads.profile ?? (() => HttpResponse.json({ account: accountView({ id: accountId }) })),
    ),
    http.get(
      `/api/accounts/${accountId}/custody-account`,
      reads.custody ?? (() => HttpResponse.json(approvedCustody(accountId, 'CR100001'))),
    ),
    http.get(
      `/api/accounts/${accountId}/linked-bank`,
      reads.linkedBank ??
        (() => HttpResponse.json(linkedBank('Prairie National Bank', '••••1592'))),
    ),
    ...(reads.others ? [http.get(`/api/accounts/${accountId}/*`, reads.others)] : []),
    http.get('/api/approvals', () => HttpResponse.json({ approvals: [] })),
  );
}

/**
 * Renders the investor's account pages (overview, money, IRA, disbursement) at `path`, with
 * `otherRoutes` beside them (a page to leave to).
 */
export function renderAccountPage(path: string, otherRoutes?: ReactNode) {
  return renderWithProviders(
    <Routes>
      <Route path="/accounts/:accountId" element={<AccountRoute />} />
      <Route path="/accounts/:accountId/money" element={<AccountMoneyRoute />} />
      <Route path="/accounts/:accountId/ira" element={<IraRoute />} />
      <Route path="/accounts/:accountId/disbursements/new" element={<DisbursementRoute />} />
      {otherRoutes}
    </Routes>,
    { path },
  );
}

/**
 * The notice titled `title` that a read's failure brings, once its retries have run on the fake
 * clock (within `timeout` fake ms).
 */
export async function noticeAfterRetries(title: string, timeout: number) {
  await onFakeClock(async () => {
    await screen.findByText(title, {}, { timeout });
  });
  return screen.getByText(title).closest('[role="status"]') as HTMLElement;
}
