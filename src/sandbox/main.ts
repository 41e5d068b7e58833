/** `npm run sandbox`: start the sandbox alone and print its base URL. */
import { startSandbox } from './index.js';

const started = Date.now();
const sandbox = await startSandbox({ logger: process.env.SANDBOX_LOG === 'on' });
console.log(
  `Transact sandbox ready at ${sandbox.url} (legacy operations at ${sandbox.url}/index.php/v3/<operation>) in ${Date.now() - started} ms`,
);
console.log(
  `client id ${sandbox.credentials.clientId}; control endpoints at ${sandbox.url}/__sandbox/`,
);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void sandbox.close().then(() => process.exit(0));
  });
}
