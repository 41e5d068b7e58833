import { afterEach, beforeEach } from 'vitest';
import { setPlatformTimeZone } from '../lib/platform-time-zone';

/**
 * For this test file: the viewer's zone (the runtime's TZ) and the platform's zone of zone-less
 * upstream times (TRANSACT_TIME_ZONE, as /api/config gives it), restored after each test.
 */
export function withTimeZones({ viewer, platform }: { viewer: string; platform: string }) {
  const original = process.env.TZ;
  beforeEach(() => {
    process.env.TZ = viewer;
    setPlatformTimeZone(platform);
  });
  afterEach(() => {
    // Assigning undefined would set the string "undefined", a zone the next file (the pool does
    // not isolate files) would then run in.
    if (original === undefined) delete process.env.TZ;
    else process.env.TZ = original;
    setPlatformTimeZone('UTC');
  });
}
