/*
 * Date formats kept for reuse. Making an Intl.DateTimeFormat costs 0.14-0.25 ms in Chromium and
 * formatting with one about 1 µs, and a grid formats every cell of a page at each render: the
 * order book's next page made 71 of them, most of the time of its formatting.
 *
 * A format made without a `timeZone` keeps the runtime's zone of the moment it was made, so the
 * kept formats are dropped when that zone changes (a laptop taken to another zone, a test that
 * sets TZ). How two fixed instants, in January and July, read in the runtime's zone shows the
 * change: their offsets and the zone's name, read in about 2 µs. (contract/time.ts keeps its own
 * formats, one per named zone, without that check: it runs per order on the BFF too.)
 */

const JANUARY = new Date(Date.UTC(2026, 0, 15));
const JULY = new Date(Date.UTC(2026, 6, 15));
const zoneMark = () => `${JANUARY.toString()}|${JULY.toString()}`;

const kept = new Map<string, Intl.DateTimeFormat>();
let keptInZone = '';

/** `new Intl.DateTimeFormat(locale, options)`, made once for each locale, options and zone. */
export function dateTimeFormat(
  locale?: string,
  options: Intl.DateTimeFormatOptions = {},
): Intl.DateTimeFormat {
  const zone = zoneMark();
  if (zone !== keptInZone) {
    kept.clear();
    keptInZone = zone;
  }
  const key = JSON.stringify([locale ?? null, options]);
  let format = kept.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    kept.set(key, format);
  }
  return format;
}
