/**
 * Renders the policy table into docs/bff-api.md between the POLICY markers, so the document always
 * matches the code: `npx tsx scripts/policy-docs.ts` (a unit test fails when it is out of date).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { policyTable, roleModel } from '../src/server/policy/table';
import type { Rate, RoutePolicy } from '../src/server/policy/types';

const sortedEntries = () =>
  Object.entries(policyTable).sort(
    ([a], [b]) => a.split(' ')[1].localeCompare(b.split(' ')[1]) || a.localeCompare(b),
  );

/** A route that changes something: not a GET and not a read sent as POST. */
const changes = (key: string, p: RoutePolicy) =>
  !key.startsWith('GET ') && !p.readsOnly && !p.reviewRecord;

function renderRoleModel(): string {
  const held = (role: string, which: (key: string, p: RoutePolicy) => boolean) =>
    sortedEntries()
      .filter(
        ([key, p]) => which(key, p) && p.roles !== 'public' && p.roles.includes(role as never),
      )
      .map(([key]) => `\`${key}\``);
  const list = (keys: string[]) => (keys.length ? keys.join('<br>') : 'nothing');
  const rows = Object.entries(roleModel).map(([role, what]) => {
    const writes = held(role, changes);
    const records = held(role, (key, p) => !key.startsWith('GET ') && !!p.reviewRecord);
    return `| ${role} | ${what} | ${list(writes)} | ${list(records)} |`;
  });
  return [
    "| role | what it is for | may change | writes review records only (notes, the register's settlements; nothing sent to the platform) |",
    '|---|---|---|---|',
    ...rows,
  ].join('\n');
}

const rate = (r: Rate) =>
  `${r.max} per ${r.windowSeconds === 60 ? 'minute' : `${r.windowSeconds} s`}`;

function renderLimits(): string {
  const rows = sortedEntries()
    .filter(([, p]) => p.limits)
    .map(([key, p]) => {
      const l = p.limits!;
      return `| \`${key}\` | ${rate(l.perUser)} | ${rate(l.global)} | ${l.concurrentPerUser ?? '—'} |`;
    });
  return [
    '| route | per user | all users together | at once per user (per instance) |',
    '|---|---|---|---|',
    ...rows,
  ].join('\n');
}

export function renderPolicyTable(): string {
  const rows = sortedEntries().map(([key, p]) => {
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
    '### Roles',
    '',
    renderRoleModel(),
    '',
    '### Routes',
    '',
    '| route | roles | object ids checked | step-up | what it does |',
    '|---|---|---|---|---|',
    ...rows,
    '',
    '### Limits',
    '',
    renderLimits(),
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
