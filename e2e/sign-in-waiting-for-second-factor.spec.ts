import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, signIn } from './helpers';
import { addAuthenticatorApp, journeyUserFor } from './identity-helpers';

test('a sign-in that passed the password and is guessing the second factor is seen and ended from the sessions page', async ({
  browser,
}, testInfo) => {
  // An admin set-up, two browsers and an enrolment: more than one page's worth of time.
  test.setTimeout(180_000);
  const { baseURL, headers, user } = await journeyUserFor(browser, testInfo, 'waiting');

  // The owner signs in and adds an authenticator app.
  const owner = await browser.newContext({ baseURL });
  const here = await owner.newPage();
  await signIn(here, user.email, user.password);
  const totp = await addAuthenticatorApp(owner, headers);

  // Someone else has the password, and tries two wrong codes.
  const intruder = await browser.newContext({ baseURL });
  const password = await intruder.request.post('/api/session', {
    headers,
    data: { email: user.email, password: user.password },
  });
  expect(await password.json()).toMatchObject({ secondFactor: { step: 'verify' } });
  for (const code of ['000001', '000002']) {
    const wrong = await intruder.request.post('/api/session/second-factor', {
      headers,
      data: { method: 'totp', code },
    });
    expect(wrong.status()).toBe(400);
  }

  await here.goto('/settings/sessions');
  const waiting = here.getByRole('list', { name: 'Sign-ins waiting for the second factor' });
  await expect(waiting.getByRole('listitem')).toHaveCount(1);
  await expect(waiting).toContainText('Password accepted, waiting for the second factor');
  await expect(waiting).toContainText('2 wrong codes so far');
  await expect(here.getByRole('alert')).toContainText(
    'Someone who has your password tried to sign in: end it and change your password in Security settings (that also ends your other sessions).',
  );
  await expectNoSeriousA11yViolations(here, 'my sessions with a sign-in waiting');
  await waiting.getByRole('button', { name: /^End the sign-in of/ }).click();
  await expect(here.getByRole('alert')).toContainText('It cannot finish signing in.');
  await expect(waiting).toHaveCount(0);

  // Ended: the right code no longer finishes that sign-in.
  const late = await intruder.request.post('/api/session/second-factor', {
    headers,
    data: { method: 'totp', code: totp.generate({ timestamp: Date.now() + 30_000 }) },
  });
  expect(late.status()).toBe(401);
  await owner.close();
  await intruder.close();
});
