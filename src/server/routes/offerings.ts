import {
  offeringDetailSchema,
  offeringListQuerySchema,
  offeringListSchema,
  offeringParamsSchema,
} from '../../contract/offerings';
import { findInCatalog } from '../lib/offering-catalog';
import { defineRoute } from './define';

export const offeringRoutes = [
  defineRoute({
    method: 'GET',
    url: '/api/offerings',
    summary:
      'Offerings, optionally filtered by status, one or several comma-separated (cached briefly and shared)',
    tags: ['offerings'],
    query: offeringListQuerySchema,
    response: offeringListSchema,
    async handler({ query, deps }) {
      const {
        offerings: all,
        skippedRecords,
        unreadable,
      } = await deps.offerings.get('all', () => deps.loadOfferings());
      // One status, or several comma-separated (the portal's "Open for investment" is approved,
      // open and active alike).
      const statuses = query.status
        ?.toLowerCase()
        .split(',')
        .map((status) => status.trim())
        .filter(Boolean);
      return {
        offerings: statuses?.length ? all.filter((o) => statuses.includes(o.status)) : all,
        // Records the upstream sent that could not be understood: the page says how many, and
        // names those whose id could be read, under any filter: their status could not be relied on.
        skippedRecords,
        unreadable,
      };
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/api/offerings/:offeringId',
    summary: 'One offering',
    tags: ['offerings'],
    params: offeringParamsSchema,
    response: offeringDetailSchema,
    async handler({ params, deps }) {
      const catalog = await deps.offerings.get('all', () => deps.loadOfferings());
      return { offering: findInCatalog(catalog, params.offeringId) };
    },
  }),
];
