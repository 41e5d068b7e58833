import { describe, expect, it } from 'vitest';
import { apiPaths, paths, safeReturnPath, withSearch } from '../paths';

describe('safeReturnPath', () => {
  it('keeps paths on this origin', () => {
    expect(safeReturnPath('/offerings?status=closed')).toBe('/offerings?status=closed');
  });

  // A browser drops tabs and newlines in a URL and reads `\` as `/`: `/\t/evil.test` is `//evil.test`.
  it.each([
    'https://evil.test/',
    '//evil.test',
    '/\\evil.test',
    '/\t/evil.test',
    '/\r\n/evil.test',
    'offerings',
    '',
    null,
    '/sign-in',
  ])('refuses %s', (value) => {
    expect(safeReturnPath(value)).toBeNull();
  });
});

describe('sign-in links', () => {
  it('carry the return path and the reason', () => {
    expect(
      paths.auth.signIn.getHref({ redirectTo: '/offerings?status=closed', reason: 'expired' }),
    ).toBe('/sign-in?redirectTo=%2Fofferings%3Fstatus%3Dclosed&reason=expired');
    expect(paths.auth.signIn.getHref()).toBe('/sign-in');
  });
});

describe('links to records', () => {
  it('put each id in its place, encoded', () => {
    expect(paths.app.fundMove.getHref('A 1', 'R/2')).toBe('/accounts/A%201/fund-moves/R%2F2');
    expect(paths.app.invest.getHref('7')).toBe('/offerings/7/invest');
    expect(paths.app.fundMove.path).toBe('/accounts/:accountId/fund-moves/:referenceNumber');
    expect(apiPaths.custodyAccount('A?1')).toBe('/api/accounts/A%3F1/custody-account');
  });

  it('carry a page number only past the first page', () => {
    expect(paths.app.fundMoves.getHref('A1', 2)).toBe('/accounts/A1/fund-moves?page=2');
    expect(paths.app.fundMoves.getHref('A1', 1)).toBe('/accounts/A1/fund-moves');
    expect(apiPaths.fundMoves('A1', { offset: 0, limit: 50 })).toBe(
      '/api/accounts/A1/fund-moves?offset=0&limit=50',
    );
  });
});

describe('withSearch', () => {
  it('leaves out empty parameters, and the question mark when none is left', () => {
    expect(withSearch('/audit', { action: 'signed_in', user: '', from: null, to: undefined })).toBe(
      '/audit?action=signed_in',
    );
    expect(withSearch('/audit', { user: '' })).toBe('/audit');
    expect(withSearch('/compliance/search', { q: 'a&b c' })).toBe('/compliance/search?q=a%26b+c');
  });
});
