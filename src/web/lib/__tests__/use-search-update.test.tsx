// @vitest-environment jsdom
import type { ReactNode } from 'react';
import { act, cleanup, renderHook } from '@testing-library/react';
import { MemoryRouter, useLocation, useNavigationType } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { pageFrom, searchValues, useSearchPlace } from '../use-search-update';

afterEach(cleanup);

describe('a list read from its address', () => {
  it('has each named filter as written, or null when the address leaves it out or empty', () => {
    const search = new URLSearchParams('status=Pending&accountId=&other=1');
    expect(searchValues(search, ['status', 'accountId', 'approvalStatus'])).toEqual({
      status: 'Pending',
      accountId: null,
      approvalStatus: null,
    });
  });

  it('is on the page the address names, and on the first for anything but a whole page', () => {
    expect(pageFrom(new URLSearchParams('page=3'))).toBe(3);
    for (const page of ['', 'page=0', 'page=-2', 'page=2.5', 'page=two']) {
      expect(pageFrom(new URLSearchParams(page))).toBe(1);
    }
  });
});

describe('a place kept in the address', () => {
  const names = ['offering', 'account', 'sort', 'page'] as const;
  const placed = () =>
    renderHook(
      () => ({
        kept: useSearchPlace(names),
        search: new URLSearchParams(useLocation().search),
        navigation: useNavigationType(),
      }),
      {
        wrapper: ({ children }: { children: ReactNode }) => (
          <MemoryRouter initialEntries={['/investments?offering=O1&account=&sort=amount.desc&x=1']}>
            {children}
          </MemoryRouter>
        ),
      },
    );

  it('is read by its names, an empty one as none, and stays one object while the address does', () => {
    const { result, rerender } = placed();
    const [place] = result.current.kept;
    expect(place).toEqual({ offering: 'O1', account: null, sort: 'amount.desc', page: null });
    rerender();
    expect(result.current.kept[0]).toBe(place);
  });

  it('changes only what it is told, in place of the entry Back would return to', () => {
    const { result } = placed();
    act(() => result.current.kept[1]({ offering: null, page: '2' }));
    expect(result.current.kept[0]).toEqual({
      offering: null,
      account: null,
      sort: 'amount.desc',
      page: '2',
    });
    expect(result.current.search.get('x')).toBe('1');
    expect(result.current.navigation).toBe('REPLACE');
  });
});
