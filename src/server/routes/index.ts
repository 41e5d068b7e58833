import { accountRoutes } from './accounts';
import { auditRoutes } from './audit';
import { complianceRoutes } from './compliance';
import { custodyRoutes } from './custody';
import type { RouteSpec } from './define';
import { investRoutes } from './invest';
import { issuerRoutes } from './issuer';
import { marketHoursRoutes } from './market-hours';
import { offeringRoutes } from './offerings';
import { orderBookRoutes } from './order-book';
import { personalDataRoutes } from './personal-data';
import { reconciliationRoutes } from './reconciliation';
import { sessionRoutes } from './session';

/** Every feature's routes. A route here without a policy entry stops the boot. */
export const allRoutes: RouteSpec[] = [
  ...sessionRoutes,
  ...offeringRoutes,
  ...investRoutes,
  ...accountRoutes,
  ...custodyRoutes,
  ...orderBookRoutes,
  ...marketHoursRoutes,
  ...issuerRoutes,
  ...complianceRoutes,
  ...personalDataRoutes,
  ...auditRoutes,
  ...reconciliationRoutes,
];
