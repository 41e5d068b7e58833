import { accountRoutes } from './accounts';
import { auditRoutes } from './audit';
import { complianceRoutes } from './compliance';
import { cashRoutes } from './cash';
import { custodyRoutes } from './custody';
import type { RouteSpec } from './define';
import { holdingsRoutes } from './holdings';
import { investRoutes } from './invest';
import { issuerRoutes } from './issuer';
import { marketHoursRoutes } from './market-hours';
import { moneyRequestRoutes } from './money-requests';
import { offeringRoutes } from './offerings';
import { orderBookRoutes } from './order-book';
import { personalDataRoutes } from './personal-data';
import { preflightRoutes } from './preflight';
import { reconciliationRoutes } from './reconciliation';
import { sessionRoutes } from './session';
import { secondFactorRoutes } from './second-factor';
import { meRoutes } from './me';
import { myPasswordRoutes } from './my-password';
import { adminUserRoutes } from './admin-users';
import { approvalRoutes } from './approvals';
import { oidcRoutes } from './oidc';

/** Every feature's routes. A route here without a policy entry stops the boot. */
export const allRoutes: RouteSpec[] = [
  ...sessionRoutes,
  ...offeringRoutes,
  ...investRoutes,
  ...accountRoutes,
  ...custodyRoutes,
  ...cashRoutes,
  ...holdingsRoutes,
  ...preflightRoutes,
  ...moneyRequestRoutes,
  ...orderBookRoutes,
  ...marketHoursRoutes,
  ...issuerRoutes,
  ...complianceRoutes,
  ...personalDataRoutes,
  ...auditRoutes,
  ...secondFactorRoutes,
  ...meRoutes,
  ...myPasswordRoutes,
  ...adminUserRoutes,
  ...approvalRoutes,
  ...oidcRoutes,
  ...reconciliationRoutes,
];
