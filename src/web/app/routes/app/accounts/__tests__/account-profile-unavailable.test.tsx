// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import type { CustodyAccountResult } from '../../../../../../contract/custody-views';
import { accountView, mainStreet } from '../../../../../testing/account';
import {
  answerAccountReads,
  noticeAfterRetries,
  renderAccountPage,
} from '../../../../../testing/account-pages';
import { approvedCustody, linkedBank, notOpenedCustody } from '../../../../../testing/custody';
import { bff, errorAnswer, startMockBff } from '../../../../../testing/mock-bff';
import { onFakeClock } from '../../../../../testing/render';

startMockBff();
afterEach(cleanup);

const accountId = 'A1040000';
const approved = approvedCustody(accountId, 'CR100001');
const linked = linkedBank('Mesa Credit Union', '••••0771');
const noRequests = { requests: [], total: 0, offset: 0, limit: 20 };

/**
 * An investor's account pages while only the account's profile read (getAccount) fails, until
 * `profile.answers`; every other read of the account answers.
 */
function renderWhileTheProfileFails(
  path: string,
  address = accountView().address,
  custody: CustodyAccountResult = approved,
) {
  const profile = { answers: false };
  answerAccountReads(accountId, {
    profile: () =>
      profile.answers
        ? HttpResponse.json({
            account: accountView({ id: accountId, name: 'Avery Quinn', address }),
          })
        : errorAnswer(503, {
            code: 'upstream_unavailable',
            message: 'The service is unavailable right now. Please try again in a moment.',
          }),
    custody: () => HttpResponse.json(custody),
    linkedBank: () => HttpResponse.json(linked),
  });
  bff.use(
    http.get(`/api/accounts/${accountId}/timeline`, () =>
      HttpResponse.json({ accountId, entries: [], gaps: [] }),
    ),
    http.get(`/api/accounts/${accountId}/money-requests`, () => HttpResponse.json(noRequests)),
    http.get('/api/holdings', () =>
      HttpResponse.json({ state: 'unavailable', reason: 'permission', message: 'Not now.' }),
    ),
  );
  renderAccountPage(path);
  return profile;
}

/** The failed profile read's retries, on the fake clock (fake ms). */
const FAKE_WAIT_MS = 30_000;

/** The IRA page of an account with no custody account yet, told its address could not be read. */
async function openIraWhileTheAddressCannotBeRead() {
  const profile = renderWhileTheProfileFails(
    `/accounts/${accountId}/ira`,
    mainStreet,
    notOpenedCustody,
  );
  const notice = await noticeAfterRetries("Your account's address could not be read", FAKE_WAIT_MS);
  return { profile, notice };
}

describe("an investor's account pages while the account's profile cannot be read", () => {
  it('the overview fails only the profile, with Try again, and keeps the custody account and every way on', async () => {
    const profile = renderWhileTheProfileFails(`/accounts/${accountId}`);
    await onFakeClock(async () => {
      await screen.findByText(
        "The account's profile and reviews could not be loaded",
        {},
        { timeout: FAKE_WAIT_MS },
      );
    });
    expect(screen.getByRole('heading', { level: 1, name: `Account ${accountId}` })).toBeTruthy();
    for (const [name, href] of [
      ['Request a disbursement', `/accounts/${accountId}/disbursements/new`],
      ['Money and timeline', `/accounts/${accountId}/money`],
      ['Fund moves', `/accounts/${accountId}/fund-moves`],
    ]) {
      // The custody section names Fund moves and Money and timeline too (no balance is reported).
      for (const link of screen.getAllByRole('link', { name }))
        expect(link.getAttribute('href')).toBe(href);
    }
    expect(screen.getByRole('link', { name: 'Deposit' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Custody account' })).toBeTruthy();
    expect(screen.queryByText('The custody account could not be loaded')).toBeNull();

    // Tried again once it answers: the profile takes its place, under the account's name.
    profile.answers = true;
    const failed = screen
      .getByText("The account's profile and reviews could not be loaded")
      .closest('[role="alert"]') as HTMLElement;
    await userEvent
      .setup({ delay: null })
      .click(within(failed).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Avery Quinn' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Profile' })).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'Money and timeline' }).length).toBeGreaterThan(0);
  });

  it('the Money and timeline page shows the linked bank, the deposit form, the timeline and the requests', async () => {
    renderWhileTheProfileFails(`/accounts/${accountId}/money`);
    await onFakeClock(async () => {
      await screen.findAllByText(/Mesa Credit Union/, {}, { timeout: FAKE_WAIT_MS });
      await screen.findByLabelText(/Deposit amount/, {}, { timeout: FAKE_WAIT_MS });
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Money and timeline' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Timeline' })).toBeTruthy();
    expect(screen.queryByText('The account could not be loaded')).toBeNull();
  });

  it('the IRA request is not held up: the mailing address is left to type, and the page says why', async () => {
    const { profile, notice } = await openIraWhileTheAddressCannotBeRead();
    expect(notice.textContent).toContain('The mailing address is therefore not filled in for you');
    expect(within(notice).getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(await screen.findByLabelText(/^Address line 1/)).toHaveProperty('value', '');

    // Tried again and failing again: the notice and its button stay, and keyboard focus with it.
    await onFakeClock(async () => {
      await userEvent
        .setup({ delay: null })
        .click(within(notice).getByRole('button', { name: 'Try again' }));
      expect(notice.isConnected).toBe(true);
      expect(document.activeElement?.textContent).toBe('Reading again…');
      await within(notice).findByRole('button', { name: 'Try again' }, { timeout: FAKE_WAIT_MS });
    });
    expect(notice.isConnected).toBe(true);
    expect(document.activeElement).toBe(within(notice).getByRole('button', { name: 'Try again' }));

    // Answered at last: the notice goes, the address is filled in, and focus is on it.
    profile.answers = true;
    await userEvent
      .setup({ delay: null })
      .click(within(notice).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(notice.isConnected).toBe(false));
    expect(document.activeElement).toBe(screen.getByLabelText(/^Address line 1/));
    expect(screen.getByLabelText(/^Address line 1/)).toHaveProperty('value', '12 Main St');
    expect(screen.getByLabelText(/^City/)).toHaveProperty('value', 'Denver');
  });

  it('the address read once the person has begun typing keeps what they typed, says so, and fills it in only when asked', async () => {
    const { profile, notice } = await openIraWhileTheAddressCannotBeRead();
    // The notice's promise, in words that stay true when the person types first.
    expect(notice.textContent).toContain('Once you have typed any of it, what you typed is kept.');
    const user = userEvent.setup({ delay: null });
    const line1 = await screen.findByLabelText(/^Address line 1/);
    await user.type(line1, '7 Elm Road');

    profile.answers = true;
    await user.click(within(notice).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(notice.isConnected).toBe(false));
    // Kept as typed, nothing filled in around it, and the page says so where the focus now is.
    expect(screen.getByLabelText(/^Address line 1/)).toHaveProperty('value', '7 Elm Road');
    expect(screen.getByLabelText(/^City/)).toHaveProperty('value', '');
    const kept = screen
      .getByText(/Your account's address has now been read/)
      .closest('[role="status"]') as HTMLElement;
    expect(kept.textContent).toContain('12 Main St, Denver, CO, 80202, US');
    expect(kept.textContent).toContain(
      'The mailing address you had begun to type is kept as you typed it and was not filled in.',
    );
    expect(document.activeElement).toBe(kept);

    // Asked for, the account's address replaces it, and the focus is on its first line.
    await user.click(within(kept).getByRole('button', { name: "Use my account's address" }));
    expect(kept.isConnected).toBe(false);
    expect(screen.getByLabelText(/^Address line 1/)).toHaveProperty('value', '12 Main St');
    expect(screen.getByLabelText(/^City/)).toHaveProperty('value', 'Denver');
    expect(screen.getByLabelText(/^ZIP/)).toHaveProperty('value', '80202');
    expect(document.activeElement).toBe(screen.getByLabelText(/^Address line 1/));
  });
});
