// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import type { Role } from '../../../../../contract/session';
import { RoutePage as Page } from '../../../../testing/route-page';
import { bff, errorAnswer, startMockBff } from '../../../../testing/mock-bff';
import { sessionOf } from '../../../../testing/session';
import { withViewportWidth } from '../../../../testing/viewport';
import { AppProvider } from '../../../provider';
import type { RouteModule } from '../../../route-module';
import * as accounts from '../accounts/accounts';
import * as account from '../accounts/account';
import * as disbursement from '../accounts/disbursement';
import * as fundMove from '../accounts/fund-move';
import * as fundMoves from '../accounts/fund-moves';
import * as ira from '../accounts/ira';
import * as money from '../accounts/money';
import * as users from '../admin/users';
import * as approvals from '../approvals/approvals';
import * as auditLog from '../audit/audit-log';
import * as complianceAccount from '../compliance/account';
import * as complianceFundMoves from '../compliance/fund-moves';
import * as register from '../compliance/money-requests';
import * as holdings from '../holdings/holdings';
import * as issuerAccount from '../issuer/issuer-account';
import * as purchaseHistory from '../issuer/purchase-history';
import * as marketHours from '../market-hours/market-hours';
import * as invest from '../offerings/invest';
import * as offering from '../offerings/offering';
import * as offerings from '../offerings/offerings';
import * as orderBook from '../order-book/order-book';
import * as order from '../order-book/order';

startMockBff();
withViewportWidth(1280);
afterEach(cleanup);

const NOT_SET_UP =
  'The portal’s access to the platform is not set up correctly. Please contact support.';

/**
 * Signed in as `role`, with every other read answered as the BFF answers one the platform refused
 * for the portal's own credentials (103, §5 rule 8): its own code, upstream_misconfigured.
 */
function platformRefusesThePortal(role: Role) {
  bff.use(
    http.get('/api/session', () =>
      HttpResponse.json(
        sessionOf({
          role,
          accountIds: role === 'investor' ? ['A1040000'] : [],
          issuerIds: role === 'issuer_staff' ? ['7001'] : [],
        }),
      ),
    ),
    http.all('/api/*', () =>
      errorAnswer(503, { code: 'upstream_misconfigured', message: NOT_SET_UP, submitted: 'no' }),
    ),
  );
}

/*
 * Only an operator can fix the portal's credentials, so every page family tells the person to
 * contact support and offers no Try again (nor a reload) that could only fail the same way: each
 * shows the failure through the shared ErrorAlert, QueryState or RouteError.
 */
const A = '/accounts/:accountId';
describe.each<[string, RouteModule, string, Role]>([
  ['My accounts', accounts, '/accounts', 'investor'],
  ['My investments', holdings, '/holdings', 'investor'],
  ['an account', account, A, 'investor'],
  ['its money and timeline', money, `${A}/money`, 'investor'],
  ['its fund moves', fundMoves, `${A}/fund-moves`, 'investor'],
  ['one fund move', fundMove, `${A}/fund-moves/:referenceNumber`, 'investor'],
  ['a disbursement', disbursement, `${A}/disbursements/new`, 'investor'],
  ['an IRA request', ira, `${A}/ira`, 'investor'],
  ['the offerings', offerings, '/offerings', 'investor'],
  ['an offering', offering, '/offerings/:offeringId', 'investor'],
  ['investing', invest, '/offerings/:offeringId/invest', 'investor'],
  ['the issuer account', issuerAccount, '/issuers/:issuerId', 'issuer_staff'],
  ['purchase history', purchaseHistory, '/issuers/:issuerId/purchases', 'issuer_staff'],
  ['an account under review', complianceAccount, '/compliance/accounts/:accountId', 'compliance'],
  ['fund moves under review', complianceFundMoves, '/compliance/fund-moves', 'compliance'],
  ['the money requests register', register, '/compliance/money-requests', 'compliance'],
  ['approvals', approvals, '/approvals', 'compliance'],
  ['the order book', orderBook, '/order-book', 'compliance'],
  ['an order', order, '/order-book/orders/:orderId', 'compliance'],
  ['market hours', marketHours, '/market-hours', 'admin'],
  ['the audit log', auditLog, '/audit', 'admin'],
  ['users', users, '/admin/users', 'admin'],
])('%s, while the platform refuses the portal’s credentials', (_name, module, pattern, role) => {
  const path = pattern
    .replace(':accountId', 'A1040000')
    .replace(':referenceNumber', 'CFM1')
    .replace(':offeringId', '5201')
    .replace(':issuerId', '7001')
    .replace(':orderId', '982700000');
  it('sends the person to support, with no Try again', async () => {
    platformRefusesThePortal(role);
    render(
      <AppProvider>
        <Page module={module} pattern={pattern} path={path} />
      </AppProvider>,
    );
    expect((await screen.findAllByText(/not set up correctly/)).length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: /try again|reload/i })).toBeNull();
  });
});
