/**
 * One benchmark target in a process of its own, so that the load generator (or the browser's
 * driver), the upstream and the target never share an event loop: `bare-proxy` (Fastify + undici
 * adding the Authorization header, the floor any BFF hop pays), `bff` (the portal's BFF, store on
 * PGlite, or on PostgreSQL when BENCH_DATABASE_URL is set; BENCH_PORT and BENCH_SPA_DIR to serve
 * a built SPA on a known port) or `sandbox` (the upstream, in memory). Prints one `READY {json}`
 * line when listening. BENCH_STAGES=file.json writes, when the process is told to stop, the median
 * time of each stage of the requests it served one at a time (bench/request-stages.ts).
 *   SANDBOX_URL=… CLIENT_ID=… API_KEY=… tsx bench/target.ts bare-proxy|bff
 *   tsx bench/target.ts sandbox
 */
import { writeFileSync } from 'node:fs';
import inspector from 'node:inspector';
import Fastify from 'fastify';
import { Pool } from 'undici';
import { startSandbox } from '../src/sandbox/index';
import { openStore } from '../src/server/store/db';
import { benchSessionCookie, startBenchBff } from './bff';
import { recordRequestStages } from './request-stages';

const kind = process.argv[2];
const sandboxUrl = process.env.SANDBOX_URL!;
const clientId = process.env.CLIENT_ID!;
const apiKey = process.env.API_KEY!;

async function bareProxy() {
  const upstream = new Pool(sandboxUrl, { connections: 64, pipelining: 1 });
  const app = Fastify({ logger: false });
  app.get<{ Params: { id: string } }>('/accounts/:id', async (request, reply) => {
    const res = await upstream.request({
      method: 'POST',
      path: '/index.php/v3/getAccount',
      headers: {
        authorization: `Bearer ${clientId}:${apiKey}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify({ accountId: request.params.id }),
    });
    reply.code(res.statusCode).header('content-type', 'application/json');
    return res.body;
  });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return { url };
}

async function bff() {
  const databaseUrl = process.env.BENCH_DATABASE_URL || undefined;
  const db = await openStore({ dataDir: null, databaseUrl });
  if (databaseUrl) {
    // A reused database: start from the demo users alone.
    await db.deleteFrom('sessions').execute();
  }
  const { url } = await startBenchBff({
    sandbox: { url: sandboxUrl, credentials: { clientId, apiKey } },
    db,
    port: Number(process.env.BENCH_PORT ?? 0),
    spaDir: process.env.BENCH_SPA_DIR || undefined,
  });
  return { url, cookie: await benchSessionCookie(db, 'investor@demo.test') };
}

async function sandbox() {
  const { url, credentials } = await startSandbox({ port: 0, dataDir: null });
  return { url, credentials };
}

const ready =
  kind === 'bare-proxy' ? await bareProxy() : kind === 'sandbox' ? await sandbox() : await bff();

// BENCH_CPU_PROFILE=file.cpuprofile: a CPU profile of the serving phase only (start-up, seeding
// and migrations left out), written when the process is told to stop.
const profileFile = process.env.BENCH_CPU_PROFILE;
const session = profileFile ? new inspector.Session() : null;
if (session) {
  session.connect();
  await new Promise((resolve) => session.post('Profiler.enable', () => resolve(null)));
  await new Promise((resolve) => session.post('Profiler.start', () => resolve(null)));
}
const stagesFile = process.env.BENCH_STAGES;
const stages = stagesFile ? recordRequestStages() : null;
console.log(`READY ${JSON.stringify({ ...ready, pid: process.pid })}`);
process.on('SIGTERM', () => {
  if (stages) writeFileSync(stagesFile!, JSON.stringify(stages(), null, 1));
  if (!session) process.exit(0);
  session.post('Profiler.stop', (error, result) => {
    if (!error) writeFileSync(profileFile!, JSON.stringify(result.profile));
    process.exit(0);
  });
});
