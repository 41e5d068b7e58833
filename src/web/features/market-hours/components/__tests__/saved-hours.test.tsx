// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SecurityHours } from '../../../../../contract/market-hours';
import { regularDay } from '../../../../testing/market-hours';
import { renderWithProviders } from '../../../../testing/render';
import { withTimeZones } from '../../../../testing/time-zones';
import { SavedHours } from '../saved-hours';

// A viewer in Los Angeles, three hours behind the market's US Eastern hours (§4.14, §8).
withTimeZones({ viewer: 'America/Los_Angeles', platform: 'America/New_York' });
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const hours: SecurityHours = {
  securityId: '10001',
  days: {
    monday: regularDay,
    tuesday: { closed: true, open: null, close: null },
    wednesday: { closed: false, open: '09:30', close: '14:30' },
    thursday: regularDay,
    friday: { closed: false, open: '09:30', close: '13:00' },
  },
};

describe("a security's trading hours", () => {
  it('are shown in US Eastern and in the viewer’s zone, as the market’s week is', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-28T15:00:00Z')); // a Saturday
    renderWithProviders(
      <SavedHours hours={hours} title="Trading hours of Aspen Ridge Class A" market={undefined} />,
    );
    const table = within(
      screen.getByRole('table', { name: 'Trading hours of Aspen Ridge Class A' }),
    );
    expect(table.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Day',
      'US Eastern',
      'Your time (America/Los_Angeles)',
    ]);
    const cells = (day: string) =>
      within(table.getByRole('rowheader', { name: day }).closest('tr')!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    expect(cells('Friday')).toEqual(['9:30 AM – 1:00 PM', '6:30 AM – 10:00 AM']);
    expect(cells('Tuesday')).toEqual(['Closed', 'Closed']);
  });
});

describe("a security's hours that reach outside the market's", () => {
  const market = {
    monday: regularDay,
    tuesday: regularDay,
    wednesday: regularDay,
    thursday: regularDay,
    friday: regularDay,
  };

  it('are said day by day, with the market’s hours, those within both, and that the platform does not say which apply', () => {
    const outside: SecurityHours = {
      securityId: '10003',
      days: {
        ...hours.days,
        tuesday: { closed: false, open: '03:00', close: '23:30' },
      },
    };
    renderWithProviders(
      <SavedHours
        hours={outside}
        title="Trading hours of Aspen Ridge Preferred"
        market={{ ...market, monday: { closed: true, open: null, close: null } }}
      />,
    );
    const note = screen.getByText('Hours outside the market’s hours').closest('[role="alert"]')!;
    expect(
      within(note as HTMLElement)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Monday: 9:30 AM – 4:00 PM for this security, while the market is closed; no hour is within both.',
      'Tuesday: 3:00 AM – 11:30 PM for this security, while the market trades 9:30 AM – 4:00 PM; only 9:30 AM – 4:00 PM is within both.',
    ]);
    expect(note.textContent).toContain(
      'The platform does not say which hours apply when a security’s reach outside the market’s.',
    );
  });

  it('say nothing when every day is within the market’s hours (a security closing early)', () => {
    renderWithProviders(
      <SavedHours hours={hours} title="Trading hours of Aspen Ridge Class A" market={market} />,
    );
    expect(screen.queryByText('Hours outside the market’s hours')).toBeNull();
  });
});
