// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ReviewStatuses } from '../review-statuses';

afterEach(cleanup);

describe('an investor reads the dates of their reviews', () => {
  it('reads a wall-time date and a calendar date alike, as the day (§2.5)', () => {
    render(
      <ReviewStatuses
        reviews={{
          kyc: { status: 'approved', date: '2026-11-24T23:30:00' },
          aml: { status: 'approved', date: '2026-11-24T09:05:00' },
          accreditation: { status: 'pending', date: '2026-11-20' },
          approval: { status: null, date: null },
        }}
      />,
    );
    expect(screen.getAllByText(/2026$|No date recorded/).map((e) => e.textContent)).toEqual([
      'November 24, 2026',
      'November 24, 2026',
      'November 20, 2026',
      'No date recorded',
    ]);
  });
});
