import { expect, test, type Page } from '@playwright/test';
import {
  expectNoSeriousA11yViolations,
  linkedAccountIds,
  signedInAs,
  signIn,
  transitionsSettled,
} from './helpers';
import {
  expectNoHorizontalScroll,
  injectFault,
  manifest,
  removeFault,
  settleAsNeverArrived,
  upstreamCalls,
} from './investor-helpers';
import { HELD_SIGN_IN_WAIT } from '../src/contract/disbursements';
import { createJourneyUser } from './identity-helpers';

// The error paths inject faults into the one sandbox and several tests count its calls. Tests of
// this file run one after another; other specs (the money picture) create disbursements at the
// same time on other accounts, so every fault and every count names this test's account.
test.describe.configure({ mode: 'serial' });

async function openForm(page: Page) {
  await signedInAs(page, 'investor@demo.test');
  const [accountId] = await linkedAccountIds(page.request);
  await page.goto(`/accounts/${accountId}`);
  await page.getByRole('link', { name: 'Request a disbursement' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Request a disbursement' }),
  ).toBeVisible();
  return accountId;
}

/** Sends an ACH disbursement of `amount` from the open form; its review dialog, answered. */
async function sendByAch(page: Page, amount: string) {
  await page.getByLabel('Amount (USD)').fill(amount);
  await page.getByRole('button', { name: 'Review request' }).click();
  const dialog = page.getByRole('dialog', { name: 'Review your disbursement request' });
  await dialog.getByRole('button', { name: 'Send request' }).click();
  return dialog;
}

test('an investor requests an ACH disbursement', async ({ page }) => {
  const accountId = await openForm(page);
  await page.getByLabel('Amount (USD)').fill('125.50');
  await page.getByRole('button', { name: 'Review request' }).click();
  const dialog = page.getByRole('dialog', { name: 'Review your disbursement request' });
  await expect(dialog.getByText('$125.50')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Send request' })).toBeEnabled();
  await transitionsSettled(page);
  await expectNoSeriousA11yViolations(page, 'disbursement review');
  const before = await upstreamCalls(page, 'createCustodyFundDisbursement', accountId);
  await dialog.getByRole('button', { name: 'Send request' }).dblclick();
  await expect(page.getByText('Disbursement requested')).toBeVisible();
  // One name for where it stands, the same on the requests list and the timeline.
  await expect(page.getByText("Waiting for the platform's approval")).toBeVisible();
  // Our reference, and the platform's request id as the account's requests list names it.
  await expect(page.getByText('Our reference')).toBeVisible();
  await expect(page.getByText('Request ID', { exact: true })).toBeVisible();
  expect(await upstreamCalls(page, 'createCustodyFundDisbursement', accountId)).toBe(before + 1);
});

test('an investor requests an international wire; bad bank numbers are explained first', async ({
  page,
}) => {
  await openForm(page);
  await page.getByLabel('International wire').check();
  await page.getByLabel('Amount (USD)').fill('1000.01');
  await page.getByLabel('SWIFT/BIC code').fill('DEUTZZFF');
  await page.getByLabel('IBAN or account number').fill('DE89 3704 0044 0532 0130 01');
  await page.getByRole('button', { name: 'Review request' }).click();
  await expect(page.getByText(/where a country code belongs/)).toBeVisible();
  await expect(page.getByText(/fails the checksum \(mod 97\)/)).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'disbursement form with errors');

  await page.getByLabel('SWIFT/BIC code').fill('DEUTDEFF');
  await page.getByLabel('IBAN or account number').fill('DE89 3704 0044 0532 0130 00');
  await page.getByLabel('Additional details (optional)').fill('Reference: rent');
  await page.getByRole('button', { name: 'Review request' }).click();
  const dialog = page.getByRole('dialog', { name: 'Review your disbursement request' });
  // Its author checks what they typed, in full; the receipt masks it.
  await expect(dialog.getByText('DE89370400440532013000')).toBeVisible();
  await expect(dialog.getByText('DEUTDEFF', { exact: true })).toBeVisible();
  await dialog.getByRole('button', { name: 'Send request' }).click();
  await expect(page.getByText('Disbursement requested')).toBeVisible();
  await expect(page.getByText('••••3000')).toBeVisible();
  await expect(page.locator('main')).not.toContainText('0532013000');
  await expect(page.getByText('International wire')).toBeVisible();
  expect(
    await page.evaluate(() => JSON.stringify({ ...localStorage, ...sessionStorage })),
  ).not.toContain('DE89');
});

test('when the connection drops, the investor is told the outcome is unknown and where to check', async ({
  page,
}) => {
  // The reviewer may settle the lost request only once it cannot still be in flight.
  test.setTimeout(120_000);
  const accountId = await openForm(page);
  const fault = await injectFault(page, {
    operation: 'createCustodyFundDisbursement',
    drop: true,
    times: 1,
    when: { accountId },
  });
  try {
    const dialog = await sendByAch(page, '10');
    await expect(dialog.getByText('We do not know whether this was submitted')).toBeVisible();
    // It names our reference and where the request now lives (the register and timeline).
    await expect(dialog.getByText(/Our reference: MR-[0-9A-Z]{10}/)).toBeVisible();
    await expect(
      dialog.getByRole('link', { name: 'requests and timeline of this account' }),
    ).toHaveAttribute('href', /\/accounts\/[^/]+\/money$/);
    // Trying blindly again is not offered, nor a way back into an edit: "Close".
    await expect(dialog.getByRole('button', { name: /Send request|Try again/ })).toHaveCount(0);
    await expect(dialog.getByRole('button', { name: 'Back to edit' })).toHaveCount(0);
  } finally {
    await removeFault(page, fault);
  }
  const dialog = page.getByRole('dialog', { name: 'Review your disbursement request' });
  const quoted = await dialog.getByText(/Our reference: MR-[0-9A-Z]{10}/).textContent();
  const reference = /MR-[0-9A-Z]{10}/.exec(quoted ?? '')![0];
  await dialog.getByRole('button', { name: 'Close' }).click();
  // The form names the standing disbursement, and another one waits for the confirmation.
  const notice = page.getByRole('region', {
    name: 'An earlier disbursement of this account may have gone through',
  });
  await expect(notice).toContainText(`${reference} (made `);
  await page.getByLabel('Amount (USD)').fill('10.01');
  await page.getByRole('button', { name: 'Review request' }).click();
  await expect(
    notice.getByRole('checkbox', {
      name: `Send this as an additional disbursement: ${reference} may have gone through`,
    }),
  ).toBeFocused();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await settleAsNeverArrived(page, reference);
});

test('when the portal stops answering mid-send, the review stays, says it may have been sent, and sent again it is the same request', async ({
  page,
}) => {
  const accountId = await openForm(page);
  const endpoint = `**/api/accounts/${accountId}/disbursements`;
  const keys: string[] = [];
  // The request reaches the BFF and the platform; its answer is lost as the connection resets
  // (the BFF stopped), and the reads the page makes meanwhile find no portal either.
  let down = true;
  await page.route(endpoint, async (route) => {
    keys.push(route.request().headers()['idempotency-key']);
    if (!down) return route.continue();
    await route.fetch();
    await route.abort('connectionreset');
  });
  await page.route(`**/api/accounts/${accountId}/custody-account`, (route) =>
    down ? route.abort('connectionrefused') : route.continue(),
  );
  const before = await upstreamCalls(page, 'createCustodyFundDisbursement', accountId);
  await page.getByLabel('Amount (USD)').fill('123.45');
  await page.getByRole('button', { name: 'Review request' }).click();
  const dialog = page.getByRole('dialog', { name: 'Review your disbursement request' });
  await dialog.getByRole('button', { name: 'Send request' }).click();
  await expect(dialog.getByText('We do not know whether this was submitted')).toBeVisible({
    timeout: 20_000,
  });
  await expect(dialog).toContainText('so it may have been sent. Do not send it again');
  await expect(dialog).not.toContainText(/check your connection and try again/i);
  await expect(dialog.getByText('$123.45')).toBeVisible();
  await expect(dialog.getByRole('button', { name: /Send request|Try again/ })).toHaveCount(0);
  // The custody account could not be read again: said above the form, which stays.
  await expect(page.getByText('The custody account could not be checked again')).toBeAttached();

  down = false;
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(page.getByLabel('Amount (USD)')).toHaveValue('123.45');
  await page.getByRole('button', { name: 'Review request' }).click();
  await dialog.getByRole('button', { name: 'Send request' }).click();
  // The same key: the BFF answers with the disbursement that arrived, nothing is sent twice.
  await expect(page.getByText('Disbursement requested')).toBeVisible();
  expect(keys).toHaveLength(2);
  expect(keys[1]).toBe(keys[0]);
  expect(await upstreamCalls(page, 'createCustodyFundDisbursement', accountId)).toBe(before + 1);
});

test('when the platform refuses for a permission the portal lacks, the investor is told so and may try again', async ({
  page,
}) => {
  const accountId = await openForm(page);
  const fault = await injectFault(page, {
    operation: 'createCustodyFundDisbursement',
    statusCode: '110',
    times: 1,
    when: { accountId },
  });
  try {
    const dialog = await sendByAch(page, '11');
    await expect(dialog.getByText('Refused by the platform')).toBeVisible();
    await dialog.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByText('Disbursement requested')).toBeVisible();
  } finally {
    await removeFault(page, fault);
  }
});

test("when the platform refuses the portal's own access, the investor is sent to support, keeps what they typed, and no form is offered until it is fixed", async ({
  page,
}) => {
  const accountId = await openForm(page);
  // §5 rule 8: credentials the platform refuses answer 103. The BFF reads the linked bank before
  // an ACH is sent, so a refusal there means nothing was sent.
  const refused = { operation: 'getExternalAccount', statusCode: '103', when: { accountId } };
  const once = await injectFault(page, { ...refused, times: 1 });
  const before = await upstreamCalls(page, 'createCustodyFundDisbursement', accountId);
  try {
    const dialog = await sendByAch(page, '13.57');
    await expect(dialog.getByText('Not submitted')).toBeVisible();
    await expect(
      dialog.getByText(
        /not set up correctly\. Nothing in your request needs to change: contact support/,
      ),
    ).toBeVisible();
    // Sending again cannot pass until the operators fix the portal's access.
    await expect(dialog.getByRole('button', { name: /Send request|Try again/ })).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Back' }).click();
    await expect(page.getByLabel('Amount (USD)')).toHaveValue('13.57');
  } finally {
    await removeFault(page, once);
  }
  expect(await upstreamCalls(page, 'createCustodyFundDisbursement', accountId)).toBe(before);

  // Refused from the page's first reads: no form to fill in, support named, no Try again.
  const lasting = await injectFault(page, refused);
  try {
    await page.reload();
    await expect(page.getByText('A disbursement cannot be requested right now')).toBeVisible();
    await expect(page.getByText(/not set up correctly\. Please contact support/)).toBeVisible();
    await expect(page.getByLabel('Amount (USD)')).toHaveCount(0);
    await expect(page.getByRole('button', { name: /Try again|Reload/ })).toHaveCount(0);
  } finally {
    await removeFault(page, lasting);
  }
});

test('on a phone, the disbursement form fits the screen', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await openForm(page);
  await page.getByLabel('Domestic wire (U.S. bank)').check();
  await expect(page.getByLabel('Routing number')).toBeVisible();
  await expectNoHorizontalScroll(page);
});

test("a second investor typing the first investor's account addresses is refused and creates nothing", async ({
  page,
}) => {
  await signedInAs(page, 'investor2@demo.test');
  const [first] = (await manifest(page)).investors;
  const accountId = first.accountIds[0];
  const before = {
    disbursements: await upstreamCalls(page, 'createCustodyFundDisbursement', accountId),
  };

  for (const path of ['', '/fund-moves', '/fund-moves/CFM1', '/disbursements/new', '/ira']) {
    await page.goto(`/accounts/${accountId}${path}`);
    await expect(
      page.getByRole('heading', { level: 1, name: 'No access to this account' }),
    ).toBeVisible();
    await expect(page.getByText('You do not have access to this account.')).toBeVisible();
  }
  // No form of someone else's account is offered.
  await expect(page.getByLabel('Amount (USD)')).toHaveCount(0);
  await page.getByRole('link', { name: 'Go to my accounts' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'My accounts' })).toBeVisible();

  // Even a hand-made request with a valid body is refused and reaches nothing upstream.
  const response = await page.request.post(`/api/accounts/${accountId}/disbursements`, {
    headers: {
      'X-CSRF': '1',
      'Idempotency-Key': 'e2e-refused-0000000001',
      Origin: new URL(page.url()).origin,
    },
    data: { type: 'ach', amount: '10' },
  });
  expect(response.status()).toBe(403);
  expect(await upstreamCalls(page, 'createCustodyFundDisbursement', accountId)).toBe(
    before.disbursements,
  );
});

test('an investor who added a passkey on another device is asked for it before a disbursement, and the passkey sends it on to approval', async ({
  browser,
}, testInfo) => {
  // An admin set-up, two devices, enrolment and the disbursement: more than one page's worth of time.
  test.setTimeout(180_000);
  // WebAuthn needs a domain and the e2e portal's PUBLIC_URL is 127.0.0.1: the browser uses
  // localhost (the relying party the portal derives for a loopback address), and its API calls
  // carry PUBLIC_URL as their Origin, as one site behind a proxy would.
  const publicOrigin = testInfo.project.use.baseURL!;
  const origin = publicOrigin.replace('127.0.0.1', 'localhost');
  const device = async () => {
    const context = await browser.newContext({ baseURL: origin });
    // The browser will not let a page change its own Origin header, so API calls are sent on by
    // Playwright with it (cookies are the context's either way).
    await context.route('**/api/**', async (route) => {
      const response = await route.fetch({
        headers: { ...route.request().headers(), origin: publicOrigin },
      });
      await route.fulfill({ response });
    });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });
    // The page may still be reading (the recent requests after a send) when its device is put
    // away: the reads in flight are dropped rather than failing on a closed context.
    const putAway = async () => {
      await context.unrouteAll({ behavior: 'ignoreErrors' });
      await context.close();
    };
    return { context, page, cdp, authenticatorId, putAway };
  };
  const laptop = await device();
  const phone = await device();
  const user = await createJourneyUser(laptop.context.request, publicOrigin, 'passkey');

  // Signed in on the phone first: with no factor yet, the password alone signs in.
  await signIn(phone.page, user.email, user.password);
  await signIn(laptop.page, user.email, user.password);
  await laptop.page.goto('/settings/security');
  await laptop.page.getByRole('button', { name: 'Create passkey' }).click();
  await expect(
    laptop.page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem'),
  ).toHaveCount(10);
  await laptop.page.getByRole('button', { name: 'I have saved them' }).click();
  await expect(laptop.page.getByRole('list', { name: 'Second factors' })).toContainText(
    'My passkey (Passkey)',
  );
  // The passkey is synced to the phone, as a platform's passkey manager would.
  const { credentials } = await laptop.cdp.send('WebAuthn.getCredentials', {
    authenticatorId: laptop.authenticatorId,
  });
  expect(credentials).toHaveLength(1);
  await phone.cdp.send('WebAuthn.addCredential', {
    authenticatorId: phone.authenticatorId,
    credential: credentials[0]!,
  });
  await laptop.putAway();

  const page = phone.page;
  await page.goto(`/accounts/${user.accountId}/disbursements/new`);
  await page.getByLabel('Amount (USD)').fill('25');
  await page.getByRole('button', { name: 'Review request' }).click();
  const review = page.getByRole('dialog', { name: 'Review your disbursement request' });
  await expect(review.getByRole('button', { name: 'Send request' })).toBeEnabled();
  const before = await upstreamCalls(page, 'createCustodyFundDisbursement', user.accountId);
  await review.getByRole('button', { name: 'Send request' }).click();

  // Adding the passkey proved it in the laptop's session only: the phone's, which proved
  // nothing, is asked for it before the money moves (a session that just added it is not: the
  // route tests).
  const stepUp = page.getByRole('dialog', { name: 'Confirm it is you' });
  await expect(stepUp).toBeVisible();
  expect(await upstreamCalls(page, 'createCustodyFundDisbursement', user.accountId)).toBe(before);
  await stepUp.getByRole('button', { name: 'Use your passkey' }).click();
  // An admin set this investor up (createJourneyUser): their disbursements wait for a second
  // person whatever the amount, so the passkey lets it through to the hold, and nothing is sent.
  await expect(page.getByText('Waiting for approval: nothing sent yet')).toBeVisible();
  await expect(page.getByText(HELD_SIGN_IN_WAIT)).toBeVisible();
  expect(await upstreamCalls(page, 'createCustodyFundDisbursement', user.accountId)).toBe(before);
  await phone.putAway();
});

test('a session ended from another device while a wire is typed: nothing was sent, and signing in again brings the wire back to send', async ({
  browser,
}, testInfo) => {
  // Three browser contexts and an admin set-up: more than one page's worth of time.
  test.setTimeout(180_000);
  const baseURL = testInfo.project.use.baseURL!;
  const admin = await browser.newContext({ baseURL });
  const user = await createJourneyUser(admin.request, baseURL, 'midform');
  await admin.close();
  const phone = await browser.newContext({ baseURL, viewport: { width: 375, height: 812 } });
  const desktop = await browser.newContext({ baseURL });
  const page = await phone.newPage();
  const elsewhere = await desktop.newPage();
  await signIn(page, user.email, user.password);
  await signIn(elsewhere, user.email, user.password);

  await page.goto(`/accounts/${user.accountId}/disbursements/new`);
  await page.getByLabel('Domestic wire (U.S. bank)').check();
  await page.getByLabel('Amount (USD)').fill('512.34');
  await page.getByLabel('Routing number').fill('102000021');
  await page.locator('[name=bankAccountId]').fill('123456789');
  await page.getByLabel('Additional details (optional)').fill('FFC Vic, typed before it ended');

  // On the desktop, My sessions ends the phone's session.
  await elsewhere.goto('/settings/sessions');
  const list = elsewhere.getByRole('list', { name: 'Active sessions' });
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await list.getByRole('button', { name: /^End the session/ }).click();
  await expect(list.getByRole('listitem')).toHaveCount(1);

  // The review reads whether this investor's disbursements wait for approval: that read finds
  // the session ended, before anything can be sent.
  const before = await upstreamCalls(page, 'createCustodyFundDisbursement', user.accountId);
  await page.getByRole('button', { name: 'Review request' }).click();
  const review = page.getByRole('dialog', { name: 'Review your disbursement request' });

  const signInAgain = page.getByRole('dialog', { name: 'Your session has ended' });
  await expect(signInAgain).toContainText('this page is as you left it, with what you typed');
  // Ended from the desktop: said as the store tells it, with no cause it cannot tell.
  await expect(signInAgain).toContainText(
    'Your session was ended on the server (signed out elsewhere, or changed by an administrator).',
  );
  await expect(page).toHaveURL(new RegExp(`/accounts/${user.accountId}/disbursements/new$`));
  expect(await upstreamCalls(page, 'createCustodyFundDisbursement', user.accountId)).toBe(before);
  await transitionsSettled(page);
  await expectNoSeriousA11yViolations(page, 'signing in again over a form');
  await expectNoHorizontalScroll(page);
  // The backdrop hides the wire from whoever picks up the phone meanwhile.
  const backdrop = await page
    .locator('.MuiBackdrop-root')
    .last()
    .evaluate((element) => getComputedStyle(element).backgroundColor);
  // Opaque: rgb(), not rgba() with some transparency.
  expect(backdrop).toMatch(/^rgb\(/);

  await expect(signInAgain.getByLabel('Email')).toHaveValue(user.email);
  await signInAgain.getByLabel('Password').fill(user.password);
  await signInAgain.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(signInAgain).toBeHidden();
  await expect(review).toContainText('102000021');
  await expect(review).toContainText('123456789');
  await expect(review).toContainText('FFC Vic, typed before it ended');
  await review.getByRole('button', { name: 'Send request' }).click();
  // Sent once, to the hold an admin-made investor's disbursements wait in (createJourneyUser).
  await expect(page.getByText('Waiting for approval: nothing sent yet')).toBeVisible();
  expect(await upstreamCalls(page, 'createCustodyFundDisbursement', user.accountId)).toBe(before);
  expect(
    await page.evaluate(() => JSON.stringify({ ...localStorage, ...sessionStorage })),
  ).not.toContain('123456789');
  await phone.close();
  await desktop.close();
});
