import type {
  AuthenticationResponseJSON,
  AuthenticatorTransport,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { z } from 'zod';
import {
  confirmTotpSchema,
  enrolledSchema,
  enrolPasskeySchema,
  factorParamsSchema,
  factorsSchema,
  passkeyOptionsSchema,
  recoveryCodesSchema,
  totpEnrolmentSchema,
  verifySecondFactorResultSchema,
  verifySecondFactorSchema,
  type Factor,
} from '../../contract/identity';
import type { SignedInUser } from '../deps';
import { HttpError } from '../lib/http-error';
import { deviceTokenOf, setDeviceCookie, setSessionCookie } from '../plugins/session';
import { rememberDevice } from '../store/sign-in-devices';
import { clear, hit } from '../store/rate-limits';
import { auditedRefusal, tooManyAttempts } from '../lib/too-many-attempts';
import {
  addPasskey,
  addTotp,
  hasSecondFactor,
  listFactors,
  listPasskeys,
  newRecoveryCodes,
  newTotpSecret,
  recordPasskeyUse,
  remainingRecoveryCodes,
  removeFactorKeepingOne,
  totpFor,
  totpStep,
  useRecoveryCode,
  verifyTotp,
  type FactorSummary,
  type StoredPasskey,
} from '../store/second-factors';
import {
  getSessionScratch,
  markSecondFactor,
  recordWrongCode,
  setSessionScratch,
  type ActiveSession,
} from '../store/sessions';
import { defineRoute, type RouteContext } from './define';

/**
 * The passkey library loads on first use: it and its ASN.1 stack take about a second to import,
 * which every start would otherwise pay, though only passkey sign-ins and enrolments need it.
 */
const webauthn = () => import('@simplewebauthn/server');

/**
 * Wrong second-factor attempts allowed in 15 minutes (a 6-digit code is guessable): per user for
 * sign-ins still waiting for their second factor, per session for step-up (failureKey).
 */
const FAILURES_PER_WINDOW = 10;
const WINDOW_MS = 15 * 60_000;

/**
 * Whose budget of attempts a proof spends. A sign-in waiting for its second factor spends the
 * user's: anyone with the password can start as many of them as they like, so the code's
 * guessing is bounded across all of them. Step-up in a complete session spends that session's
 * own: the session proved the factor once already, and the guesses of someone who has only the
 * password (spent on sign-ins of their own) must not lock its owner out of step-up, and with it
 * out of changing the password that was taken. The session's id changes only with a proof,
 * which gives its attempts back.
 */
const failureKey = (user: SignedInUser, session: ActiveSession) =>
  session.pendingSecondFactor ? `2fa:fail:${user.id}` : `2fa:step-up:${session.idHash}`;

/** Said with a wrong code while at most two tries of the window are left; nothing before. */
function lastTries(left: number, resetAt: Date, now = Date.now()): string {
  if (left > 2) return '';
  const minutes = Math.max(1, Math.ceil((resetAt.getTime() - now) / 60_000));
  const pause = `no code is checked for ${minutes} minute${minutes > 1 ? 's' : ''}`;
  if (left <= 0) return ` That was the last try: ${pause}.`;
  return ` ${left} more wrong ${left === 1 ? 'code' : 'codes'} and ${pause}.`;
}

/** What to do when an enrolment was stored but the store failed after it (RouteSpec `afterChange`). */
const AFTER_ENROLMENT =
  'Reload Security settings to see your second factors before adding this one again; if it says you have no recovery codes, create them there.';

/** A factor as the person's list shows it: the stored summary, its times as ISO strings. */
const toFactor = ({ createdAt, lastUsedAt, ...f }: FactorSummary): Factor => ({
  ...f,
  createdAt: createdAt.toISOString(),
  lastUsedAt: lastUsedAt?.toISOString() ?? null,
});

type Ctx = RouteContext<unknown, unknown, unknown>;

function live(ctx: Ctx): { user: SignedInUser; session: ActiveSession } {
  const { user } = ctx;
  const session = ctx.request.session;
  if (!user || !session) {
    throw new HttpError('unauthenticated', 'Your session has ended. Please sign in again.');
  }
  return { user, session };
}

/**
 * How recently a person without a second factor must have signed in to start adding their first:
 * time enough to install an authenticator app after signing in.
 */
const FIRST_FACTOR_SIGN_IN_MS = 15 * 60_000;

/**
 * The user and session about to enrol a factor. A session still owing its second factor may
 * enrol only when it has none (its role requires one): otherwise enrolling a new factor would be
 * a way around the one it has.
 *
 * A stolen session must not add its own factor: the factor would then pass every step-up (money
 * moves included) and lock its owner out at their next sign-in. With one already there, it is
 * proved first; with none, the enrolment starts only within FIRST_FACTOR_SIGN_IN_MS of signing in
 * (the password or the provider, proved just now), and its finish needs the secret or challenge
 * that start left in this session.
 */
async function enrolling(
  ctx: Ctx,
  step: 'start' | 'finish',
): Promise<{ user: SignedInUser; session: ActiveSession }> {
  const { user, session } = live(ctx);
  const has = await hasSecondFactor(ctx.deps.db, user.id);
  if (session.pendingSecondFactor && has) {
    throw new HttpError(
      'unauthenticated',
      'Finish signing in: your second factor is still needed.',
    );
  }
  if (has) await ctx.requireStepUp('add a second factor');
  else if (
    step === 'start' &&
    Date.now() - session.signedInAt.getTime() > FIRST_FACTOR_SIGN_IN_MS
  ) {
    await ctx.audit({
      action: 'step_up_required',
      outcome: 'denied',
      details: { for: 'add a second factor', reason: 'sign_in_not_recent' },
    });
    throw new HttpError(
      'reauthentication_required',
      `To add your first second factor, sign in again: it must be added within ${FIRST_FACTOR_SIGN_IN_MS / 60_000} minutes of signing in. Nothing was changed.`,
      { submitted: 'no' },
    );
  }
  return { user, session };
}

/**
 * What follows every enrolment, whatever the factor: recovery codes the first time, the audit
 * record, and the new factor as the person's list shows it.
 */
async function afterEnrol(
  ctx: Ctx,
  user: SignedInUser,
  session: ActiveSession,
  added: { kind: 'totp' | 'passkey'; factorId: string },
) {
  const { db } = ctx.deps;
  // The factor is stored: a store failure from here on does not mean nothing was changed.
  ctx.changeMade();
  const recoveryCodes =
    (await remainingRecoveryCodes(db, user.id)) === 0 ? await newRecoveryCodes(db, user.id) : null;
  // Enrolling proves the new factor (its first code, or the passkey's registration) as proving it
  // would a moment later: a sign-in waiting for enrolment is complete, and step-up is fresh from
  // now, for the same window as any proof (checkStepUp), so the next step (new recovery codes)
  // does not ask for the factor just proved. It gives nothing a holder of the session could not
  // take by proving the new factor at once; adding a factor beside another asks for that one
  // first (enrolling). Under a new session id, as every proof.
  const { token } = await markSecondFactor(db, session.idHash, added.kind);
  // A sign-in that waited for this enrolment is finished: the browser is remembered as at any
  // finished sign-in (routes/session.ts). Its device cookie is not sent to this path: a new one.
  const device = session.pendingSecondFactor
    ? await rememberDevice(db, user.id, deviceTokenOf(ctx.request, ctx.deps.config))
    : null;
  setSessionCookie(ctx.reply, ctx.deps.config, token);
  if (device) setDeviceCookie(ctx.reply, ctx.deps.config, device);
  await ctx.audit({
    action: 'second_factor_added',
    objectType: 'user',
    objectId: user.id,
    outcome: 'succeeded',
    // The user by the email the audit log names users by (audit-table), not an id alone.
    details: { ...added, email: user.email },
  });
  const factor = (await listFactors(db, user.id)).find((f) => f.id === added.factorId)!;
  return { factor: toFactor(factor), recoveryCodes };
}

const transportsOf = (t: string[]) => t as AuthenticatorTransport[];

/** A stored passkey as WebAuthn names a credential to the browser (to use, or not to create). */
const credentialDescriptor = (p: StoredPasskey) => ({
  id: p.credentialId,
  transports: transportsOf(p.transports),
});

/**
 * Passkey options go out with a challenge that the session keeps, so that the authenticator's
 * answer is checked against this session's challenge only.
 */
async function offerPasskeyOptions(
  ctx: Ctx,
  session: ActiveSession,
  options: { challenge: string },
) {
  await setSessionScratch(ctx.deps.db, session.idHash, { webauthnChallenge: options.challenge });
  return { options: options as unknown as Record<string, unknown> };
}

/** The session's pending passkey challenge, taken: a challenge is answered once, right or wrong. */
async function takePasskeyChallenge(ctx: Ctx, session: ActiveSession) {
  const { webauthnChallenge } = await getSessionScratch(ctx.deps.db, session.idHash);
  await setSessionScratch(ctx.deps.db, session.idHash, { webauthnChallenge: null });
  return webauthnChallenge;
}

/**
 * What both ceremonies check the authenticator's answer against: the challenge this session was
 * given, and this portal as the relying party (its origin and RP ID).
 */
function expectedCeremony(ctx: Ctx, challenge: string) {
  return {
    expectedChallenge: challenge,
    expectedOrigin: ctx.deps.config.identity.origin,
    expectedRPID: ctx.deps.config.identity.rpId,
  };
}

export const secondFactorRoutes = [
  defineRoute({
    method: 'POST',
    url: '/api/session/second-factor/passkey-options',
    summary: 'WebAuthn options to prove a passkey (sign-in second step or step-up)',
    tags: ['second-factor'],
    response: passkeyOptionsSchema,
    async handler(ctx) {
      const { user, session } = live(ctx);
      const passkeys = await listPasskeys(ctx.deps.db, user.id);
      if (passkeys.length === 0) {
        throw new HttpError('bad_request', 'You have no passkey. Use another method.', {
          submitted: 'no',
        });
      }
      const { generateAuthenticationOptions } = await webauthn();
      const options = await generateAuthenticationOptions({
        rpID: ctx.deps.config.identity.rpId,
        allowCredentials: passkeys.map(credentialDescriptor),
        userVerification: 'preferred',
      });
      return offerPasskeyOptions(ctx, session, options);
    },
  }),

  defineRoute({
    method: 'POST',
    url: '/api/session/second-factor',
    summary:
      'Prove a second factor (TOTP code, recovery code or passkey): finishes a sign-in, or makes step-up fresh',
    tags: ['second-factor'],
    body: verifySecondFactorSchema,
    response: verifySecondFactorResultSchema,
    // A code is accepted once: proved again, the same code would be refused as used.
    afterChange:
      'Reload the page: if it goes on without asking for your second factor, it was accepted; if it asks, use a new code.',
    async handler(ctx) {
      const { user, session } = live(ctx);
      const { deps, body } = ctx;
      const purpose = session.pendingSecondFactor ? 'sign_in' : 'step_up';
      // Every attempt takes a slot before its code is checked, as a password does at sign-in:
      // once the window's attempts are spent no code is tried, the right one included, so the
      // second factor cannot be guessed at the speed of requests. A proof gives the slots back.
      const failKey = failureKey(user, session);
      const attempt = await hit(deps.db, failKey, FAILURES_PER_WINDOW, WINDOW_MS);
      if (!attempt.allowed) {
        // Audited as sign-in's refusals are: not each one, so that they cannot flood the log.
        const refusedAttempts = auditedRefusal(attempt.count, FAILURES_PER_WINDOW);
        if (refusedAttempts !== null) {
          await ctx.audit({
            action: 'second_factor',
            outcome: 'denied',
            details: {
              method: body.method,
              purpose,
              reason: 'too_many_attempts',
              refusedAttempts,
              refusedUntil: attempt.resetAt.toISOString(),
            },
          });
        }
        throw tooManyAttempts('wrong second-factor attempts', attempt.resetAt);
      }
      const refuse = async (wrong: string) => {
        const field = body.method === 'passkey' ? 'passkey' : 'code';
        // The last tries of the window say so: the pause that follows is no surprise, and the
        // person can look for the right code (or a recovery code) before spending them.
        const message = `${wrong}${lastTries(FAILURES_PER_WINDOW - attempt.count, attempt.resetAt)}`;
        // Counted on the session too: My sessions shows its owner how many wrong codes a sign-in
        // that holds their password has tried.
        await recordWrongCode(deps.db, session.idHash);
        await ctx.audit({
          action: 'second_factor',
          outcome: 'failed',
          details: { method: body.method, purpose },
        });
        throw new HttpError('bad_request', message, {
          fields: [{ field, message }],
          submitted: 'no',
        });
      };

      let recoveryCodesLeft: number | undefined;
      if (body.method === 'totp') {
        if (!(await verifyTotp(deps.db, deps.sealer, user.id, body.code))) {
          await refuse('The code is not correct, or was already used. Wait for the next one.');
        }
      } else if (body.method === 'recovery') {
        if (!(await useRecoveryCode(deps.db, user.id, body.code))) {
          await refuse('The recovery code is not correct, or was already used.');
        }
        recoveryCodesLeft = await remainingRecoveryCodes(deps.db, user.id);
      } else {
        const webauthnChallenge = await takePasskeyChallenge(ctx, session);
        const passkey = (await listPasskeys(deps.db, user.id)).find(
          (p) => p.credentialId === body.response.id,
        );
        if (!webauthnChallenge || !passkey) {
          await refuse('This passkey is not one of yours. Use another method.');
          return undefined as never;
        }
        let verified = false;
        try {
          const { verifyAuthenticationResponse } = await webauthn();
          const result = await verifyAuthenticationResponse({
            response: body.response as unknown as AuthenticationResponseJSON,
            ...expectedCeremony(ctx, webauthnChallenge),
            credential: {
              id: passkey.credentialId,
              publicKey: passkey.publicKey,
              counter: passkey.counter,
              transports: transportsOf(passkey.transports),
            },
          });
          verified = result.verified;
          if (verified) {
            await recordPasskeyUse(deps.db, passkey.factorId, result.authenticationInfo.newCounter);
          }
        } catch (err) {
          ctx.request.log.info({ err: (err as Error).message }, 'passkey assertion refused');
        }
        if (!verified) await refuse('The passkey could not be verified. Try again.');
      }

      await clear(deps.db, failKey);
      const now = new Date();
      // A new session id at this privilege change; the cookie before it names no session now.
      const { token } = await markSecondFactor(deps.db, session.idHash, body.method, now);
      // A sign-in finished: this browser is counted on its own from now on (routes/session.ts).
      const device =
        purpose === 'sign_in'
          ? await rememberDevice(deps.db, user.id, deviceTokenOf(ctx.request, deps.config), now)
          : null;
      setSessionCookie(ctx.reply, deps.config, token);
      if (device) setDeviceCookie(ctx.reply, deps.config, device);
      ctx.changeMade();
      await ctx.audit({
        action: purpose === 'sign_in' ? 'sign_in' : 'step_up',
        outcome: 'succeeded',
        details: { secondFactor: body.method, purpose },
      });
      return {
        verified: true as const,
        freshUntil: new Date(now.getTime() + deps.config.identity.stepUpMs).toISOString(),
        ...(recoveryCodesLeft !== undefined ? { recoveryCodesLeft } : {}),
      };
    },
  }),

  defineRoute({
    method: 'GET',
    url: '/api/me/second-factors',
    summary: 'My second factors, recovery codes left, and whether my role requires one',
    tags: ['second-factor'],
    response: factorsSchema,
    async handler(ctx) {
      const { user } = live(ctx);
      return {
        factors: (await listFactors(ctx.deps.db, user.id)).map(toFactor),
        recoveryCodesLeft: await remainingRecoveryCodes(ctx.deps.db, user.id),
        required: ctx.deps.config.identity.mfaRequiredRoles.includes(user.role),
      };
    },
  }),

  defineRoute({
    method: 'POST',
    url: '/api/me/second-factors/totp',
    summary: 'Start enrolling an authenticator app: a new secret, as text and as a QR code',
    tags: ['second-factor'],
    response: totpEnrolmentSchema,
    async handler(ctx) {
      const { user, session } = await enrolling(ctx, 'start');
      const secret = newTotpSecret();
      await setSessionScratch(ctx.deps.db, session.idHash, {
        pendingTotpSecret: ctx.deps.sealer.seal('pending_totp_secret', secret),
      });
      const otpauthUri = totpFor(secret, user.email).toString();
      // Loaded at the first enrolment, not at start-up: few requests ever draw a QR code.
      const { default: QRCode } = await import('qrcode');
      const qrSvg = await QRCode.toString(otpauthUri, { type: 'svg', margin: 1 });
      return { secret, otpauthUri, qrSvg };
    },
  }),

  defineRoute({
    method: 'POST',
    url: '/api/me/second-factors/totp/confirm',
    summary: 'Finish enrolling an authenticator app with its first code',
    tags: ['second-factor'],
    body: confirmTotpSchema,
    response: enrolledSchema,
    successStatus: 201,
    afterChange: AFTER_ENROLMENT,
    async handler(ctx) {
      const { user, session } = await enrolling(ctx, 'finish');
      const { body } = ctx;
      const { pendingTotpSecret: sealed } = await getSessionScratch(ctx.deps.db, session.idHash);
      if (!sealed) {
        throw new HttpError('conflict', 'Start again: no authenticator app is being set up.', {
          submitted: 'no',
        });
      }
      const secret = ctx.deps.sealer.open('pending_totp_secret', sealed);
      const step = totpStep(secret, body.code);
      if (step === null) {
        const message = 'The code does not match. Check the app shows this portal, then try again.';
        throw new HttpError('bad_request', message, {
          fields: [{ field: 'code', message }],
          submitted: 'no',
        });
      }
      const id = await addTotp(ctx.deps.db, ctx.deps.sealer, {
        userId: user.id,
        secret,
        label: body.label,
        step,
      });
      await setSessionScratch(ctx.deps.db, session.idHash, { pendingTotpSecret: null });
      return afterEnrol(ctx, user, session, { kind: 'totp', factorId: id });
    },
  }),

  defineRoute({
    method: 'POST',
    url: '/api/me/second-factors/passkey-options',
    summary: 'WebAuthn options to create a passkey for me',
    tags: ['second-factor'],
    response: passkeyOptionsSchema,
    async handler(ctx) {
      const { user, session } = await enrolling(ctx, 'start');
      const passkeys = await listPasskeys(ctx.deps.db, user.id);
      const { generateRegistrationOptions } = await webauthn();
      const options = await generateRegistrationOptions({
        rpName: ctx.deps.config.identity.rpName,
        rpID: ctx.deps.config.identity.rpId,
        userName: user.email,
        userDisplayName: user.name,
        userID: new TextEncoder().encode(user.id),
        attestationType: 'none',
        excludeCredentials: passkeys.map(credentialDescriptor),
        authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
      });
      return offerPasskeyOptions(ctx, session, options);
    },
  }),

  defineRoute({
    method: 'POST',
    url: '/api/me/second-factors/passkeys',
    summary: 'Finish creating a passkey: the authenticator’s answer is verified and stored',
    tags: ['second-factor'],
    body: enrolPasskeySchema,
    response: enrolledSchema,
    successStatus: 201,
    afterChange: AFTER_ENROLMENT,
    async handler(ctx) {
      const { user, session } = await enrolling(ctx, 'finish');
      const webauthnChallenge = await takePasskeyChallenge(ctx, session);
      if (!webauthnChallenge) {
        throw new HttpError('conflict', 'Start again: no passkey is being created.', {
          submitted: 'no',
        });
      }
      const refused = () =>
        new HttpError('bad_request', 'The passkey could not be verified. Try again.', {
          submitted: 'no',
        });
      let info;
      try {
        const { verifyRegistrationResponse } = await webauthn();
        const result = await verifyRegistrationResponse({
          response: ctx.body.response as unknown as RegistrationResponseJSON,
          ...expectedCeremony(ctx, webauthnChallenge),
        });
        if (!result.verified) throw refused();
        info = result.registrationInfo;
      } catch (err) {
        ctx.request.log.info({ err: (err as Error).message }, 'passkey registration refused');
        throw refused();
      }
      const id = await addPasskey(
        ctx.deps.db,
        user.id,
        {
          credentialId: info.credential.id,
          publicKey: info.credential.publicKey,
          counter: info.credential.counter,
          transports: info.credential.transports ?? [],
        },
        ctx.body.label,
      );
      return afterEnrol(ctx, user, session, { kind: 'passkey', factorId: id });
    },
  }),

  defineRoute({
    method: 'DELETE',
    url: '/api/me/second-factors/:factorId',
    summary: 'Remove one of my second factors (needs a fresh second factor)',
    tags: ['second-factor'],
    params: factorParamsSchema,
    response: null,
    afterChange: 'Reload Security settings to see which second factors you still have.',
    async handler(ctx) {
      const { user } = live(ctx);
      const { factorId } = ctx.params as z.infer<typeof factorParamsSchema>;
      const removed = await removeFactorKeepingOne(
        ctx.deps.db,
        user.id,
        factorId,
        ctx.deps.config.identity.mfaRequiredRoles.includes(user.role),
      );
      if (removed === 'not_found') {
        throw new HttpError('not_found', 'You have no such second factor.');
      }
      if (removed === 'last') {
        throw new HttpError(
          'conflict',
          'Your role needs a second factor: add another one before removing this one.',
          { submitted: 'no' },
        );
      }
      ctx.changeMade();
      await ctx.audit({
        action: 'second_factor_removed',
        objectType: 'user',
        objectId: user.id,
        outcome: 'succeeded',
        details: { factorId, email: user.email },
      });
      return undefined;
    },
  }),

  defineRoute({
    method: 'POST',
    url: '/api/me/recovery-codes',
    summary: 'New recovery codes for me; the old ones stop working (needs a fresh second factor)',
    tags: ['second-factor'],
    response: recoveryCodesSchema,
    successStatus: 201,
    // The new codes are shown once only: lost with the answer, they are replaced again.
    afterChange:
      'Your old recovery codes no longer work: create new ones again in Security settings to see codes you can keep.',
    async handler(ctx) {
      const { user } = live(ctx);
      if (!(await hasSecondFactor(ctx.deps.db, user.id))) {
        throw new HttpError('conflict', 'Add a second factor first: recovery codes back it up.', {
          submitted: 'no',
        });
      }
      const recoveryCodes = await newRecoveryCodes(ctx.deps.db, user.id);
      ctx.changeMade();
      await ctx.audit({
        action: 'recovery_codes_renewed',
        objectType: 'user',
        objectId: user.id,
        outcome: 'succeeded',
      });
      return { recoveryCodes };
    },
  }),
];
