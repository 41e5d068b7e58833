import { describe, expect, it } from 'vitest';
import type { GridColDef } from '@mui/x-data-grid';
import { pageOfPlace, placeOfSort, sortOfPlace } from '../data-grid/grid-place';

const columns: GridColDef[] = [
  { field: 'id', headerName: 'Order' },
  { field: 'pricePerShare', headerName: 'Price' },
  { field: 'details', headerName: 'Details', sortable: false },
];

describe('a grid’s place read from the address', () => {
  it('sorts by a sortable column of the grid, either way', () => {
    expect(sortOfPlace('pricePerShare.desc', columns)).toEqual([
      { field: 'pricePerShare', sort: 'desc' },
    ]);
    expect(sortOfPlace('id.asc', columns)).toEqual([{ field: 'id', sort: 'asc' }]);
  });

  it('keeps the listed order for anything else', () => {
    for (const bad of [
      null,
      '',
      'pricePerShare',
      'pricePerShare.up',
      'memberId.asc',
      'details.asc',
      '.asc',
      'id.asc.desc',
    ]) {
      expect(sortOfPlace(bad, columns)).toEqual([]);
    }
  });

  it('writes a sort back as it reads it; no sort is no parameter', () => {
    expect(placeOfSort([{ field: 'pricePerShare', sort: 'asc' }])).toBe('pricePerShare.asc');
    expect(placeOfSort([])).toBeNull();
    expect(placeOfSort([{ field: 'id', sort: null }])).toBeNull();
  });

  it('reads a page from 1, the last one at most, and the first for anything else', () => {
    expect(pageOfPlace('2', 250)).toBe(1);
    expect(pageOfPlace('3', 250)).toBe(2);
    expect(pageOfPlace('4', 250)).toBe(2);
    expect(pageOfPlace('99999', 250)).toBe(2);
    expect(pageOfPlace('2', 0)).toBe(0);
    for (const bad of [null, '', '0', '-1', '1.5', 'two', '02', ' 2', '1e2']) {
      expect(pageOfPlace(bad, 250)).toBe(0);
    }
  });

  it('counts pages of the size the page pages its grid by, when it keeps its own pager', () => {
    // 60 trades, 25 a page: three pages, the last holding 10.
    expect(pageOfPlace('3', 60, 25)).toBe(2);
    expect(pageOfPlace('4', 60, 25)).toBe(2);
    expect(pageOfPlace('3', 60)).toBe(0);
  });
});
