/**
 * `npm run users -- <command>`: manage portal users and their links to upstream ids from a shell
 * (usersCommandUsage lists the commands). The commands themselves are in users-command.ts; this
 * is the process around them: configuration, the store, the platform to check links with, and
 * the password from stdin or PORTAL_PASSWORD.
 */
import { userInfo } from 'node:os';
import { loadConfig, type Config, type UpstreamSettings } from '../config';
import { loadEnvFile } from '../env-file';
import { CoalescingCache } from '../lib/coalescing-cache';
import type { LinkCheckDeps } from '../lib/link-checks';
import { readOfferingCatalog, type OfferingCatalog } from '../lib/offering-catalog';
import { openStore } from '../store/db';
import { createUpstreamClient } from '../upstream/client';
import { runUsersCommand, UsersCommandError } from './users-command';

async function readPassword(): Promise<string> {
  if (process.env.PORTAL_PASSWORD) return process.env.PORTAL_PASSWORD;
  if (process.stdin.isTTY) process.stdout.write('Password (input is shown; prefer piping it): ');
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) {
    chunks.push(chunk as Buffer);
    if (process.stdin.isTTY && chunk.includes(10)) break;
  }
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
}

/**
 * The platform a new link is checked with: the configured one, or else the sandbox of a portal
 * running on this machine (the embedded sandbox lives inside the portal's process, so without
 * it there is nothing to ask, and the check says so).
 */
async function upstreamOf(config: Config): Promise<UpstreamSettings> {
  if (config.upstream) return config.upstream;
  const { credentialsFromEnv } = await import('../../sandbox/config');
  const credentials = credentialsFromEnv(process.env);
  return {
    baseUrl: `http://127.0.0.1:${config.sandboxPort}`,
    clientId: credentials.clientId,
    apiKey: credentials.apiKey,
    auth: config.upstreamAuth,
    timeoutMs: config.upstreamTimeoutMs,
    maxSockets: 2,
    breaker: config.upstreamBreaker,
  };
}

function operator(): string {
  try {
    return userInfo().username;
  } catch {
    return 'unknown';
  }
}

async function main() {
  loadEnvFile();
  const config = loadConfig();
  const settings = await upstreamOf(config);
  const upstream = createUpstreamClient(settings);
  const linkChecks: LinkCheckDeps = {
    upstream,
    offerings: new CoalescingCache<OfferingCatalog>(5_000),
    loadOfferings: () => readOfferingCatalog(upstream, settings.auth),
  };
  const db = await openStore({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await runUsersCommand(process.argv.slice(2), {
      db,
      linkChecks,
      platform: config.upstream
        ? config.upstream.baseUrl
        : `the sandbox of the portal running on this machine, port ${config.sandboxPort}; start the portal first`,
      readPassword,
      print: (line) => console.log(line),
      operator: operator(),
    });
  } finally {
    await db.destroy();
    upstream.close();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof UsersCommandError || err instanceof Error ? err.message : err);
  process.exit(1);
});
