// @vitest-environment jsdom
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DayHours, SecurityHours } from '../../../../../../contract/market-hours';
import type { Role, Session } from '../../../../../../contract/session';
import {
  bff,
  errorAnswer,
  mockPost,
  mockRoute,
  startMockBff,
} from '../../../../../testing/mock-bff';
import { marketHoursAnswer, regularDay } from '../../../../../testing/market-hours';
import { fill, onFakeClock, renderWithProviders } from '../../../../../testing/render';
import { formatTimestamp } from '../../../../../lib/format';
import SecurityHoursRoute from '../security-hours';
import { sessionOf } from '../../../../../testing/session';

startMockBff();
afterEach(cleanup);

const sessionAs = (role: Role, securityIds: string[] = []): Session =>
  sessionOf({ email: `${role}@demo.test`, name: 'Sam Reyes', role, accountIds: [], securityIds });

const hoursOf = (securityId: string, friday: DayHours = regularDay): SecurityHours => ({
  securityId,
  days: {
    monday: regularDay,
    tuesday: regularDay,
    wednesday: regularDay,
    thursday: regularDay,
    friday,
  },
});

/**
 * The ceiling of a wait for the page: rendering its MUI form in jsdom can take over a second on a
 * loaded machine (a ceiling, not a pause: the find returns as soon as the element is there).
 */
const slowRender = { timeout: 10_000 };

/** An alert, found by its title (an alert takes no name from its content). */
async function alertTitled(title: string): Promise<HTMLElement> {
  const found = await screen.findByText(title, {}, slowRender);
  return found.closest('[role="alert"]')!;
}

/** The BFF of a signed-in person, recording whose hours the page reads. */
function serve(session: Session, securities: Response) {
  const hoursRead: string[] = [];
  bff.use(
    http.get('/api/session', () => HttpResponse.json(session)),
    http.get('/api/securities', () => securities.clone()),
    http.get('/api/securities/:securityId/market-hours', ({ params }) => {
      const securityId = String(params.securityId);
      hoursRead.push(securityId);
      return securityId === '99999'
        ? errorAnswer(404, {
            code: 'not_found',
            message: 'Not found: no security 99999 exists on the platform.',
            submitted: 'no',
          })
        : HttpResponse.json({ securityHours: hoursOf(securityId) });
    }),
    // No change yet, unless a test answers otherwise (its handler, added later, goes first).
    http.get('/api/securities/:securityId/market-hours/changes', () =>
      HttpResponse.json({ changes: [], olderBefore: null }),
    ),
    // The market's own week, which the page reads beside the security's.
    marketHoursAnswer(),
  );
  return hoursRead;
}

const issuerList = HttpResponse.json({
  securities: [
    { securityId: '10001', securityName: 'Aspen Ridge Class A' },
    { securityId: '10002', securityName: 'Aspen Ridge Class B' },
  ],
  gaps: [],
});

const lostAnswer = errorAnswer(503, {
  code: 'upstream_unavailable',
  message:
    'The service is unavailable right now. We could not confirm whether your request was submitted; check before trying again.',
  submitted: 'unknown',
  requestId: '97a288fc-0c1e-4f55-9d43-1b2f1c3e4d5a',
});

/** Issuer staff close security 10002 at 13:00 on Fridays and save, the BFF answering `answer`. */
async function saveFridayClosingAt1300(answer: Response) {
  serve(sessionAs('issuer_staff', ['10001', '10002']), issuerList);
  mockRoute('put', '/api/securities/10002/market-hours', answer);
  const user = userEvent.setup({ delay: null });
  renderWithProviders(<SecurityHoursRoute />, {
    path: '/market-hours/securities?security=10002',
  });
  const friday = await screen.findByLabelText('Friday closes (ET)', {}, slowRender);
  await user.clear(friday);
  await fill(user, friday, '13:00');
  await user.click(screen.getByRole('button', { name: 'Save hours' }));
  return user;
}

describe('issuer staff save hours the platform took before the portal’s database stopped answering', () => {
  it('are told the hours were saved and how to see them: never "not saved", nor "we do not know"', async () => {
    const next = 'Reload the page to see the hours the platform holds before saving again.';
    await saveFridayClosingAt1300(
      errorAnswer(503, {
        code: 'store_unavailable',
        message: `The portal's database stopped answering after your change was made: it was made, but could not be recorded in full. ${next}`,
        submitted: 'yes',
        nextStep: next,
        requestId: '5f3c2a10-7b1e-4c2d-9e8f-0a1b2c3d4e5f',
      }),
    );
    const alert = await alertTitled('Done, but not recorded in full');
    expect(alert.textContent).toContain(next);
    expect(screen.queryByText('The hours were not saved')).toBeNull();
    expect(screen.queryByText('We do not know whether the hours were saved')).toBeNull();
    // No word asks to save again: it was saved.
    expect(alert.textContent).not.toMatch(/try again|send it again/i);
  });
});

/** Presses "Check the hours now" on the warning; the check's answer then has the focus. */
async function checkTheHours(
  user: ReturnType<typeof userEvent.setup>,
  alert: HTMLElement,
  answer: string | RegExp,
) {
  await user.click(within(alert).getByRole('button', { name: 'Check the hours now' }));
  const shown = await screen.findByText(answer, {}, slowRender);
  await waitFor(
    () => expect(document.activeElement).toBe(shown.closest('[role="status"]')),
    slowRender,
  );
}

describe('issuer staff save hours whose answer is lost', () => {
  async function saveWithLostAnswer(answer = lostAnswer) {
    const user = await saveFridayClosingAt1300(answer);
    const alert = await alertTitled('We do not know whether the hours were saved');
    return { user, alert };
  }

  it('are told the outcome is unknown in the title and the text alike, with the focus on it', async () => {
    const { alert } = await saveWithLostAnswer();
    expect(screen.queryByText('The hours were not saved')).toBeNull();
    expect(alert.textContent).toContain('We could not confirm whether your request was submitted');
    expect(alert.textContent).toContain('check the hours the platform holds now');
    // The id to quote is named as on every other page ("Reference" is a money request's MR-…).
    expect(alert.textContent).toContain(
      'For help with it, contact support and give them this reference: 97a288fc-0c1e-4f55-9d43-1b2f1c3e4d5a.',
    );
    expect(alert.textContent).not.toContain('Reference');
    await waitFor(() => expect(document.activeElement).toBe(alert), slowRender);
  });

  it('check the hours: told they were not saved when the platform holds others, the focus on the answer', async () => {
    const { user, alert } = await saveWithLostAnswer();
    const checks = mockPost(
      '/api/securities/10002/market-hours/check',
      HttpResponse.json({ securityHours: hoursOf('10002'), saved: false }),
    );
    await checkTheHours(user, alert, /The platform holds other hours than you asked for/);
    // The answer replaces the warning: one state on screen, not "we do not know" beside it.
    expect(screen.queryByText('We do not know whether the hours were saved')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Check the hours now' })).toBeNull();
    // What was asked stays in the form, to save again.
    expect(screen.getByLabelText('Friday closes (ET)')).toHaveProperty('value', '13:00');
    // The BFF compares and records the finding against the save, named by its support id.
    expect(checks.map((c) => c.body)).toEqual([
      {
        asked: { ...hoursOf('10002', { closed: false, open: '09:30', close: '13:00' }).days },
        attempt: '97a288fc-0c1e-4f55-9d43-1b2f1c3e4d5a',
      },
    ]);
  });

  it('check the hours of a save checked already elsewhere: told so, never "we still do not know", and the changes read again', async () => {
    const { user, alert } = await saveWithLostAnswer();
    let changesRead = 0;
    bff.use(
      http.get('/api/securities/10002/market-hours/changes', () => {
        changesRead += 1;
        return HttpResponse.json({ changes: [], olderBefore: null });
      }),
    );
    mockPost(
      '/api/securities/10002/market-hours/check',
      errorAnswer(409, {
        code: 'conflict',
        message:
          'This lost save was checked already: what was found is in the changes of these hours. Reload the page to see it.',
        submitted: 'no',
      }),
    );
    await checkTheHours(user, alert, /^This lost save was checked already/);
    expect(screen.getByText('This save was checked already')).toBeTruthy();
    expect(screen.queryByText(/We still do not know/)).toBeNull();
    await waitFor(() => expect(changesRead).toBeGreaterThan(0), slowRender);
  });

  it('check the hours: told they were saved when the platform holds what was asked', async () => {
    const { user, alert } = await saveWithLostAnswer();
    mockPost(
      '/api/securities/10002/market-hours/check',
      HttpResponse.json({
        securityHours: hoursOf('10002', { closed: false, open: '09:30', close: '13:00' }),
        saved: true,
      }),
    );
    await checkTheHours(
      user,
      alert,
      'The platform holds the hours you asked for: they were saved.',
    );
    expect(screen.queryByText('We do not know whether the hours were saved')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Check the hours now' })).toBeNull();
  });

  it('save again after the check: built on the hours the check read, not refused for the lost save itself', async () => {
    const { user, alert } = await saveWithLostAnswer();
    const friday13 = { closed: false, open: '09:30', close: '13:00' };
    mockPost(
      '/api/securities/10002/market-hours/check',
      HttpResponse.json({ securityHours: hoursOf('10002', friday13), saved: true }),
    );
    await user.click(within(alert).getByRole('button', { name: 'Check the hours now' }));
    await screen.findByText(/they were saved\./, {}, slowRender);
    const saves = mockRoute(
      'put',
      '/api/securities/10002/market-hours',
      HttpResponse.json({ securityHours: hoursOf('10002', friday13) }),
    );
    await user.click(screen.getByRole('button', { name: 'Save hours' }));
    await screen.findByText(/^Saved\. These are the hours the platform now holds/, {}, slowRender);
    expect(saves[0].body).toMatchObject({
      friday: friday13,
      expected: hoursOf('10002', friday13).days,
    });
  });

  it('check the hours after an answer that is not the BFF’s: the check goes without a support id', async () => {
    // A proxy in between answered: its id names no save the BFF knows.
    const { user, alert } = await saveWithLostAnswer(
      errorAnswer(502, {
        code: 'upstream_unavailable',
        message: 'The service is unavailable right now.',
        submitted: 'unknown',
        requestId: 'proxy-7',
      }),
    );
    const checks = mockPost(
      '/api/securities/10002/market-hours/check',
      HttpResponse.json({ securityHours: hoursOf('10002'), saved: false }),
    );
    await user.click(within(alert).getByRole('button', { name: 'Check the hours now' }));
    await screen.findByText(/The platform holds other hours than you asked for/, {}, slowRender);
    expect(checks).toHaveLength(1);
    expect(checks[0].body).not.toHaveProperty('attempt');
  });
});

describe('issuer staff save hours someone else changed since the page read them', () => {
  const closed = { closed: true, open: null, close: null };
  const conflict = errorAnswer(409, {
    code: 'conflict',
    message:
      'Someone else changed Friday since you opened this page (now Closed): review and save again. Nothing was saved.',
    submitted: 'no',
    refusal: 'state',
    fields: [
      {
        field: 'friday',
        message: 'Someone else changed Friday since you opened this page: now Closed',
      },
    ],
    requestId: '0f0e0d0c-0b0a-4909-8807-060504030201',
  });

  it('are refused with the day named, see the hours held now beside their edits, and save again on them', async () => {
    serve(sessionAs('issuer_staff', ['10001', '10002']), issuerList);
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<SecurityHoursRoute />, {
      path: '/market-hours/securities?security=10002',
    });
    const monday = await screen.findByLabelText('Monday opens (ET)', {}, slowRender);
    // Meanwhile an admin closes Friday: the platform now holds it closed.
    bff.use(
      http.get('/api/securities/10002/market-hours', () =>
        HttpResponse.json({ securityHours: hoursOf('10002', closed) }),
      ),
    );
    const saves = mockRoute(
      'put',
      '/api/securities/10002/market-hours',
      conflict,
      HttpResponse.json({ securityHours: hoursOf('10002', closed) }),
    );
    await user.clear(monday);
    await fill(user, monday, '10:30');
    await user.click(screen.getByRole('button', { name: 'Save hours' }));

    const refusal = await alertTitled('The hours were not saved');
    expect(refusal.textContent).toContain(
      'Someone else changed Friday since you opened this page (now Closed): review and save again.',
    );
    // Another person's change is no fault: nothing for support to trace.
    expect(refusal.textContent).not.toMatch(/Support id|give them this reference/);
    // The save said which hours it was built on: those the page read.
    const monday1030 = { closed: false, open: '10:30', close: '16:00' };
    expect(saves[0].body).toEqual({
      ...hoursOf('10002').days,
      monday: monday1030,
      expected: hoursOf('10002').days,
    });
    // Beside the person's edits, still in the form, the day as the platform holds it now.
    expect(
      await screen.findByText(
        'Someone else changed Friday since you opened this page: the platform now holds Closed.',
        {},
        slowRender,
      ),
    ).toBeTruthy();
    expect(screen.getByLabelText('Monday opens (ET)')).toHaveProperty('value', '10:30');
    expect(screen.getByLabelText('Friday closes (ET)')).toHaveProperty('value', '16:00');

    // The person keeps their Monday and takes the admin's Friday, then saves on the hours now.
    await user.click(screen.getByRole('button', { name: 'Use the platform’s hours for Friday' }));
    expect(screen.getByRole('checkbox', { name: 'Closed on Friday' })).toHaveProperty(
      'checked',
      true,
    );
    await user.click(screen.getByRole('button', { name: 'Save hours' }));
    await screen.findByText(/^Saved\. These are the hours the platform now holds/, {}, slowRender);
    expect(saves[1].body).toEqual({
      ...hoursOf('10002').days,
      monday: monday1030,
      friday: { closed: true },
      expected: hoursOf('10002', closed).days,
    });
    expect(screen.queryByText(/changed Friday since you opened this page/)).toBeNull();
  });
});

describe('issuer staff switch to another security with hours not saved', () => {
  async function editThenSwitch() {
    serve(sessionAs('issuer_staff', ['10001', '10002']), issuerList);
    const user = userEvent.setup({ delay: null });
    const { router } = renderWithProviders(<SecurityHoursRoute />, {
      path: '/market-hours/securities?security=10002',
    });
    const friday = await screen.findByLabelText('Friday closes (ET)', {}, slowRender);
    await user.clear(friday);
    await fill(user, friday, '13:00');
    return { user, router };
  }

  async function chooseClassA(user: ReturnType<typeof userEvent.setup>) {
    await user.click(screen.getByRole('combobox', { name: 'Security' }));
    await user.click(await screen.findByRole('option', { name: /Aspen Ridge Class A/ }));
  }

  it('are asked first, and staying keeps their edits and the security they were on', async () => {
    const { user, router } = await editThenSwitch();
    await chooseClassA(user);
    const ask = await screen.findByRole(
      'alertdialog',
      { name: 'Leave without saving your changes?' },
      slowRender,
    );
    expect(ask.textContent).toContain(
      'Your changes to the trading hours of Aspen Ridge Class B are not saved.',
    );
    await user.click(within(ask).getByRole('button', { name: 'Stay and keep editing' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(router.state.location.search).toBe('?security=10002');
    expect(screen.getByRole('heading', { name: 'Hours of Aspen Ridge Class B' })).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('Friday closes (ET)').value).toBe('13:00');
  });

  it('sign out without being held: the session is gone, nothing could be saved', async () => {
    const { router } = await editThenSwitch();
    // Where signing out leads once the BFF has ended the session (lib/use-sign-out).
    await act(() => router.navigate('/sign-in?reason=signed-out', { replace: true }));
    expect(router.state.location.pathname).toBe('/sign-in');
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('leave for the other security once they confirm dropping the edits', async () => {
    const { user, router } = await editThenSwitch();
    await onFakeClock(async () => {
      await chooseClassA(user);
      const ask = await screen.findByRole('alertdialog', {}, slowRender);
      // The confirm button is armed a moment after the dialog appears (lib/use-armed).
      act(() => vi.advanceTimersByTime(500));
      await user.click(within(ask).getByRole('button', { name: 'Leave and drop my changes' }));
    });
    await screen.findByRole('heading', { name: 'Hours of Aspen Ridge Class A' }, slowRender);
    expect(router.state.location.search).toBe('?security=10001');
  });
});

describe('a security in the address that the person cannot set', () => {
  it('issuer staff are told a security not theirs is not one of theirs, and no other opens in its place', async () => {
    const hoursRead = serve(sessionAs('issuer_staff', ['10001', '10002']), issuerList);
    renderWithProviders(<SecurityHoursRoute />, {
      path: '/market-hours/securities?security=20001',
    });
    const notice = await alertTitled('Security 20001 is not one of yours');
    expect(notice.textContent).toContain('securities linked to you');
    expect(screen.queryByRole('form', { name: 'Trading hours' })).toBeNull();
    expect(screen.queryByLabelText('Monday opens (ET)')).toBeNull();
    expect(hoursRead).toEqual([]);
  });
});

describe('a reviewer opens the trading hours of securities', () => {
  // The BFF lists securities from what did not fail when the order book cannot be read
  // (docs/bff-api.md); the list itself may still fail, on our side.
  const bookDown = errorAnswer(500, {
    code: 'internal',
    message: 'Something went wrong on our side. Please try again.',
    submitted: 'no',
  });

  it('sees a list that could not be read as a failure with a retry, not as no securities', async () => {
    serve(sessionAs('admin'), bookDown);
    // The query client retries a failed read twice, a second or two apart: the clock moves.
    await onFakeClock(async () => {
      renderWithProviders(<SecurityHoursRoute />, { path: '/market-hours/securities' });
      await screen.findByText(
        'The list of securities could not be loaded',
        {},
        { timeout: 10_000 },
      );
    });
    const failure = await alertTitled('The list of securities could not be loaded');
    expect(failure.textContent).toContain('Something went wrong on our side.');
    expect(within(failure).getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(screen.queryByText(/No securities/)).toBeNull();
    // The rest of the page still works: a security is opened by its ID.
    expect(screen.getByRole('form', { name: 'Open a security by its ID' })).toBeTruthy();
  });

  it('opens a security that is in no list by its ID, and is told when the platform does not know one', async () => {
    const hoursRead = serve(sessionAs('admin'), bookDown);
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<SecurityHoursRoute />, { path: '/market-hours/securities' });
    const id = await screen.findByLabelText('Security ID', {}, slowRender);
    await fill(user, id, 'abc');
    await user.click(screen.getByRole('button', { name: 'Open security' }));
    await waitFor(() =>
      expect(screen.getByText('Security ID must be a number of up to 18 digits, such as 10001')),
    );

    await user.clear(id);
    await fill(user, id, '30007');
    await user.click(screen.getByRole('button', { name: 'Open security' }));
    expect(await screen.findByLabelText('Monday opens (ET)', {}, slowRender)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Hours of security 30007' })).toBeTruthy();

    await user.clear(id);
    await fill(user, id, '99999');
    await user.click(screen.getByRole('button', { name: 'Open security' }));
    const notFound = await alertTitled('No security 99999 on the platform');
    expect(notFound.textContent).toContain('Check the ID');
    expect(screen.queryByLabelText('Monday opens (ET)')).toBeNull();
    expect(hoursRead).toEqual(['30007', '99999']);

    // A new attempt that is no ID: its error, and no longer the answer to 99999.
    await user.clear(id);
    await fill(user, id, 'abc');
    await user.click(screen.getByRole('button', { name: 'Open security' }));
    await waitFor(() =>
      expect(screen.getByText('Security ID must be a number of up to 18 digits, such as 10001')),
    );
    await waitFor(() => expect(screen.queryByText('No security 99999 on the platform')).toBeNull());
  });

  it('a reviewer reads whose hours they are once: the heading says it, the caption only to screen readers', async () => {
    serve(sessionAs('compliance'), issuerList);
    renderWithProviders(<SecurityHoursRoute />, {
      path: '/market-hours/securities?security=10002',
    });
    const table = await screen.findByRole(
      'table',
      { name: 'Trading hours of Aspen Ridge Class B' },
      slowRender,
    );
    // The heading above names the hours: the caption names the table for screen readers only,
    // rather than saying it a second time on the screen.
    expect(screen.getByRole('heading', { name: 'Hours of Aspen Ridge Class B' })).toBeTruthy();
    const caption = table.querySelector('caption');
    expect(caption?.className).toBe('visually-hidden');
    expect(getComputedStyle(caption!).position).toBe('absolute');
  });

  it('a compliance reviewer reads one intro that says they read the hours others set', async () => {
    serve(sessionAs('compliance'), issuerList);
    renderWithProviders(<SecurityHoursRoute />, {
      path: '/market-hours/securities?security=10002',
    });
    await screen.findByRole('table', { name: 'Trading hours of Aspen Ridge Class B' }, slowRender);
    expect(
      screen.getByText(
        'When each security trades, per weekday, in US Eastern time. You can read these hours; the issuer of the security or an administrator sets them.',
      ),
    ).toBeTruthy();
    expect(screen.queryByText(/^Set when/)).toBeNull();
    expect(screen.getAllByText(/You can read these hours/)).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Save hours' })).toBeNull();
  });
});

describe('"Changes to these hours" under the form', () => {
  const at = '2026-11-27T15:04:00.000Z';
  const changesOf = (changes: unknown[], olderBefore: string | null = null) =>
    HttpResponse.json({ changes, olderBefore });
  const friday13 = { closed: false, open: '09:30', close: '13:00' };
  const saved = {
    id: '41',
    at,
    by: 'issuer@demo.test',
    outcome: 'saved',
    changes: [{ day: 'friday', before: regularDay, after: friday13 }],
  };
  const asked = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'].map((day) => ({
    day,
    hours: day === 'wednesday' ? { closed: true, open: null, close: null } : regularDay,
  }));

  /** The changes section, by its heading. */
  const section = async () =>
    (await screen.findByRole('heading', { name: 'Changes to these hours' }, slowRender)).closest(
      'section',
    )!;

  async function openWith(...answers: Response[]) {
    serve(sessionAs('issuer_staff', ['10001', '10002']), issuerList);
    const asked: (string | null)[] = [];
    bff.use(
      http.get('/api/securities/10002/market-hours/changes', ({ request }) => {
        asked.push(new URL(request.url).searchParams.get('before'));
        return answers[Math.min(asked.length, answers.length) - 1].clone();
      }),
    );
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<SecurityHoursRoute />, {
      path: '/market-hours/securities?security=10002',
    });
    return { user, asked };
  }

  it('lists each change with when (in the viewer’s zone), who, each day before → after, and how it ended', async () => {
    await openWith(
      changesOf([
        saved,
        {
          id: '40',
          at,
          by: 'issuer@demo.test',
          outcome: 'refused',
          reason: 'The platform refused the hours: invalid time range.',
          asked,
        },
        {
          id: '39',
          at,
          by: 'issuer@demo.test',
          outcome: 'unknown',
          asked,
          settled: { result: 'not_saved', at, by: 'admin@demo.test' },
        },
      ]),
    );
    const changes = await section();
    const items = await within(changes).findAllByRole('heading', { level: 3 }, slowRender);
    expect(items.map((h) => h.textContent)).toEqual([
      'Saved',
      'Not saved: refused by the platform',
      'Answer lost, then found not saved',
    ]);
    const first = items[0].closest('li')!;
    expect(first.textContent).toContain('Friday: 9:30 AM – 4:00 PM ET → 9:30 AM – 1:00 PM ET');
    expect(first.textContent).toContain('by issuer@demo.test');
    const time = first.querySelector('time')!;
    expect(time.getAttribute('datetime')).toBe(at);
    expect(time.textContent).toBe(formatTimestamp(at));
    const refused = items[1].closest('li')!;
    expect(refused.textContent).toContain('The platform refused the hours: invalid time range.');
    expect(refused.textContent).toContain('Wednesday: Closed');
    expect(items[2].closest('li')!.textContent).toContain(
      'by admin@demo.test: the platform did not hold the hours asked for',
    );
  });

  it('says when no change was saved from the portal yet', async () => {
    await openWith(changesOf([]));
    const changes = await section();
    const none = await within(changes).findByText(
      'No changes saved from the portal yet',
      {},
      slowRender,
    );
    // Under the section's h2 "Changes to these hours", not a second h2 beside it.
    expect(none.tagName).toBe('H3');
  });

  it('a list that cannot be read is said with Try again, and the form stays usable', async () => {
    const down = errorAnswer(503, {
      code: 'store_unavailable',
      message: 'The portal’s database is not answering right now.',
    });
    // The first read and the query client's two retries fail, a second or two apart: the clock
    // moves through them.
    const { user } = await openWith(down, down, down, changesOf([saved]));
    await onFakeClock(async () => {
      const changes = await section();
      await within(changes).findByText(
        'The changes to these hours could not be loaded',
        {},
        slowRender,
      );
    });
    const changes = await section();
    // The hours and the form above are untouched by it.
    expect(screen.getByRole('button', { name: 'Save hours' })).toBeTruthy();
    expect(screen.getByLabelText('Friday closes (ET)')).toBeTruthy();
    await user.click(within(changes).getByRole('button', { name: 'Try again' }));
    expect(await within(changes).findByText('Saved', {}, slowRender)).toBeTruthy();
  });

  it('reads older changes on asking, and lists a save just made', async () => {
    const { user, asked } = await openWith(
      changesOf([saved], '41'),
      changesOf([{ ...saved, id: '12', by: 'earlier@demo.test' }]),
      changesOf([{ ...saved, id: '42', by: 'issuer@demo.test' }, saved], '41'),
      // The older page read again after the save, from the cursor of the new first page.
      changesOf([{ ...saved, id: '12', by: 'earlier@demo.test' }]),
    );
    const changes = await section();
    await user.click(
      await within(changes).findByRole('button', { name: 'Show older changes' }, slowRender),
    );
    await within(changes).findByText(/by earlier@demo\.test/, {}, slowRender);
    expect(asked).toEqual([null, '41']);
    // The older ones came above: the count says so, and takes the focus the button gave up.
    const count = within(changes).getByRole('status');
    expect(count.textContent).toBe('2 changes shown; no older changes.');
    await waitFor(() => expect(document.activeElement).toBe(count));

    mockRoute(
      'put',
      '/api/securities/10002/market-hours',
      HttpResponse.json({ securityHours: hoursOf('10002', friday13) }),
    );
    const friday = screen.getByLabelText('Friday closes (ET)');
    await user.clear(friday);
    await fill(user, friday, '13:00');
    await user.click(screen.getByRole('button', { name: 'Save hours' }));
    // Both pages read again, newest first: the save just made on top, each change listed once.
    await waitFor(() => expect(asked).toEqual([null, '41', null, '41']), slowRender);
    await waitFor(
      () => expect(within(changes).getByRole('status').textContent).toMatch(/^3 changes shown/),
      slowRender,
    );
    expect(within(changes).getAllByText(/by earlier@demo\.test/)).toHaveLength(1);
  });

  it('a lost save is checked from the list after a reload: "Check now" settles it, the finding in words', async () => {
    const lost = {
      id: '39',
      at,
      by: 'issuer@demo.test',
      outcome: 'unknown',
      asked,
      settled: null,
    };
    const { user } = await openWith(
      changesOf([lost]),
      // As the BFF lists it once checked: the one save settled, its check no entry of its own.
      changesOf([{ ...lost, settled: { result: 'saved', at, by: 'issuer@demo.test' } }]),
    );
    const checks = mockPost(
      '/api/securities/10002/market-hours/check',
      HttpResponse.json({ securityHours: hoursOf('10002'), saved: true }),
    );
    const changes = await section();
    const check = await within(changes).findByRole('button', { name: 'Check now' }, slowRender);
    expect(check.closest('li')!.textContent).toContain('check the hours it holds now to settle it');
    await user.click(check);
    // The BFF is told the save by its id in the list: its support id is the log's to find.
    await waitFor(() => expect(checks).toHaveLength(1), slowRender);
    expect(checks[0].body).toEqual({
      asked: {
        monday: regularDay,
        tuesday: regularDay,
        wednesday: { closed: true },
        thursday: regularDay,
        friday: regularDay,
      },
      change: '39',
    });
    const finding = await within(changes).findByText(
      'Checked: the platform holds the hours this save asked for, so it was applied.',
      {},
      slowRender,
    );
    // The list read again settles the entry; the finding keeps the focus the button gave up.
    await within(changes).findByText('Answer lost, then found saved', {}, slowRender);
    const [entry, ...more] = within(changes).getAllByRole('heading', { level: 3 });
    expect(more).toEqual([]);
    expect(entry.closest('li')!.textContent).toContain(
      'by issuer@demo.test: the platform held the hours asked for: it was applied.',
    );
    expect(within(changes).queryByRole('button', { name: 'Check now' })).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(finding.closest('[role="status"]')));
  });
});
