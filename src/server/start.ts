/**
 * `npm start`: builds the SPA when missing or stale, starts the sandbox in-process unless a real
 * upstream is configured, and serves the portal.
 */
import { ConfigError, loadConfig, startNotes } from './config';
import { loadEnvFile } from './env-file';
import { startPortal } from './server';
import { buildSpa, spaBuildIsStale } from './spa-build';
import { upstreamStartWarning } from './upstream/start-check';

async function main() {
  loadEnvFile();
  const config = loadConfig();
  const startedAt = Date.now();
  // SPA_DIR lets parallel test runs build into folders of their own.
  const spaDir = process.env.SPA_DIR || 'dist';
  if (spaBuildIsStale(process.cwd(), spaDir)) {
    console.log('Building the web app (it is missing or older than its sources)…');
    await buildSpa(spaDir);
  }
  const portal = await startPortal(config, { spaDir, fresh: process.env.E2E_FRESH === '1' });
  const seconds = ((Date.now() - startedAt) / 1000).toFixed(1);
  console.log(`\nPortal ready in ${seconds} s at ${portal.url}`);
  if (portal.sandboxUrl) {
    console.log(`Upstream: the bundled sandbox at ${portal.sandboxUrl} (no real API configured)`);
    console.log(`Demo sign-ins (password: the DEMO_PASSWORD setting, default demo-password-2026):`);
    for (const u of portal.demoUsers) console.log(`  ${u.email.padEnd(24)} ${u.role}`);
  } else if (config.upstream) {
    const { baseUrl, auth } = config.upstream;
    console.log(`Upstream: ${baseUrl} (${auth} credentials)`);
    for (const note of startNotes(config)) console.warn(note);
    // Told once, beside the line above; the portal serves meanwhile (the platform may come later).
    void upstreamStartWarning(portal.built.deps.upstream, baseUrl, auth).then((warning) => {
      if (warning) console.warn(warning);
    });
  }
  // SIGTERM/SIGINT: stop accepting, let in-flight requests finish, close the store, exit. If that
  // takes longer than the deadline the process exits anyway (code 1); a second signal exits now.
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) {
      console.error(`${signal} again: exiting now.`);
      process.exit(1);
    }
    stopping = true;
    console.log(
      `${signal}: finishing requests in flight (at most ${config.shutdownDeadlineMs} ms)…`,
    );
    const deadline = setTimeout(() => {
      console.error('Shutdown deadline passed: exiting with requests still open.');
      process.exit(1);
    }, config.shutdownDeadlineMs);
    deadline.unref();
    portal.close().then(
      () => process.exit(0),
      (err: unknown) => {
        console.error('Shutdown failed:', err instanceof Error ? err.message : err);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

/** A listen refused because the address is taken, as Node reports it. */
function isAddressInUse(err: unknown): err is Error & { address: string; port: number } {
  return (
    err instanceof Error &&
    (err as { code?: unknown }).code === 'EADDRINUSE' &&
    typeof (err as { port?: unknown }).port === 'number'
  );
}

main().catch((err: unknown) => {
  if (err instanceof ConfigError) {
    console.error(err.message);
  } else if (isAddressInUse(err)) {
    // Which setting names the port, so the person knows what to change or what to stop: often
    // a portal or sandbox left running from before.
    const setting = err.port === Number(process.env.SANDBOX_PORT ?? 8091) ? 'SANDBOX_PORT' : 'PORT';
    console.error(
      `The portal could not start: ${err.address}:${err.port} is already in use (${setting}). Stop what listens there (a portal or sandbox left running?) or set ${setting} to another port.`,
    );
  } else {
    console.error('The portal could not start:', err instanceof Error ? err.message : err);
  }
  process.exit(1);
});
