/**
 * Renders the policy table into docs/bff-api.md between the POLICY markers, so the document always
 * matches the code: `npx tsx scripts/policy-docs.ts` (a unit test fails when it is out of date).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { policyTable } from '../src/server/policy/table';

export function renderPolicyTable(): string {
  const rows = Object.entries(policyTable)
    .sort(([a], [b]) => a.split(' ')[1].localeCompare(b.split(' ')[1]) || a.localeCompare(b))
    .map(([key, p]) => {
      const roles = p.roles === 'public' ? 'public' : p.roles.join(', ');
      const objects =
        p.objects.length === 0
          ? '—'
          : p.objects
              .map(
                (o) =>
                  `${o.from}.${o.field}: ${o.kind} (${o.check}${o.optional ? ', optional' : ''})`,
              )
              .join('<br>');
      const stepUpLabels: Record<string, string> = {
        always: 'yes',
        conditional: 'when the note says',
      };
      const stepUp = stepUpLabels[p.stepUp ?? ''] ?? '—';
      return `| \`${key}\` | ${roles} | ${objects} | ${stepUp} | ${p.note ?? ''} |`;
    });
  return [
    '| route | roles | object ids checked | step-up | what it does |',
    '|---|---|---|---|---|',
    ...rows,
  ].join('\n');
}

const START = '<!-- POLICY:START -->';
const END = '<!-- POLICY:END -->';

export function withPolicyTable(doc: string): string {
  const start = doc.indexOf(START);
  const end = doc.indexOf(END);
  if (start < 0 || end < 0) throw new Error('docs/bff-api.md lacks the POLICY markers');
  return `${doc.slice(0, start + START.length)}\n${renderPolicyTable()}\n${doc.slice(end)}`;
}

if (process.argv[1]?.endsWith('policy-docs.ts')) {
  const file = 'docs/bff-api.md';
  writeFileSync(file, withPolicyTable(readFileSync(file, 'utf8')));
  console.log(`Updated the policy table in ${file}.`);
}
