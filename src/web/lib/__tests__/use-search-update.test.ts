import { describe, expect, it } from 'vitest';
import { pageFrom, searchValues } from '../use-search-update';

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
