/**
 * CSV for spreadsheets (RFC 4180: comma separated, CRLF line ends, quotes doubled inside quoted
 * cells). Cells that a spreadsheet would run as a formula — starting with =, +, -, @ (or their
 * full-width forms, which some spreadsheets take for them), a tab or a carriage return — are
 * prefixed with a single quote (CSV injection, OWASP). Plain decimal numbers such as -12.5 are
 * left alone: a spreadsheet reads them as numbers, never as formulas. A cell holding a semicolon
 * is quoted: a spreadsheet set to split on semicolons would otherwise start a new cell there,
 * past the quote that guards the first (";=1+2").
 */

import { isDecimalString, plainAmount } from './decimal';

export type CsvValue = string | number | boolean | null | undefined;

const FORMULA_START = /^[=+\-@\t\r＝＋－＠]/;
const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (FORMULA_START.test(text) && !PLAIN_NUMBER.test(text)) text = `'${text}`;
  return /[",;\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvLine(values: readonly CsvValue[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}

/** A whole document: the header line, then one line per row. */
export function toCsv(header: readonly string[], rows: Iterable<readonly CsvValue[]>): string {
  let out = csvLine(header);
  for (const row of rows) out += csvLine(row);
  return out;
}

/**
 * An amount for an export's dollar column, headed `amount_usd` in every export (register, fund
 * moves, purchase history): at least two decimals (30 → 30.00), no sign or grouping, so a
 * spreadsheet reads a number (plainAmount). One that is not a number is kept as it came.
 */
export const csvDollars = (value: string | null): string | null =>
  value !== null && isDecimalString(value) ? plainAmount(value) : value;
