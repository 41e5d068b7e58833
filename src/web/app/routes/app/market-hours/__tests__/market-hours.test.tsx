// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { marketHoursAt } from '../../../../../../contract/market-week';
import { bff, errorAnswer, startMockBff } from '../../../../../testing/mock-bff';
import { regularWeek } from '../../../../../testing/market-hours';
import { sessionOf } from '../../../../../testing/session';
import { fill, renderWithProviders } from '../../../../../testing/render';
import { withTimeZones } from '../../../../../testing/time-zones';
import MarketHoursRoute from '../market-hours';

startMockBff();
// A viewer in New York: "your time" is the market's, so the expected times read plainly.
withTimeZones({ viewer: 'America/New_York', platform: 'America/New_York' });
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});
// The page reads who is signed in (a reviewer is led to a security's changes): an investor,
// unless a test says otherwise.
beforeEach(() => {
  bff.use(http.get('/api/session', () => HttpResponse.json(sessionOf({ role: 'investor' }))));
});

const hours = regularWeek;

/** The page at `now` (browser and BFF on the same clock), the BFF answering as its route does. */
async function openAt(now: string, tableName: RegExp = /^Trading hours this week/) {
  // Only the date is faked: the page's 30-second refresh and the queries run on real timers.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(now));
  bff.use(
    http.get('/api/market-hours', () => HttpResponse.json(marketHoursAt(hours, new Date()))),
    // The lookup of a security's hours below the week lists the securities.
    http.get('/api/securities', () => HttpResponse.json({ securities: [], gaps: [] })),
  );
  renderWithProviders(<MarketHoursRoute />, { path: '/market-hours' });
  const table = await screen.findByRole('table', { name: tableName });
  const status = screen.getAllByRole('status').find((el) => /The market is/.test(el.textContent!))!;
  const row = (day: string) => within(table).getByRole('row', { name: new RegExp(`^${day}`) });
  return { table, status, row };
}

describe('an investor reads the market hours around a market holiday', () => {
  it('on Thanksgiving: closed today by name, the next opening on Friday, the day closed in the week', async () => {
    const { table, status, row } = await openAt('2026-11-26T16:00:00Z'); // Thursday 11:00 EST
    expect(status.textContent).toBe(
      'The market is closed today (Thanksgiving Day). It opens Friday 9:30 AM your time, in 22h 30m.',
    );
    expect(within(row('Thursday')).getAllByText('Closed (Thanksgiving Day)')).toHaveLength(2);
    expect(row('Friday').textContent).toContain('9:30 AM – 4:00 PM');
    // The note under the table says what it does: holidays are closed and named.
    expect(table.querySelector('caption')!.textContent).not.toContain('not listed');
    expect(table.querySelector('caption')!.textContent).toContain('market holidays are closed');
  });

  it('the day before, after the close: the next opening skips the holiday', async () => {
    const { status, row } = await openAt('2026-11-25T21:30:00Z'); // Wednesday 16:30 EST
    expect(status.textContent).toBe(
      'The market is closed. It opens Friday 9:30 AM your time, in 1d 17h.',
    );
    expect(row('Wednesday').textContent).toContain('9:30 AM – 4:00 PM');
    expect(row('Thursday').textContent).toContain('Closed (Thanksgiving Day)');
  });

  it('a week without a holiday: open, every weekday with its hours', async () => {
    const { table, status, row } = await openAt('2026-11-18T16:00:00Z'); // Wednesday 11:00 EST
    expect(status.textContent).toBe(
      'The market is open. It closes Wednesday 4:00 PM your time, in 5h 00m.',
    );
    expect(row('Thursday').textContent).toContain('9:30 AM – 4:00 PM');
    expect(table.textContent).not.toMatch(/Closed \(/);
  });
});

describe('the week the table holds is the week its caption names', () => {
  it('on a weekday: this week, with its dates, today among them', async () => {
    const { table } = await openAt('2026-11-25T16:00:00Z'); // Wednesday 11:00 EST
    expect(table.querySelector('caption')!.textContent).toMatch(
      /^Trading hours this week, Nov 23, 2026 to Nov 29, 2026\./,
    );
  });

  it('on a Saturday: the coming week by name and dates, not "this week"', async () => {
    const { table, row } = await openAt(
      '2026-11-28T15:00:00Z', // Saturday 10:00 EST
      /^Trading hours the coming week/,
    );
    expect(table.querySelector('caption')!.textContent).toMatch(
      /^Trading hours the coming week, Nov 30, 2026 to Dec 6, 2026\./,
    );
    expect(table.textContent).not.toContain('this week');
    // The date as every other page writes it (formatCalendarDate), not a short numeric form.
    expect(within(row('Monday')).getByRole('rowheader').textContent).toBe('Monday, Nov 30, 2026');
  });
});

describe('the hours of one security when the list of securities cannot be read', () => {
  /** The page with the week served and the list of securities answered by `securities`. */
  function openWith(securities: Response) {
    bff.use(
      http.get('/api/market-hours', () => HttpResponse.json(marketHoursAt(hours, new Date()))),
      http.get('/api/securities', () => securities.clone()),
      http.get('/api/securities/:securityId/market-hours', ({ params }) =>
        HttpResponse.json({
          securityHours: { securityId: String(params.securityId), days: hours },
        }),
      ),
    );
    renderWithProviders(<MarketHoursRoute />, { path: '/market-hours' });
  }

  it('still opens a security by its ID, the list’s failure staying on the list', async () => {
    openWith(
      errorAnswer(503, {
        code: 'upstream_unavailable',
        message: 'The service is unavailable right now. Please try again in a moment.',
        submitted: 'no',
        requestId: 'req-1',
      }),
    );
    expect(
      await screen.findByText(
        'The list of securities could not be loaded',
        {},
        { timeout: 10_000 },
      ),
    ).toBeTruthy();
    const user = userEvent.setup();
    const id = screen.getByRole('textbox', { name: 'Security ID' });
    await user.click(screen.getByRole('button', { name: 'Open security' }));
    // The rule is named, with the field as labelled.
    expect(await screen.findByText('Security ID is required')).toBeTruthy();
    await fill(user, id, '10003');
    await user.click(screen.getByRole('button', { name: 'Open security' }));
    const table = await screen.findByRole('table', { name: 'Trading hours of security 10003' });
    expect(within(table).getByRole('rowheader', { name: 'Monday' })).toBeTruthy();
  });

  it('lists the securities the BFF could still name, and says why the list is not the latest', async () => {
    const gap =
      'The order book of November 27, 2026, which lists the securities, could not be read right now. Listed are the securities as read earlier; open any other by its ID. If this keeps happening, contact support and give them this reference: req-2.';
    openWith(
      HttpResponse.json({
        securities: [{ securityId: '10003', securityName: 'Aspen Ridge Preferred' }],
        gaps: [gap],
      }),
    );
    expect(await screen.findByText(gap, {}, { timeout: 10_000 })).toBeTruthy();
    expect(
      await screen.findByRole('table', { name: 'Trading hours of Aspen Ridge Preferred' }),
    ).toBeTruthy();
  });
});

/** The week served, and one security listed whose hours are `days`. */
const oneSecurityListed = (days: typeof hours) => [
  http.get('/api/market-hours', () => HttpResponse.json(marketHoursAt(hours, new Date()))),
  http.get('/api/securities', () =>
    HttpResponse.json({
      securities: [{ securityId: '10003', securityName: 'Aspen Ridge Preferred' }],
      gaps: [],
    }),
  ),
  http.get('/api/securities/:securityId/market-hours', () =>
    HttpResponse.json({ securityHours: { securityId: '10003', days } }),
  ),
];

describe('an investor reads a security whose hours reach outside the market’s', () => {
  it('is told, under the security’s hours, the market’s hours that day and that the platform does not say which apply', async () => {
    bff.use(
      ...oneSecurityListed({ ...hours, tuesday: { closed: false, open: '03:00', close: '23:30' } }),
    );
    renderWithProviders(<MarketHoursRoute />, { path: '/market-hours' });
    expect(
      await screen.findByText(
        'Tuesday: 3:00 AM – 11:30 PM for this security, while the market trades 9:30 AM – 4:00 PM; only 9:30 AM – 4:00 PM is within both.',
        {},
        { timeout: 10_000 },
      ),
    ).toBeTruthy();
  });
});

describe('who changed a security’s hours', () => {
  /** The page as `role` reads it, one security listed. */
  async function openAs(role: 'investor' | 'compliance') {
    bff.use(
      http.get('/api/session', () => HttpResponse.json(sessionOf({ role }))),
      ...oneSecurityListed(hours),
    );
    renderWithProviders(<MarketHoursRoute />, { path: '/market-hours' });
    await screen.findByRole('table', { name: 'Trading hours of Aspen Ridge Preferred' });
  }

  it('a reviewer is led from the hours to their changes, on the page of the security', async () => {
    await openAs('compliance');
    const link = await screen.findByRole('link', {
      name: 'Changes to the hours of Aspen Ridge Preferred',
    });
    expect(link.getAttribute('href')).toBe('/market-hours/securities?security=10003');
  });

  it('an investor reads the hours, not who set them', async () => {
    await openAs('investor');
    expect(screen.queryByRole('link', { name: /^Changes to the hours/ })).toBeNull();
  });
});
