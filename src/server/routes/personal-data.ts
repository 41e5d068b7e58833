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
        // Never the value itself: the log says who looked at what, not what they saw.
        details: { field: body.field },
      };
      let value: string | null;
      try {
        value = await readPersonalValue(
          deps.upstream,
          body.objectType,
          body.objectId,
          body.field,
          body.accountId,
        );
      } catch (err) {
        await audit({ ...base, outcome: 'failed' });
        throw err;
      }
      await audit({ ...base, outcome: 'succeeded' });
      const { objectType, objectId, field } = body;
      return { objectType, objectId, field, value, revealedAt: new Date().toISOString() };
    },
  }),
];
