import { accountRoutes } from './accounts';
import { custodyRoutes } from './custody';
import type { RouteSpec } from './define';
import { investRoutes } from './invest';
import { offeringRoutes } from './offerings';
import { sessionRoutes } from './session';

/** Every feature's routes. A route here without a policy entry stops the boot. */
export const allRoutes: RouteSpec[] = [
  ...sessionRoutes,
  ...offeringRoutes,
  ...investRoutes,
  ...accountRoutes,
  ...custodyRoutes,
];
