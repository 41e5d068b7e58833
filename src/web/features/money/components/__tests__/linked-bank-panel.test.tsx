// @vitest-environment jsdom
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { focusManager } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LinkBankReceipt, LinkedBankResult } from '../../../../../contract/cash';
import { bff, mockPost, okAnswer, startMockBff } from '../../../../testing/mock-bff';
import { renderWithProviders } from '../../../../testing/render';
import { withTimeZones } from '../../../../testing/time-zones';
import { PENDING_LINK_CHECK_MS } from '../../api/get-linked-bank';
import { usePreflight } from '../../api/get-preflight';
import { approvedAccount, checksOf } from '../../../../testing/invest-page';
import { offeringFixture } from '../../../../testing/offering';
import { LinkedBankPanel } from '../linked-bank-panel';

startMockBff();
withTimeZones({ viewer: 'America/Denver', platform: 'UTC' });
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const path = '/api/accounts/A1234567/linked-bank';
const none: LinkedBankResult = {
  state: 'none',
  message:
    'No bank account is linked. ACH disbursements and deposits need one: link a bank account first.',
};
const linked: LinkedBankResult = {
  state: 'linked',
  bank: {
    bankName: 'Prairie National Bank',
    holderName: 'Avery Quinn',
    accountType: 'Checking',
    accountNumberMasked: '••••1592',
    routingNumberMasked: '••••0021',
  },
};
const pageUrl = 'https://link.example.test/plaid/abc123';
/** The link the BFF keeps while it waits on the platform's page (GET and POST answer it alike). */
const pending: LinkedBankResult = {
  ...none,
  pendingLink: { linkUrl: pageUrl, startedAt: '2026-07-17T16:09:00.000Z' },
};

/** The bank the BFF reports, changed by the test as the platform would; counts the reads. */
function platformBank(initial: LinkedBankResult) {
  const platform = { bank: initial, reads: 0 };
  bff.use(
    http.get(path, () => {
      platform.reads++;
      return HttpResponse.json(platform.bank);
    }),
  );
  return platform;
}

/** Links from the panel; the BFF then reports what the receipt says (a kept pending link too). */
async function startLinking(receipt: LinkBankReceipt, platform?: { bank: LinkedBankResult }) {
  const sent = mockPost(path, okAnswer(receipt));
  const user = userEvent.setup({ delay: null });
  renderWithProviders(<LinkedBankPanel accountId="A1234567" canLink />);
  const button = await screen.findByRole('button', { name: 'Link a bank account' });
  if (platform) platform.bank = receipt.result;
  await user.click(button);
  return { user, sent };
}

describe('linking a bank for ACH (linkExternalAccount, real-world notes §4.1)', () => {
  it('linked at once: the named bank takes the focus and says it is linked', async () => {
    platformBank(none);
    const { sent } = await startLinking({ result: linked, linkUrl: pageUrl });
    const named = await screen.findByText('Linked: Prairie National Bank ••••1592');
    await waitFor(() => expect(document.activeElement).toBe(named));
    expect(screen.getByRole('status').textContent).toBe('Bank account linked.');
    // A page the platform no longer needs is not offered.
    expect(screen.queryByRole('link', { name: /bank-linking page/ })).toBeNull();
    expect(sent).toHaveLength(1);
    // No button to change it: the words say how.
    expect(screen.getByText(/To use another bank account, contact support/)).toBeTruthy();
  });

  it('linked: the checks before investing from the account are read again, not kept from before', async () => {
    platformBank(none);
    // The invest page's checks of this account, read before the bank was linked (the same
    // reads as an invest page's, kept in the same cache).
    let checkReads = 0;
    bff.use(
      http.get('/api/offerings/7/preflight', () => {
        checkReads++;
        return checksOf(approvedAccount, offeringFixture());
      }),
    );
    function InvestChecks() {
      const checks = usePreflight('7', 'A1234567');
      return checks.data ? <p>checks read</p> : null;
    }
    const sent = mockPost(path, okAnswer({ result: linked, linkUrl: pageUrl }));
    const user = userEvent.setup({ delay: null });
    renderWithProviders(
      <>
        <LinkedBankPanel accountId="A1234567" canLink />
        <InvestChecks />
      </>,
    );
    await screen.findByText('checks read');
    expect(checkReads).toBe(1);
    await user.click(await screen.findByRole('button', { name: 'Link a bank account' }));
    await screen.findByText('Linked: Prairie National Bank ••••1592');
    expect(sent).toHaveLength(1);
    // Well within the 30 s the checks would otherwise be kept: no clock moves in this test.
    await waitFor(() => expect(checkReads).toBe(2));
    expect(screen.getByText('checks read')).toBeTruthy();
  });

  it('linked on the platform page: the link is pending, the page is offered in a new tab, and the bank shows once reported', async () => {
    const platform = platformBank(none);
    const { user } = await startLinking({ result: pending, linkUrl: pageUrl }, platform);

    const open = await screen.findByRole('link', {
      name: 'Open the bank-linking page (new tab)',
    });
    expect(open.getAttribute('href')).toBe(pageUrl);
    expect(open.getAttribute('target')).toBe('_blank');
    expect(open.getAttribute('rel')).toBe('noopener noreferrer');
    // Focus is on the next step, which is described by what will happen and how to come back.
    expect(document.activeElement).toBe(open);
    const explanation = document.getElementById(open.getAttribute('aria-describedby') ?? '');
    expect(within(explanation!).getByText('Linking is pending')).toBeTruthy();
    expect(explanation!.textContent).toContain('then come back to this tab');
    expect(explanation!.textContent).toContain('Nothing is linked until the platform reports');
    expect(screen.queryByRole('button', { name: 'Link a bank account' })).toBeNull();

    // Not finished yet: still pending after a check.
    const before = platform.reads;
    await user.click(screen.getByRole('button', { name: 'I have finished: check now' }));
    await waitFor(() => expect(platform.reads).toBe(before + 1));
    expect(await screen.findByText('Linking is pending')).toBeTruthy();

    platform.bank = linked;
    await user.click(await screen.findByRole('button', { name: 'I have finished: check now' }));
    const named = await screen.findByText('Linked: Prairie National Bank ••••1592');
    await waitFor(() => expect(document.activeElement).toBe(named));
    expect(screen.getByRole('status').textContent).toBe('Bank account linked.');
    expect(screen.queryByText('Linking is pending')).toBeNull();
  });

  it('checked before the link is finished: says no bank is linked yet, with the ways on, and keeps the focus in the panel', async () => {
    const platform = platformBank(none);
    const { user } = await startLinking({ result: pending, linkUrl: pageUrl }, platform);
    await screen.findByText('Linking is pending');

    // The page was closed without linking: the platform still reports nothing.
    // The platform answers this check only once the button is seen while it waits.
    let answer!: () => void;
    const held = new Promise<void>((resolve) => (answer = resolve));
    bff.use(
      http.get(
        path,
        async () => {
          await held;
          platform.reads++;
          return HttpResponse.json(platform.bank);
        },
        { once: true },
      ),
    );
    const before = platform.reads;
    const check = screen.getByRole('button', { name: 'I have finished: check now' });
    await user.click(check);
    // Busy while it checks, not disabled: a disabled button drops the focus in a browser.
    expect(
      (await screen.findByRole('button', { name: 'Checking…' })).hasAttribute('disabled'),
    ).toBe(false);
    expect(check.getAttribute('aria-disabled')).toBe('true');
    answer();
    await waitFor(() => expect(platform.reads).toBe(before + 1));
    const notYet = await screen.findByText(/The platform has not linked a bank yet/);
    const notice = notYet.closest('[role="alert"]')!;
    expect(notice.textContent).toContain('open the bank-linking page again');
    expect(notice.textContent).toContain('start over with a new page');
    await waitFor(() => expect(document.activeElement).toBe(notice));

    // Asked again, it is said again (a fresh notice, focused once more).
    await user.click(screen.getByRole('button', { name: 'I have finished: check now' }));
    await waitFor(() => expect(platform.reads).toBe(before + 2));
    await waitFor(() =>
      expect(document.activeElement).toBe(
        screen.getByText(/The platform has not linked a bank yet/).closest('[role="alert"]'),
      ),
    );
    expect(screen.getAllByText(/The platform has not linked a bank yet/)).toHaveLength(1);
  });

  it('while pending, asks again every few seconds and when the person comes back to the tab', async () => {
    // Only the interval clock is faked: requests and rendering run as usual.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const platform = platformBank(none);
    await startLinking({ result: pending, linkUrl: pageUrl }, platform);
    await screen.findByText('Linking is pending');

    const beforeTick = platform.reads;
    await act(() => vi.advanceTimersByTimeAsync(PENDING_LINK_CHECK_MS - 100));
    expect(platform.reads).toBe(beforeTick);
    await act(() => vi.advanceTimersByTimeAsync(100));
    await waitFor(() => expect(platform.reads).toBe(beforeTick + 1));
    vi.useRealTimers();

    // Back from the platform's page in another tab: asked at once.
    const beforeFocus = platform.reads;
    platform.bank = linked;
    act(() => {
      focusManager.setFocused(false);
      focusManager.setFocused(true);
    });
    expect(await screen.findByText('Linked: Prairie National Bank ••••1592')).toBeTruthy();
    expect(platform.reads).toBe(beforeFocus + 1);
    focusManager.setFocused(undefined);
  });

  it('neither linked nor a page: says nothing is linked and offers to try again', async () => {
    platformBank(none);
    await startLinking({ result: none, linkUrl: null });
    const warning = await screen.findByText(/did not link a bank account and gave no page/);
    await waitFor(() => expect(document.activeElement).toBe(warning.closest('[role="alert"]')));
    expect(screen.getByRole('button', { name: 'Link a bank account' })).toBeTruthy();
  });

  it('after a reload, shows the link still pending with when it started, and can check again or start over', async () => {
    const platform = platformBank(pending);
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<LinkedBankPanel accountId="A1234567" canLink />);
    const alert = (await screen.findByText('Linking is pending')).closest('[role="alert"]')!;
    expect(alert.textContent).toContain('Started Jul 17, 2026, 10:09 AM');
    const open = screen.getByRole('link', { name: 'Open the bank-linking page (new tab)' });
    expect(open.getAttribute('href')).toBe(pageUrl);
    // Not offered as if nothing had happened.
    expect(screen.queryByRole('button', { name: 'Link a bank account' })).toBeNull();
    // A reload does not move the focus into the panel.
    expect(document.activeElement).toBe(document.body);

    const reads = platform.reads;
    await user.click(screen.getByRole('button', { name: 'I have finished: check now' }));
    await waitFor(() => expect(platform.reads).toBe(reads + 1));
    expect(await screen.findByText('Linking is pending')).toBeTruthy();

    // Starting over: the platform's new page replaces the old one.
    const newPage = 'https://link.example.test/plaid/def456';
    const restarted: LinkedBankResult = {
      ...none,
      pendingLink: { linkUrl: newPage, startedAt: '2026-07-17T18:30:00.000Z' },
    };
    const sent = mockPost(path, okAnswer({ result: restarted, linkUrl: newPage }));
    platform.bank = restarted;
    await user.click(screen.getByRole('button', { name: 'Start over with a new page' }));
    await waitFor(() =>
      expect(
        screen
          .getByRole('link', { name: 'Open the bank-linking page (new tab)' })
          .getAttribute('href'),
      ).toBe(newPage),
    );
    expect(sent).toHaveLength(1);
    expect(screen.getByText(/Started Jul 17, 2026, 12:30 PM/)).toBeTruthy();
    await waitFor(() =>
      expect(document.activeElement).toBe(
        screen.getByRole('link', { name: 'Open the bank-linking page (new tab)' }),
      ),
    );

    // And once more from this tab: the newest page's button takes the focus again.
    const thirdPage = 'https://link.example.test/plaid/ghi789';
    const again: LinkedBankResult = {
      ...none,
      pendingLink: { linkUrl: thirdPage, startedAt: '2026-07-17T18:45:00.000Z' },
    };
    mockPost(path, okAnswer({ result: again, linkUrl: thirdPage }));
    platform.bank = again;
    await user.click(screen.getByRole('button', { name: 'Start over with a new page' }));
    await waitFor(() => {
      const newest = screen.getByRole('link', { name: 'Open the bank-linking page (new tab)' });
      expect(newest.getAttribute('href')).toBe(thirdPage);
      expect(document.activeElement).toBe(newest);
    });
  });

  it('a bank already linked (715) is shown as that bank, not as a failure', async () => {
    const platform = platformBank(none);
    await startLinking({ result: linked, linkUrl: null, alreadyLinked: true }, platform);
    const named = await screen.findByText('Linked: Prairie National Bank ••••1592');
    await waitFor(() => expect(document.activeElement).toBe(named));
    expect(screen.getByRole('status').textContent).toBe(
      'A bank account is already linked to this account: the platform kept it, and nothing new was started.',
    );
    expect(screen.queryByText(/could not be linked/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Link a bank account' })).toBeNull();
  });
});
