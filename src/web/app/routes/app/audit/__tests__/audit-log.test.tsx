// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { catchDownloads, csvFile } from '../../../../../testing/downloads';
import { bff, errorAnswer, startMockBff } from '../../../../../testing/mock-bff';
import { expectApplied, typeDay } from '../../../../../testing/date-filters';
import { descriptionOf, renderWithProviders } from '../../../../../testing/render';
import { withTimeZones } from '../../../../../testing/time-zones';
import AuditLogRoute from '../audit-log';

startMockBff();
afterEach(cleanup);
const downloads = catchDownloads();

/** The BFF's refusal (400) of the filter `field` of the address, `message` said of it. */
const refusedFilter = (field: string, message: string) =>
  errorAnswer(400, {
    code: 'bad_request',
    message: `query.${field}: ${message}`,
    fields: [{ field: `query.${field}`, message }],
  });

/** The audit log at `path`, the BFF finding no event: its router and what it was asked, in order. */
async function renderEmptyAuditLog(path: string) {
  const asked: URL[] = [];
  bff.use(
    http.get('/api/audit-events', ({ request }) => {
      asked.push(new URL(request.url));
      return HttpResponse.json({ events: [], nextBefore: null });
    }),
  );
  const { router } = renderWithProviders(<AuditLogRoute />, { path });
  await screen.findByText('No events match');
  return { router, asked };
}

describe('a reviewer opens an audit address whose filters the BFF refuses', () => {
  it('a period out of order: told under From in its words, with Clear the filters and no Try again', async () => {
    const message = 'From must be on or before To';
    bff.use(http.get('/api/audit-events', () => refusedFilter('from', message)));
    const { router } = renderWithProviders(<AuditLogRoute />, {
      path: '/audit?from=2026-12-01&to=2026-11-01',
    });
    const form = await screen.findByRole('form', { name: 'Audit log filters' });
    await within(form).findByText(message);
    expect(within(form).getByLabelText('From').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('heading', { name: 'These filters cannot be applied' })).toBeTruthy();
    expect(screen.queryByText(/query\.from|could not be loaded/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    await userEvent
      .setup({ delay: null })
      .click(screen.getByRole('button', { name: 'Clear the filters' }));
    expect(router.state.location.search).toBe('');
  });

  it('an object too long: told under Object', async () => {
    const message = 'Object is at most 100 characters';
    bff.use(http.get('/api/audit-events', () => refusedFilter('object', message)));
    renderWithProviders(<AuditLogRoute />, { path: `/audit?object=${'x'.repeat(101)}` });
    const object = await screen.findByRole('textbox', { name: 'Object' });
    await screen.findByText(message);
    expect(object.getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });
});

describe('a reviewer filters the audit log', () => {
  it('"Apply filters" keeps the focus, and the filters stay in the form', async () => {
    const { asked } = await renderEmptyAuditLog('/audit');
    fireEvent.change(screen.getByRole('textbox', { name: 'User email' }), {
      target: { value: 'newbie' },
    });
    const apply = screen.getByRole('button', { name: 'Apply filters' });
    apply.focus();
    fireEvent.click(apply);
    await screen.findByText('No events match');
    expect(asked.map((url) => url.searchParams.get('user'))).toContain('newbie');
    expect(document.activeElement).toBe(apply);
    expect(screen.getByRole('textbox', { name: 'User email' })).toHaveProperty('value', 'newbie');
  });

  it('keeps the Action picked when the From day is picked right after it, and the user typed', async () => {
    const { router, asked } = await renderEmptyAuditLog('/audit?user=newbie');
    // Both are picked before the page renders the first one's address.
    act(() => {
      fireEvent.change(screen.getByLabelText('Action'), { target: { value: 'sign_in' } });
      fireEvent.change(screen.getByLabelText('From'), {
        target: { value: '2026-11-01' },
      });
    });
    await expectApplied(router, asked, { action: 'sign_in', from: '2026-11-01', user: 'newbie' });
  });

  it('types a To day digit by digit without it jumping, and refuses it before From', async () => {
    const { router, asked } = await renderEmptyAuditLog('/audit?from=2026-11-05');
    const to = screen.getByLabelText('To');
    // What Chromium's date field reports while 11302026 is typed: the year reads 0002 first.
    for (const value of ['0002-11-30', '0020-11-30', '0202-11-30', '2026-11-30']) {
      fireEvent.keyDown(to, { key: value.at(-1) });
      fireEvent.change(to, { target: { value } });
      expect(to).toHaveProperty('value', value);
    }
    fireEvent.blur(to);
    await waitFor(() =>
      expect(new URLSearchParams(router.state.location.search).get('to')).toBe('2026-11-30'),
    );
    expect(to).toHaveProperty('value', '2026-11-30');
    expect(asked.map((url) => url.searchParams.get('to'))).not.toContain('0002-11-30');

    fireEvent.change(to, { target: { value: '2026-11-01' } });
    expect(descriptionOf(to)).toBe('From must be on or before To; this To day is not applied');
    expect(new URLSearchParams(router.state.location.search).get('to')).toBe('2026-11-30');
  });

  it('applies a From day refused against To once To is widened past it', async () => {
    const { router, asked } = await renderEmptyAuditLog('/audit?to=2026-11-30');
    const from = screen.getByLabelText('From');
    const to = screen.getByLabelText('To');
    typeDay(from, '2026-12-05');
    expect(descriptionOf(from)).toBe('From must be on or before To; this From day is not applied');

    typeDay(to, '2026-12-31');
    // The From day is checked again against the new To and, holding now, applied: the events
    // listed are those of the period the fields show.
    await expectApplied(router, asked, { to: '2026-12-31', from: '2026-12-05' });
    expect(descriptionOf(from)).toBe('');
    expect(from.getAttribute('aria-invalid')).toBe('false');

    // The other way round: a To day refused against From is applied once From moves before it.
    typeDay(to, '2026-12-01');
    expect(descriptionOf(to)).toBe('From must be on or before To; this To day is not applied');
    typeDay(from, '2026-11-20');
    await waitFor(() => {
      const search = new URLSearchParams(router.state.location.search);
      expect(search.get('from')).toBe('2026-11-20');
      expect(search.get('to')).toBe('2026-12-01');
    });
    expect(descriptionOf(to)).toBe('');
    expect(to.getAttribute('aria-invalid')).toBe('false');
  });

  it('a To day before the From applied is not applied, says so under To, and the empty list names the From alone', async () => {
    const { router, asked } = await renderEmptyAuditLog('/audit');
    typeDay(screen.getByLabelText('From'), '2026-11-29');
    await waitFor(() =>
      expect(new URLSearchParams(router.state.location.search).get('from')).toBe('2026-11-29'),
    );
    const to = screen.getByLabelText('To');
    typeDay(to, '2026-11-28');
    expect(descriptionOf(to)).toBe('From must be on or before To; this To day is not applied');
    expect(asked.every((url) => !url.searchParams.has('to'))).toBe(true);
    expect(
      await screen.findByText(
        'Filters applied: From 2026-11-29. Widen the filters to see more events.',
      ),
    ).toBeTruthy();
  });

  it('says how many events are shown, and that older ones came when loaded', async () => {
    const event = (id: number) => ({
      id: String(id),
      at: '2026-11-27T12:00:00.000Z',
      userId: 'u1',
      userEmail: 'reviewer@demo.test',
      role: 'compliance',
      action: 'sign_in',
      objectType: null,
      objectId: null,
      reason: null,
      outcome: 'allowed',
      ip: null,
      requestId: null,
      details: null,
    });
    const pages: Record<string, { events: ReturnType<typeof event>[]; nextBefore: string | null }> =
      {
        '': { events: [event(5), event(4)], nextBefore: '4' },
        '4': { events: [event(3), event(2)], nextBefore: '2' },
        '2': { events: [event(1)], nextBefore: null },
      };
    bff.use(
      http.get('/api/audit-events', ({ request }) =>
        HttpResponse.json(pages[new URL(request.url).searchParams.get('before') ?? '']),
      ),
    );
    renderWithProviders(<AuditLogRoute />, { path: '/audit' });
    expect((await screen.findByText(/events? shown/)).textContent).toBe('2 events shown.');
    const load = () => screen.getByRole('button', { name: 'Load older events' });
    load().focus();
    fireEvent.click(load());
    // A browser drops the focus of a button as it is disabled (jsdom keeps it): so does the test.
    load().blur();
    await screen.findByText('4 events shown.');
    // More are left: the focus is back on the button.
    await waitFor(() => expect(document.activeElement).toBe(load()));

    fireEvent.click(load());
    const count = await screen.findByText('5 events shown; no older events.');
    expect(count.getAttribute('role')).toBe('status');
    expect(screen.queryByRole('button', { name: 'Load older events' })).toBeNull();
    // The button is gone with the last page: the focus goes to the count, not the page's start.
    await waitFor(() => expect(document.activeElement).toBe(count));
  });
});

describe('a reviewer exports the audit log', () => {
  withTimeZones({ viewer: 'America/Los_Angeles', platform: 'UTC' });

  it('with a user typed and not applied: the click applies it, and the file holds those events alone', async () => {
    const listed: URL[] = [];
    const exported: Request[] = [];
    bff.use(
      http.get('/api/audit-events', ({ request }) => {
        listed.push(new URL(request.url));
        return HttpResponse.json({ events: [], nextBefore: null });
      }),
      http.get('/api/audit-events/export.csv', ({ request }) => {
        exported.push(request);
        return csvFile('id,at', 'audit-log-2026-11-28.csv');
      }),
    );
    // The page's loader (its clientLoader in the portal) holds each navigation until let go: the
    // address that leaving the field asks for lands only after the click, as it may in a browser.
    let letGo = () => {};
    let held = false;
    const { router } = renderWithProviders(<AuditLogRoute />, {
      path: '/audit',
      loader: () => (held ? new Promise<null>((resolve) => (letGo = () => resolve(null))) : null),
    });
    await screen.findByText('No events match');
    held = true;
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox', { name: 'User email' }), 'investor2');
    // Straight from the field to the button: leaving the field applies the filter.
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(downloads).toHaveLength(1));
    letGo();
    expect(exported).toHaveLength(1);
    expect(Object.fromEntries(new URL(exported[0].url).searchParams)).toEqual({
      user: 'investor2',
      // With no period, the viewer's zone all the same: its today names the file.
      timeZone: 'America/Los_Angeles',
    });
    // Fetched with the header every /api request needs (docs/bff-api.md, CSRF).
    expect(exported[0].headers.get('X-CSRF')).toBe('1');
    expect(downloads[0]).toBe('audit-log-2026-11-28.csv');
    // The page lists the same filter.
    await waitFor(() =>
      expect(new URLSearchParams(router.state.location.search).get('user')).toBe('investor2'),
    );
    await waitFor(() => expect(listed.at(-1)?.searchParams.get('user')).toBe('investor2'));
  });
});

describe('a reviewer in New York filters by day', () => {
  withTimeZones({ viewer: 'America/New_York', platform: 'UTC' });

  it('asks for the days of their own zone, the one the rows are dated in, for the list and the file', async () => {
    const exported: URL[] = [];
    bff.use(
      http.get('/api/audit-events/export.csv', ({ request }) => {
        exported.push(new URL(request.url));
        return csvFile('id,at', 'audit-log-2026-11-28.csv');
      }),
    );
    const { asked } = await renderEmptyAuditLog('/audit?from=2026-11-28&to=2026-11-28');
    await waitFor(() =>
      expect(asked.at(-1)?.searchParams.get('timeZone')).toBe('America/New_York'),
    );
    expect(screen.getByLabelText('From')).toHaveProperty('value', '2026-11-28');
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(exported).toHaveLength(1));
    expect(Object.fromEntries(exported[0].searchParams)).toEqual({
      from: '2026-11-28',
      to: '2026-11-28',
      timeZone: 'America/New_York',
    });
  });
});

describe("a reviewer follows one object's life", () => {
  it('types an account id or our reference in Object: asked for as the log writes it', async () => {
    const { router, asked } = await renderEmptyAuditLog('/audit');
    const object = screen.getByRole('textbox', { name: 'Object' });
    fireEvent.change(object, { target: { value: ' mr-0f032vd0m2 ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() =>
      expect(new URLSearchParams(router.state.location.search).get('object')).toBe('MR-0F032VD0M2'),
    );
    await waitFor(() => expect(asked.at(-1)?.searchParams.get('object')).toBe('MR-0F032VD0M2'));
    expect(object).toHaveProperty('value', 'MR-0F032VD0M2');
  });
});
