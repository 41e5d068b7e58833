import { act, configure, getConfig, render, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, expect, vi } from 'vitest';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, type LoaderFunction } from 'react-router-dom';
import { MuiTheme } from '../app/mui-theme';
import { AppProvider } from '../app/provider';

/**
 * Renders a component the way the portal does: the app's own providers (theme, query client with
 * its retry and 401 rules, error boundary) around a memory router, so links and focus behave as
 * in the browser. The network is whatever the test's MSW handlers answer. A `loader` runs before
 * each navigation lands, as a page's clientLoader does in the portal: one that waits makes the
 * new address land later, as it may in a browser.
 */
export function renderWithProviders(
  ui: ReactNode,
  { path = '/', loader }: { path?: string; loader?: LoaderFunction } = {},
) {
  const router = createMemoryRouter([{ path: '*', element: ui, loader }], {
    initialEntries: [path],
  });
  return {
    router,
    ...render(
      <AppProvider>
        <MuiTheme>
          <RouterProvider router={router} />
        </MuiTheme>
      </AppProvider>,
    ),
  };
}

/**
 * A review's confirm button is armed 500 ms after it appears (lib/use-armed). Opens the review
 * with the clock faked, checks the button is not usable yet, and moves the clock instead of
 * waiting.
 */
export async function openReviewAndArm(
  openReview: () => Promise<void>,
  confirmButton: () => HTMLElement,
) {
  await onFakeClock(async () => {
    await openReview();
    await waitFor(() => expect(confirmButton()).toHaveProperty('disabled', true));
    act(() => vi.advanceTimersByTime(500));
    expect(confirmButton()).toHaveProperty('disabled', false);
  });
}

/**
 * Runs `run` with the timeouts faked, so waiting for a timer (a review's arming, the query
 * client's retries of a failed read) moves the clock instead of waiting: Testing Library's
 * waitFor and find queries advance it as they poll, their `timeout` counted in faked time.
 */
export async function onFakeClock(run: () => Promise<void>) {
  await withFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] }, run);
}

/**
 * As onFakeClock, with the date faked too and starting at `now`: for what a page decides from the
 * time of day (a window that passes), moved on with `vi.advanceTimersByTime` inside `act`.
 */
export async function onFakeDate(now: string, run: () => Promise<void>) {
  await withFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], now: new Date(now) }, run);
}

/**
 * As onFakeDate, with intervals faked too: for what the query client repeats on a timer (a read
 * that failed, asked again while the page stays open), and when it did.
 */
export async function onFakeIntervals(run: () => Promise<void>) {
  await withFakeTimers(
    {
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
      now: new Date('2026-03-10T15:00:00Z'),
    },
    run,
  );
}

type FakeTimers = Parameters<typeof vi.useFakeTimers>[0];

// Testing Library drives fake clocks only when it sees Jest's, hence the `jest` stand-in for the
// while (its waitFor and user-event wrappers wait on a zero timeout).
const withJest = globalThis as { jest?: { advanceTimersByTime: (ms: number) => void } };

/**
 * On a faked clock a `findBy…` or `waitFor` counts its timeout in faked time, and moves the clock on
 * as it polls while each answer is still on its way through MSW in real time: on a busy machine an
 * answer's trip takes more of the faked clock than on a quiet one, and a read with two retries
 * (3 s of waiting) outran the five seconds allowed with the clock real (setup-waits.ts). Half a
 * minute of faked time costs nothing when what a test waits for comes sooner; a wait meant to
 * prove "at once" or "not yet" names its own, shorter, timeout.
 */
const FAKED_WAIT_MS = 30_000;
let realWaitMs: number | undefined;

function startFakeTimers(timers: FakeTimers) {
  vi.useFakeTimers(timers);
  withJest.jest = { advanceTimersByTime: (ms) => vi.advanceTimersByTime(ms) };
  realWaitMs = getConfig().asyncUtilTimeout;
  configure({ asyncUtilTimeout: FAKED_WAIT_MS });
}

function stopFakeTimers() {
  delete withJest.jest;
  vi.useRealTimers();
  if (realWaitMs !== undefined) configure({ asyncUtilTimeout: realWaitMs });
}

async function withFakeTimers(timers: FakeTimers, run: () => Promise<void>) {
  startFakeTimers(timers);
  try {
    await run();
  } finally {
    stopFakeTimers();
  }
}

/** Every test of the file runs on onFakeClock's clock, from its start to its end. */
export function onFakeClockInEachTest() {
  beforeEach(() => startFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] }));
  afterEach(stopFakeTimers);
}

/** The text of what describes a field (its error or helper text), as a screen reader reads it. */
export function descriptionOf(element: HTMLElement): string {
  const ids = element.getAttribute('aria-describedby')?.split(/\s+/) ?? [];
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
}

/** Types into a field as one paste: one input event, not one per character (jsdom + MUI is slow). */
export async function fill(
  user: { click: (element: Element) => Promise<void>; paste: (text: string) => Promise<void> },
  field: HTMLElement,
  text: string,
) {
  await user.click(field);
  await user.paste(text);
}
