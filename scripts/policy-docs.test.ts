import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { withPolicyTable } from './policy-docs';

it('docs/bff-api.md shows the current policy table (run npx tsx scripts/policy-docs.ts)', () => {
  const doc = readFileSync('docs/bff-api.md', 'utf8');
  expect(doc).toBe(withPolicyTable(doc));
});
