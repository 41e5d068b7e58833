import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

/** Issue 3, item 3: a missing or malformed value stops the server with one sentence naming it. */
describe('boot configuration', () => {
  it('runs on the embedded sandbox when no real upstream is configured', () => {
    const config = loadConfig({});
    expect(config.upstream).toBeUndefined();
    expect(config.port).toBe(8080);
    expect(config.secureCookies).toBe(false);
  });

  it('points at the real API when all three variables are set', () => {
    const config = loadConfig({
      TRANSACT_BASE_URL: 'https://api.example.com/tapiv3/',
      TRANSACT_CLIENT_ID: 'id',
      TRANSACT_API_KEY: 'key',
      TRANSACT_AUTH: 'body',
      PUBLIC_URL: 'https://portal.example.com',
    });
    expect(config.upstream).toMatchObject({
      baseUrl: 'https://api.example.com/tapiv3',
      auth: 'body',
    });
    expect(config.secureCookies).toBe(true);
  });

  it.each([
    [{ PORT: 'abc' }, 'Configuration error: PORT must be a number.'],
    [{ TRANSACT_AUTH: 'query' }, 'Configuration error: TRANSACT_AUTH must be one of header, body.'],
    [
      { DATABASE_URL: 'mysql://x' },
      'Configuration error: DATABASE_URL must start with postgres:// or postgresql://.',
    ],
    [
      { TRANSACT_BASE_URL: 'https://api.example.com', TRANSACT_CLIENT_ID: 'id' },
      'Configuration error: TRANSACT_API_KEY is required when TRANSACT_BASE_URL and TRANSACT_CLIENT_ID are set (all three point the portal at the real API).',
    ],
  ])('refuses %j with one sentence naming it', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});
