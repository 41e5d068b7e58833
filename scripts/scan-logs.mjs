#!/usr/bin/env node
// Reads the BFF log of a whole e2e run and fails when a secret or personal datum appears
// in it: the API keys, client id and demo password; session tokens; full SSNs; tax
// ids, routing and account numbers; IBANs. Usage: node scripts/scan-logs.mjs <log file>
import { existsSync, readFileSync } from 'node:fs';

const file = process.argv[2] ?? '.data/e2e-8181/portal.log';
if (!existsSync(file)) {
  console.error(`No log at ${file}: run the e2e suite first.`);
  process.exit(1);
}
const text = readFileSync(file, 'utf8');
const lines = text.split('\n').filter(Boolean);

const env = process.env;
const literals = {
  'API key': env.SANDBOX_API_KEY || 'sandbox-key-full-access',
  'limited API key': env.SANDBOX_LIMITED_API_KEY || 'sandbox-key-limited',
  'client id': env.SANDBOX_CLIENT_ID || 'sandbox-client',
  'demo password': env.DEMO_PASSWORD || 'demo-password-2026',
};
const patterns = {
  // 32 random bytes in base64url: the session cookie's token.
  'session token': /(?<![A-Za-z0-9_-])[A-Za-z0-9_-]{43}(?![A-Za-z0-9_-])/,
  'session cookie': /portal_session=/,
  'full SSN': /\b\d{3}-\d{2}-\d{4}\b/,
  // Digit runs glued to letters are identifiers (accounts A1040000, fund moves CFM70000002).
  'tax id or routing number (9 digits)': /(?<![\w.])\d{9}(?![\w.])/,
  'bank account number (6–17 digits, not a 13-digit epoch time)':
    /(?<![\w.])(\d{6,8}|\d{10,12}|\d{14,17})(?![\w.])/,
  IBAN: /\b[A-Z]{2}\d{2}[A-Z0-9]{10,30}\b/,
};

const findings = [];
lines.forEach((line, i) => {
  for (const [what, value] of Object.entries(literals)) {
    if (line.includes(value)) findings.push(`line ${i + 1}: ${what}`);
  }
  // Look only inside values, so JSON keys and numbers pino adds (time, pid, responseTime) pass.
  let parsed;
  try {
    parsed = JSON.parse(line);
  } catch {
    parsed = { raw: line };
  }
  const { time: _t, pid: _p, responseTime: _r, ...rest } = parsed;
  // URLs hold identifiers only (orders are 9-digit numbers), never personal data, by design; the
  // literal checks above still cover them.
  if (rest.req?.url) rest.req = { ...rest.req, url: '<url>' };
  // Request ids are UUIDs, whose hex groups can be all digits: take them out first.
  const values = JSON.stringify(rest).replace(
    /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi,
    '<uuid>',
  );
  for (const [what, re] of Object.entries(patterns)) {
    const m = values.match(re);
    if (m) findings.push(`line ${i + 1}: ${what} (${m[0].slice(0, 4)}…)`);
  }
});

if (findings.length) {
  console.error(`✘ ${findings.length} finding(s) in ${lines.length} log lines of ${file}:`);
  for (const f of findings.slice(0, 30)) console.error(`  ${f}`);
  process.exit(1);
}
console.log(
  `✔ ${lines.length} log lines of ${file}: no key, client id, password, session token, SSN, tax id or bank number`,
);
