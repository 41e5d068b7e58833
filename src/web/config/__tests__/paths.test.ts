import { describe, expect, it } from 'vitest';
import { paths, safeReturnPath } from '../paths';

describe('safeReturnPath', () => {
  it('keeps paths on this origin', () => {
    expect(safeReturnPath('/offerings?status=closed')).toBe('/offerings?status=closed');
  });

  it.each(['https://evil.test/', '//evil.test', '/\\evil.test', 'offerings', '', null, '/sign-in'])(
    'refuses %s',
    (value) => {
      expect(safeReturnPath(value)).toBeNull();
    },
  );
});

describe('sign-in links', () => {
  it('carry the return path and the reason', () => {
    expect(
      paths.auth.signIn.getHref({ redirectTo: '/offerings?status=closed', reason: 'expired' }),
    ).toBe('/sign-in?redirectTo=%2Fofferings%3Fstatus%3Dclosed&reason=expired');
    expect(paths.auth.signIn.getHref()).toBe('/sign-in');
  });
});
