import { describe, expect, it } from 'vitest';
import { withTimeZones } from '../../testing/time-zones';
import { reviewDay } from '../review-status';

describe('the day of a review, for a viewer in Tokyo of a platform in Denver', () => {
  withTimeZones({ viewer: 'Asia/Tokyo', platform: 'America/Denver' });

  it('places a KYC made at 8 PM on the platform on the viewer’s next day, as a fund move made then is', () => {
    // A zone-less wall time (as the wire layer reads it) is the platform's (§2 Conventions):
    // 2026-08-02 02:00 UTC.
    expect(reviewDay('2026-08-01T20:00:00')).toBe('2026-08-02');
  });

  it('keeps a calendar day (an approval date) as the platform wrote it', () => {
    expect(reviewDay('2026-08-01')).toBe('2026-08-01');
  });
});
