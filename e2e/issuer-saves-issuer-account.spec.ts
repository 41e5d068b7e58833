import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations, signedInAs } from './helpers';
import { injectFault, removeFault, upstreamCalls } from './investor-helpers';

test('issuer staff save the issuer account; rules are checked and personal data comes back masked', async ({
  page,
}) => {
  // "The platform does not hold them" is taken only once the lost save cannot still be in flight.
  test.setTimeout(120_000);
  await signedInAs(page, 'issuer@demo.test', '/offerings');
  await page.getByRole('link', { name: 'Issuer account' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Issuer account' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'issuer account form');
  // Before a first save: the platform may hold an account set up outside the portal (no read).
  await expect(
    page.getByRole('heading', { name: 'The platform may already hold an issuer account' }),
  ).toBeVisible();

  await page.getByLabel('Company name').fill('Aspen Ridge Capital LLC');
  await page.getByLabel('State').selectOption('CO');
  await page.getByLabel('Entity type').selectOption('LLC');
  await page.getByLabel('Account type').selectOption('CHECKING');
  await page.getByLabel('Company tax ID (EIN)').fill('00-1234567');
  await page.getByLabel('Social Security number').fill('123-45-678');
  await page.getByRole('button', { name: 'Review issuer account' }).click();
  await expect(page.getByText('Company tax ID cannot start with 00')).toBeVisible();
  await expect(
    page.getByText('Social Security number must be 9 digits, such as 123-45-6789'),
  ).toBeVisible();

  await page.getByLabel('Company tax ID (EIN)').fill('12-3456789');
  await page.getByLabel('Social Security number').fill('123-45-6789');
  await page.getByLabel('Date of birth').fill('1980-05-17');
  await page.getByLabel('U.S. resident').selectOption('Yes');
  await page.getByLabel('U.S. citizen').selectOption('Yes');
  await page.getByLabel('Address line 1').fill('1 Pearl St');
  await page.getByLabel('City').fill('Boulder');
  await page.getByLabel('ZIP code').fill('80302');
  await expect(
    page.getByText(/^Tick "I have checked with the platform that it holds no issuer account/),
  ).toBeVisible();
  await page.getByRole('checkbox', { name: /^I have checked with the platform/ }).check();

  // The platform's answer is lost: the save may or may not be stored, and §4.6 names no read.
  // Only this test creates issuer accounts, so the rule cannot be spent by another one.
  const calls = await upstreamCalls(page, 'createIssuerAccount');
  const fault = await injectFault(page, {
    operation: 'createIssuerAccount',
    drop: true,
    times: 1,
  });
  await page.getByRole('button', { name: 'Review issuer account' }).click();
  const lost = page.getByRole('dialog', { name: 'Review the issuer account' });
  await lost.getByRole('button', { name: 'Save issuer account' }).click();
  await expect(lost.getByText('We do not know whether this was submitted')).toBeVisible();
  // The answers and the outcome under them scroll inside the dialog: a keyboard reaches them.
  await expectNoSeriousA11yViolations(page, 'issuer account review with a lost answer');
  await removeFault(page, fault);
  await lost.getByRole('button', { name: "Close and record the platform's answer" }).click();

  // The page keeps the lost save, and asks what the platform said before any new save.
  const lostHeading = page.getByRole('heading', {
    name: 'A save of this issuer account lost its answer',
  });
  await expect(lostHeading).toBeVisible();
  await expect(lostHeading).toBeFocused();
  await expect(page.getByRole('button', { name: 'Review issuer account' })).toHaveCount(0);

  // Opened again later, the page still shows what the save sent, to ask the platform by: the
  // save carried no reference of ours (§4.6). The EIN only by its last four digits.
  await page.reload();
  await expect(lostHeading).toBeVisible();
  const panel = page.getByRole('alert').filter({ has: lostHeading });
  await expect(panel).toContainText('with the details below');
  await expect(panel).toContainText('Aspen Ridge Capital LLC');
  await expect(panel).toContainText('Colorado (CO)');
  await expect(panel).toContainText('••-•••6789');
  await expect(panel).not.toContainText(/support id/i);
  await expect(page.getByText('12-3456789')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page, 'issuer account with a lost save');
  await page.getByRole('radio', { name: /The platform does not hold them/ }).check();
  await page.getByLabel(/Whom you asked/).fill('Platform support, ticket 4411: nothing stored');
  await page.getByRole('button', { name: 'Record the answer' }).click();
  // Within the quiet period (13 s in these runs) the save may still be on its way, and the
  // platform could yet create it: refused, with why and when it can be recorded.
  await expect(
    page.getByText(/may still be on its way to the platform, which may yet create it/),
  ).toBeVisible();
  // The answer and reason stay filled in: recorded once no call can still be running.
  const recorded = page.getByText(/Recorded: the platform holds no issuer account/);
  await expect(async () => {
    if (!(await recorded.isVisible())) {
      await page.getByRole('button', { name: 'Record the answer' }).click();
    }
    await expect(recorded).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 40_000, intervals: [1_000] });
  expect(await upstreamCalls(page, 'createIssuerAccount')).toBe(calls + 1);

  // The form starts from what the lost save sent; the numbers the portal keeps only masked, and
  // the date of birth, are asked for again.
  await expect(page.getByText(/answers that save sent are filled in again/)).toBeVisible();
  await expect(page.getByText(/Company tax ID \(EIN\), which ended 6789/)).toBeVisible();
  await expect(page.getByLabel('Company name')).toHaveValue('Aspen Ridge Capital LLC');
  await expect(page.getByLabel('City')).toHaveValue('Boulder');
  await expect(page.getByLabel('Company tax ID (EIN)')).toHaveValue('');
  await page.getByLabel('Company tax ID (EIN)').fill('12-3456789');
  await page.getByLabel('Social Security number').fill('123-45-6789');
  await page.getByLabel('Date of birth').fill('1980-05-17');
  await page.getByRole('checkbox', { name: /^I have checked with the platform/ }).check();
  await page.getByRole('button', { name: 'Review issuer account' }).click();
  // The details cannot be changed once saved: the review shows exactly what will be sent.
  const review = page.getByRole('dialog', { name: 'Review the issuer account' });
  await expect(review).toContainText('Aspen Ridge Capital LLC');
  await expect(review).toContainText('123-45-6789');
  await expect(review).toContainText('Colorado (CO)');
  await expect(review).toContainText('05/17/1980');
  await review.getByRole('button', { name: 'Save issuer account' }).click();

  await expect(page.getByText('The issuer account details were saved.')).toBeVisible();
  const saved = page.getByRole('region', { name: 'Saved issuer account' });
  await expect(saved).toContainText('Status: Pending');
  await expect(saved).toContainText('there is nothing for you to do');
  await expect(saved).toContainText('Colorado (CO)');
  await expect(saved).toContainText('United States (US)');
  await expect(saved).toContainText('••-•••6789');
  await expect(saved).toContainText('•••-••-6789');
  await expect(saved).toContainText('Given (hidden)');
  await expect(saved).not.toContainText('123-45-6789');
  await expect(saved).not.toContainText('1980');
  await expect(saved).toContainText('127.0.0.1');
  await expectNoSeriousA11yViolations(page, 'saved issuer account');

  // After a reload the saved account is still there, and no second one can be created.
  await page.reload();
  await expect(page.getByRole('region', { name: 'Saved issuer account' })).toContainText(
    '••-•••6789',
  );
  await expect(page.getByRole('button', { name: 'Review issuer account' })).toHaveCount(0);
});
