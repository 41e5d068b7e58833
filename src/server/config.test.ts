import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, startNotes } from './config';

/** The three variables that point the portal at the real API. */
const REAL_API = {
  TRANSACT_BASE_URL: 'https://api.example.com',
  TRANSACT_CLIENT_ID: 'id',
  TRANSACT_API_KEY: 'key',
};

/** A missing or malformed value stops the server with one sentence naming it. */
describe('boot configuration', () => {
  it('runs on the embedded sandbox when no real upstream is configured', () => {
    const config = loadConfig({});
    expect(config.upstream).toBeUndefined();
    expect(config.port).toBe(8080);
    expect(config.secureCookies).toBe(false);
  });

  it('takes a lost request as not sent only after a long quiet period, never shorter than a call may run', () => {
    expect(loadConfig({}).reconcileNotSentAfterMs).toBe(30 * 60_000);
    expect(loadConfig({ RECONCILE_NOT_SENT_AFTER_MS: '3600000' }).reconcileNotSentAfterMs).toBe(
      3_600_000,
    );
    expect(() => loadConfig({ RECONCILE_NOT_SENT_AFTER_MS: '20000' })).toThrow(
      'Configuration error: RECONCILE_NOT_SENT_AFTER_MS must be at least TRANSACT_TIMEOUT_MS + CLAIM_LEASE_MS (25000 here): a request is only taken as not sent once its call cannot still be running.',
    );
    expect(() => loadConfig({ RECONCILE_NOT_SENT_AFTER_MS: 'soon' })).toThrow(
      'Configuration error: RECONCILE_NOT_SENT_AFTER_MS must be a number.',
    );
  });

  it("takes a disbursement's absence from the fund moves as telling only on the sandbox, unless set", () => {
    // §4.3 and §2.9 do not say the platform lists a disbursement's money among the fund moves.
    expect(loadConfig({}).disbursementsListedAsFundMoves).toBe(true);
    expect(loadConfig(REAL_API).disbursementsListedAsFundMoves).toBe(false);
    expect(
      loadConfig({ ...REAL_API, DISBURSEMENTS_LISTED_AS_FUND_MOVES: 'yes' })
        .disbursementsListedAsFundMoves,
    ).toBe(true);
    expect(() => loadConfig({ DISBURSEMENTS_LISTED_AS_FUND_MOVES: 'maybe' })).toThrow(
      /DISBURSEMENTS_LISTED_AS_FUND_MOVES/,
    );
  });

  it('takes 100 sign-in attempts from one address in 15 minutes unless set, at least 10', () => {
    expect(loadConfig({}).signInLimitPerAddress).toBe(100);
    expect(loadConfig({ SIGN_IN_LIMIT_PER_ADDRESS: '2000' }).signInLimitPerAddress).toBe(2000);
    expect(() => loadConfig({ SIGN_IN_LIMIT_PER_ADDRESS: '5' })).toThrow(
      /SIGN_IN_LIMIT_PER_ADDRESS/,
    );
  });

  it('says whom to contact for support only when told, in at most 120 characters', () => {
    expect(loadConfig({}).supportContact).toBeUndefined();
    expect(loadConfig({ SUPPORT_CONTACT: ' help@bank.example ' }).supportContact).toBe(
      'help@bank.example',
    );
    expect(() => loadConfig({ SUPPORT_CONTACT: 'x'.repeat(121) })).toThrow(/SUPPORT_CONTACT/);
  });

  it('reads at most 10,000 fund moves for a timeline unless set, in whole pages of 500', () => {
    expect(loadConfig({}).timelineMaxFundMoves).toBe(10_000);
    expect(loadConfig({ TIMELINE_MAX_FUND_MOVES: '2500' }).timelineMaxFundMoves).toBe(2_500);
    expect(() => loadConfig({ TIMELINE_MAX_FUND_MOVES: '750' })).toThrow(
      'TIMELINE_MAX_FUND_MOVES must be a multiple of 500 (a page of fund moves)',
    );
    expect(() => loadConfig({ TIMELINE_MAX_FUND_MOVES: '100' })).toThrow('TIMELINE_MAX_FUND_MOVES');
  });

  it('looks for a "not sent" again for a configured while, one day unless set, never shorter than a pass', () => {
    expect(loadConfig({}).reconcileRecheckNotSentMs).toBe(86_400_000);
    expect(
      loadConfig({ RECONCILE_RECHECK_NOT_SENT_MS: '172800000' }).reconcileRecheckNotSentMs,
    ).toBe(172_800_000);
    expect(() =>
      loadConfig({ RECONCILE_RECHECK_NOT_SENT_MS: '120000', HOUSEKEEPING_INTERVAL_MS: '600000' }),
    ).toThrow(
      'Configuration error: RECONCILE_RECHECK_NOT_SENT_MS must be at least HOUSEKEEPING_INTERVAL_MS (600000 here): a request settled as not sent must be looked for again by at least one pass.',
    );
    expect(() => loadConfig({ RECONCILE_RECHECK_NOT_SENT_MS: 'a day' })).toThrow(
      'Configuration error: RECONCILE_RECHECK_NOT_SENT_MS must be a number.',
    );
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
    // zod's own words ("invalid url", "a int") never reach the operator: each rule in a sentence.
    [
      { PUBLIC_URL: 'portal.example.com' },
      'Configuration error: PUBLIC_URL must be a URL with its scheme, such as https://example.com.',
    ],
    [
      { SESSION_IDLE_MINUTES: '2.5' },
      'Configuration error: SESSION_IDLE_MINUTES must be a whole number.',
    ],
    [
      { DEMO_PASSWORD: 'short' },
      'Configuration error: DEMO_PASSWORD must be at least 8 characters long.',
    ],
    [
      { TRANSACT_BREAKER_FAILURE_RATE: '1' },
      'Configuration error: TRANSACT_BREAKER_FAILURE_RATE must be less than 1.',
    ],
    [
      { TRANSACT_BREAKER_FAILURE_RATE: '0' },
      'Configuration error: TRANSACT_BREAKER_FAILURE_RATE must be more than 0.',
    ],
    [
      { TRANSACT_TIME_ZONE: 'Mars/Base' },
      'Configuration error: TRANSACT_TIME_ZONE must be an IANA time zone such as UTC or America/New_York.',
    ],
    [{ TRANSACT_AUTH: 'query' }, 'Configuration error: TRANSACT_AUTH must be one of header, body.'],
    [
      { DATABASE_URL: 'mysql://x' },
      'Configuration error: DATABASE_URL must start with postgres:// or postgresql://.',
    ],
    [
      { TRANSACT_BASE_URL: 'https://api.example.com', TRANSACT_CLIENT_ID: 'id' },
      'Configuration error: TRANSACT_API_KEY is required when TRANSACT_BASE_URL and TRANSACT_CLIENT_ID are set (all three point the portal at the real API).',
    ],
    [
      { OIDC_ISSUER_URL: 'https://login.example.com', OIDC_CLIENT_ID: 'portal' },
      'Configuration error: OIDC_CLIENT_SECRET is required when OIDC_ISSUER_URL and OIDC_CLIENT_ID are set (all three configure single sign-on).',
    ],
    [
      { OIDC_GROUP_ROLES: 'admins=superuser' },
      'Configuration error: OIDC_GROUP_ROLES must be group=role pairs separated by commas, such as portal-admins=admin,reviewers=compliance.',
    ],
    [
      { MFA_REQUIRED_ROLES: 'admin,root' },
      'Configuration error: MFA_REQUIRED_ROLES must list roles among investor, issuer_staff, compliance, admin (got root).',
    ],
    [
      { DISBURSEMENT_APPROVAL_ABOVE: '1e6' },
      'Configuration error: DISBURSEMENT_APPROVAL_ABOVE must be an amount such as 50000 or 2500.50.',
    ],
    [
      { DATA_ENCRYPTION_KEY: 'short' },
      'Configuration error: DATA_ENCRYPTION_KEY must be 32 bytes as base64 (44 characters, such as the output of `openssl rand -base64 32`) or as 64 hex digits.',
    ],
    [
      {
        TRANSACT_BASE_URL: 'https://api.example.com',
        TRANSACT_CLIENT_ID: 'id',
        TRANSACT_API_KEY: 'key',
        DATABASE_URL: 'postgresql://portal@db/portal',
      },
      'Configuration error: DATA_ENCRYPTION_KEY is required with DATABASE_URL and the real API (second-factor secrets and held bank details are sealed with it; every instance needs the same key: generate one with `openssl rand -base64 32`).',
    ],
  ])('refuses %j with one sentence naming it', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('identity defaults: strict with a real upstream, relaxed on the sandbox, maker-checker off', () => {
    const real = loadConfig({
      TRANSACT_BASE_URL: 'https://api.example.com',
      TRANSACT_CLIENT_ID: 'id',
      TRANSACT_API_KEY: 'key',
      PUBLIC_URL: 'https://portal.example.com',
    });
    expect(real.identity).toMatchObject({
      mfaRequiredRoles: ['compliance', 'admin'],
      stepUpWithoutFactor: 'refuse',
      stepUpMs: 300_000,
      disbursementApprovalAbove: undefined,
      rpId: 'portal.example.com',
      origin: 'https://portal.example.com',
    });
    expect(real.oidc).toBeUndefined();
    const sandbox = loadConfig({});
    expect(sandbox.identity).toMatchObject({
      mfaRequiredRoles: [],
      stepUpWithoutFactor: 'allow',
      rpId: 'localhost',
      origin: 'http://localhost:8080',
    });
    expect(
      loadConfig({
        TRANSACT_BASE_URL: 'https://a.example',
        TRANSACT_CLIENT_ID: 'i',
        TRANSACT_API_KEY: 'k',
        MFA_REQUIRED_ROLES: 'none',
      }).identity.mfaRequiredRoles,
    ).toEqual([]);
  });

  it('single sign-on settings: group mapping, domains, no just-in-time creation unless asked', () => {
    const config = loadConfig({
      OIDC_ISSUER_URL: 'https://login.example.com/realms/staff',
      OIDC_CLIENT_ID: 'portal',
      OIDC_CLIENT_SECRET: 'secret',
      OIDC_GROUP_ROLES: 'portal-admins=admin, reviewers=compliance',
      OIDC_ALLOWED_DOMAINS: '@Example.com, corp.example',
    });
    expect(config.oidc).toMatchObject({
      groupRoles: { 'portal-admins': 'admin', reviewers: 'compliance' },
      allowedDomains: ['example.com', 'corp.example'],
      jitRole: undefined,
      groupsClaim: 'groups',
    });
  });

  it('notes at start a real API on PGlite whose sealing key lies beside the store, and nothing else', () => {
    const real = { ...REAL_API, DATA_DIR: '/srv/portal', TRANSACT_TIME_ZONE: 'America/Denver' };
    expect(startNotes(loadConfig(real))).toEqual([
      'Note: DATA_ENCRYPTION_KEY is not set, so second-factor secrets and held bank details are sealed with the key file in /srv/portal, beside the store: a copy of that folder carries both. Set DATA_ENCRYPTION_KEY from your secret store (README, Configuration).',
    ]);
    const key = Buffer.alloc(32, 7).toString('base64');
    expect(startNotes(loadConfig({ ...real, DATA_ENCRYPTION_KEY: key }))).toEqual([]);
    // The sandbox's demo has no real money to protect.
    expect(startNotes(loadConfig({}))).toEqual([]);
  });

  it('notes at start a real API whose time zone was left to the UTC default, and one on body credentials', () => {
    const key = Buffer.alloc(32, 7).toString('base64');
    const real = { ...REAL_API, DATA_ENCRYPTION_KEY: key };
    expect(startNotes(loadConfig(real))).toEqual([
      "Note: TRANSACT_TIME_ZONE is not set, so the platform's zone-less timestamps are read as UTC. Set it to the zone the platform writes them in (an IANA name such as America/Denver): a wrong zone shows every platform time hours off, and dates near midnight on the wrong day.",
    ]);
    // Set, even to UTC, it is the operator's word.
    expect(startNotes(loadConfig({ ...real, TRANSACT_TIME_ZONE: 'UTC' }))).toEqual([]);
    expect(
      startNotes(loadConfig({ ...real, TRANSACT_TIME_ZONE: 'UTC', TRANSACT_AUTH: 'body' })),
    ).toEqual([
      expect.stringMatching(/^Note: TRANSACT_AUTH=body: the platform operations read with GET/),
    ]);
  });

  it('the window of the same request sent twice: 10 minutes by default, 0 turns it off, bad values name the setting', () => {
    expect(loadConfig({ PORT: '8080' }).sameRequestWindowMs).toBe(600_000);
    expect(loadConfig({ PORT: '8080', SAME_REQUEST_WINDOW_MINUTES: '0' }).sameRequestWindowMs).toBe(
      0,
    );
    expect(() => loadConfig({ PORT: '8080', SAME_REQUEST_WINDOW_MINUTES: '-1' })).toThrow(
      /SAME_REQUEST_WINDOW_MINUTES must be at least 0/,
    );
    expect(() => loadConfig({ PORT: '8080', SAME_REQUEST_WINDOW_MINUTES: '1.5' })).toThrow(
      /SAME_REQUEST_WINDOW_MINUTES must be a/,
    );
    expect(() => loadConfig({ PORT: '8080', SAME_REQUEST_WINDOW_MINUTES: '2000' })).toThrow(
      /SAME_REQUEST_WINDOW_MINUTES must be at most 1440/,
    );
  });
});
