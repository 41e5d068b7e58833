import { z } from 'zod';
import { reconcile } from '../lib/reconciliation';
import { defineRoute } from './define';

const summarySchema = z.object({
  examined: z.number().int(),
  created: z.number().int(),
  notSent: z.number().int(),
  stillUnknown: z.number().int(),
});

export const reconciliationRoutes = [
  defineRoute({
    method: 'POST',
    url: '/api/compliance/money-requests/reconcile',
    summary:
      'Settle money requests whose outcome is unknown by asking the upstream now (audited; the scheduled job does the same)',
    tags: ['compliance'],
    response: summarySchema,
    async handler({ deps, user, audit }) {
      const summary = await reconcile({
        db: deps.db,
        upstream: deps.upstream,
        settledBy: user!.id,
        notSentAfterMs: deps.config.upstreamTimeoutMs + deps.config.claimLeaseMs,
      });
      await audit({
        action: 'money_requests_reconciled',
        outcome: 'succeeded',
        details: { ...summary },
      });
      return summary;
    },
  }),
];
