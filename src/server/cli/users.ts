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
import { readOfferingCatalog, type OfferingCatalog } from '../lib/offering-catalog';
import { openStore } from '../store/db';
import { createUpstreamClient, type UpstreamClient } from '../upstream/client';
import { runUsersCommand } from './users-command';

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

/** Whether a portal's sandbox answers at `url` (the portal runs, with its embedded sandbox). */
async function sandboxAnswers(url: string): Promise<boolean> {
  try {
    const res = await fetch(`${url}/__sandbox/manifest`, { signal: AbortSignal.timeout(2_000) });
    return res.ok;
  } catch {
    return false;
  }
}

/**
 * The platform a new link is checked with: the configured one; or else the sandbox of a portal
 * running on this machine; or else, the portal being stopped, its sandbox started here on the
 * same data folder for the while of the command (the embedded sandbox lives inside the portal's
 * process, and with the store on PGlite the portal must be stopped for this command to run).
 */
interface Platform {
  upstream: UpstreamClient;
  /** How the platform takes its credentials (the offering catalog is read differently). */
  auth: UpstreamSettings['auth'];
  words: string;
  /** The settings that hold the credentials it is asked with. */
  credentials: string;
  /** Where it is asked, and the setting that says so. */
  address: { url: string; setting: string };
  close(): Promise<void>;
}

async function platformOf(config: Config): Promise<Platform> {
  const reach = (
    settings: UpstreamSettings,
    words: string,
    { credentials, setting }: { credentials: string; setting: string },
    stop = () => Promise.resolve(),
  ) => {
    const client = createUpstreamClient(settings);
    return {
      upstream: client,
      auth: settings.auth,
      words,
      credentials,
      address: { url: settings.baseUrl, setting },
      close: async () => {
        client.close();
        await stop();
      },
    };
  };
  // Without TRANSACT_BASE_URL the sandbox is asked, a running portal's at SANDBOX_PORT.
  const sandboxSettings = {
    credentials: 'SANDBOX_CLIENT_ID and SANDBOX_API_KEY',
    setting: 'SANDBOX_PORT',
  };
  const tuning = {
    auth: config.upstreamAuth,
    timeoutMs: config.upstreamTimeoutMs,
    maxSockets: 2,
    breaker: config.upstreamBreaker,
  };
  if (config.upstream) {
    return reach(config.upstream, config.upstream.baseUrl, {
      credentials: 'TRANSACT_CLIENT_ID and TRANSACT_API_KEY',
      setting: 'TRANSACT_BASE_URL',
    });
  }
  const running = `http://127.0.0.1:${config.sandboxPort}`;
  if (await sandboxAnswers(running)) {
    const { credentialsFromEnv } = await import('../../sandbox/config');
    const { clientId, apiKey } = credentialsFromEnv(process.env);
    return reach(
      { baseUrl: running, clientId, apiKey, ...tuning },
      `the sandbox of the portal running at ${running}`,
      sandboxSettings,
    );
  }
  const { startSandbox } = await import('../../sandbox/index');
  const sandbox = await startSandbox({ port: 0, dataDir: config.sandboxDataDir, logger: false });
  return reach(
    {
      baseUrl: sandbox.url,
      clientId: sandbox.credentials.clientId,
      apiKey: sandbox.credentials.apiKey,
      ...tuning,
    },
    `the embedded sandbox of ${config.sandboxDataDir}`,
    sandboxSettings,
    () => sandbox.close(),
  );
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
  const db = await openStore({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  // Reached only by a link, and then once: starting a sandbox for a `list` would be waste.
  const platform: { reached: Promise<Platform> | null } = { reached: null };
  try {
    await runUsersCommand(process.argv.slice(2), {
      db,
      platform: async () => {
        platform.reached ??= platformOf(config);
        const { upstream, auth, words, credentials, address } = await platform.reached;
        return {
          words,
          credentials,
          address,
          checks: {
            upstream,
            offerings: new CoalescingCache<OfferingCatalog>(5_000),
            loadOfferings: () => readOfferingCatalog(upstream, auth),
          },
        };
      },
      readPassword,
      print: (line) => console.log(line),
      operator: operator(),
    });
  } finally {
    await db.destroy();
    await (await platform.reached?.catch(() => null))?.close();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
