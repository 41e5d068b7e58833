import {
  marketHoursAt,
  marketHoursResponseSchema,
  previousTradingDay,
} from '../../contract/market-week';
import { weekHoursInputSchema } from '../../contract/rules/market-hours';
import {
  securityHoursResponseSchema,
  securityIdParamsSchema,
  securityListSchema,
} from '../../contract/security-hours';
import { dayOfWeek, EASTERN, todayInZone } from '../../contract/time';
import { getMarketHours } from '../upstream/get-market-hours';
import { getSecurityMarketHours } from '../upstream/get-security-market-hours';
import { updateSecurityMarketHours } from '../upstream/update-security-market-hours';
import { defineRoute } from './define';

/** The latest weekday's book, for security names (no upstream operation lists securities). */
function latestTradingDay(now: Date): string {
  const today = todayInZone(EASTERN, now);
  const weekday = dayOfWeek(today);
  return weekday === 'saturday' || weekday === 'sunday' ? previousTradingDay(today) : today;
}

export const marketHoursRoutes = [
  defineRoute({
    method: 'GET',
    url: '/api/market-hours',
    summary: "The week's trading hours (US Eastern) and whether the market is open now",
    tags: ['market hours'],
    response: marketHoursResponseSchema,
    async handler({ deps }) {
      return marketHoursAt(
        await deps.globalHours.get('global', () => getMarketHours(deps.upstream)),
        new Date(),
      );
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/api/securities',
    summary:
      'The securities with their names: issuer staff their own, everyone else every traded one',
    tags: ['market hours'],
    response: securityListSchema,
    async handler({ user, deps }) {
      const book = await deps.orderBook.load(latestTradingDay(new Date())).catch(() => null);
      const names = new Map(book?.securities.map((s) => [s.securityId, s.securityName]) ?? []);
      const ids = user!.role === 'issuer_staff' ? user!.securityIds : [...names.keys()].sort();
      return {
        securities: ids.map((securityId) => ({
          securityId,
          securityName: names.get(securityId) ?? null,
        })),
      };
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/api/securities/:securityId/market-hours',
    summary: 'The trading hours of one security',
    tags: ['market hours'],
    params: securityIdParamsSchema,
    response: securityHoursResponseSchema,
    async handler({ params, deps }) {
      return { securityHours: await getSecurityMarketHours(deps.upstream, params.securityId) };
    },
  }),
  defineRoute({
    method: 'PUT',
    url: '/api/securities/:securityId/market-hours',
    summary: 'Set the trading hours of one security; answers the hours read back',
    tags: ['market hours'],
    params: securityIdParamsSchema,
    body: weekHoursInputSchema,
    response: securityHoursResponseSchema,
    async handler({ params, body, deps, audit }) {
      const securityHours = await updateSecurityMarketHours(deps.upstream, {
        securityId: params.securityId,
        days: body,
      });
      await audit({
        action: 'security_hours_updated',
        objectType: 'security',
        objectId: params.securityId,
        outcome: 'succeeded',
      });
      return { securityHours };
    },
  }),
];
