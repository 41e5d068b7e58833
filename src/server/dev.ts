/**
 * `npm run dev`: the BFF (and the sandbox) on PORT, and Vite's dev server with hot reload in
 * front of it, proxying /api to the BFF (see vite.config.ts).
 */
import { ConfigError, loadConfig } from './config';
import { loadEnvFile } from './env-file';
import { startPortal } from './server';

async function main() {
  loadEnvFile();
  const vitePort = Number(process.env.VITE_PORT ?? 5173);
  // Browsers use Vite's address in development, so that is the origin mutating requests carry
  // (the BFF compares Origin with PUBLIC_URL only).
  process.env.PUBLIC_URL ??= `http://127.0.0.1:${vitePort}`;
  // Replies are checked against their contracts while developing (lib/reply-serializer.ts).
  process.env.REPLY_CHECK ??= 'on';
  const config = loadConfig();
  const portal = await startPortal(config);
  const { createServer } = await import('vite');
  const vite = await createServer({
    server: { host: '127.0.0.1', port: vitePort },
  });
  await vite.listen();
  console.log(`BFF on http://${config.host}:${config.port}; open the app with hot reload at:`);
  vite.printUrls();
  if (portal.sandboxUrl)
    console.log(`Demo sign-ins: ${portal.demoUsers.map((u) => u.email).join(', ')}`);
  const stop = async () => {
    await vite.close();
    await portal.close();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((err: unknown) => {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
});
