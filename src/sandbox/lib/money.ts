/**
 * Exact decimal arithmetic on amounts carried as strings (§2 Conventions: decimals are strings with
 * six places). Values are held as bigint millionths so no binary float ever touches money.
 */

const SCALE = 1_000_000n;
const DECIMAL = /^\d+(\.\d{1,6})?$/;

export function isDecimal(text: string): boolean {
  return DECIMAL.test(text);
}

/** Parses a non-negative decimal with at most six places into millionths. */
export function toMicros(text: string): bigint {
  if (!isDecimal(text)) throw new RangeError(`not a decimal: ${text}`);
  const [whole, fraction = ''] = text.split('.');
  return BigInt(whole) * SCALE + BigInt(fraction.padEnd(6, '0'));
}

/** Formats millionths as a decimal string with `places` places (rounding half up). */
export function fromMicros(micros: bigint, places = 6): string {
  const negative = micros < 0n;
  let value = negative ? -micros : micros;
  if (places < 6) {
    const unit = 10n ** BigInt(6 - places);
    value = ((value + unit / 2n) / unit) * unit;
  }
  const whole = value / SCALE;
  const fraction = (value % SCALE).toString().padStart(6, '0').slice(0, places);
  return `${negative ? '-' : ''}${whole}${places > 0 ? `.${fraction}` : ''}`;
}

export function mulMicros(a: bigint, b: bigint): bigint {
  return (a * b) / SCALE;
}

export function divMicros(a: bigint, b: bigint): bigint {
  return (a * SCALE) / b;
}

/** Millionths to a JS number, for the few fields the document types as numbers (§2.3 summary). */
export function microsToNumber(micros: bigint): number {
  return Number(fromMicros(micros, 6));
}
