import { revealRequestSchema, revealResponseSchema } from '../../contract/personal-data';
import { readPersonalValue } from '../lib/personal-data';
import { defineRoute } from './define';

export const personalDataRoutes = [
  defineRoute({
    method: 'POST',
    url: '/api/personal-data/reveal',
    summary: 'Reveals one masked personal value to a reviewer, with a stated reason (audited)',
    tags: ['personal-data'],
    body: revealRequestSchema,
    response: revealResponseSchema,
    async handler({ body, deps, audit }) {
      const base = {
        action: 'personal_data_reveal',
        objectType: body.objectType,
        objectId: body.objectId,
        reason: body.reason,
      };
      // Never the value itself: the log says who looked at what, not what they saw. A fund move's
      // reveal names the move's account too (`accountId`, which the audit log's object filter
      // reads), so the account's id finds every look at its personal data, the bank numbers of
      // its moves included; an account's own reveal has the account as its object.
      const detailsOf = (accountId: string | undefined) =>
        body.objectType === 'fund_move' && accountId !== undefined
          ? { field: body.field, accountId }
          : { field: body.field };
      let read: Awaited<ReturnType<typeof readPersonalValue>>;
      try {
        read = await readPersonalValue(
          deps.upstream,
          body.objectType,
          body.objectId,
          body.field,
          body.accountId,
        );
      } catch (err) {
        // Not read: the account it was asked with.
        await audit({ ...base, outcome: 'failed', details: detailsOf(body.accountId) });
        throw err;
      }
      await audit({
        ...base,
        outcome: 'succeeded',
        details: detailsOf(read.accountId ?? body.accountId),
      });
      const { objectType, objectId, field } = body;
      return {
        objectType,
        objectId,
        field,
        value: read.value,
        revealedAt: new Date().toISOString(),
      };
    },
  }),
];
