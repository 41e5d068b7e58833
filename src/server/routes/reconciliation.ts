import { reconciliationSummarySchema } from '../../contract/money-requests';
import { reconcile } from '../lib/reconciliation';
import { defineRoute } from './define';

export const reconciliationRoutes = [
  defineRoute({
    method: 'POST',
    url: '/api/compliance/money-requests/reconcile',
    summary:
      'Settle money requests whose outcome is unknown by asking the upstream now (audited; the scheduled job does the same)',
    tags: ['compliance'],
    response: reconciliationSummarySchema,
    async handler({ deps, user, audit }) {
      // As the scheduled pass does: outcomes answered while the store was down are recorded
      // first, so a request whose answer waits in the spool is never taken for one that stopped.
      await deps.spool.replay(deps.db);
      const summary = await reconcile({
        db: deps.db,
        upstream: deps.upstream,
        settledBy: user!.id,
        notSentAfterMs: deps.config.reconcileNotSentAfterMs,
        disbursementsListed: deps.config.disbursementsListedAsFundMoves,
        recheckNotSentMs: deps.config.reconcileRecheckNotSentMs,
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
