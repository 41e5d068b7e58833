import { describe, expect, it } from 'vitest';
import { compareTradeIds } from '../../../../components/data-grid/columns';

describe('purchase history', () => {
  it('trade ids sort as numbers when they are numbers', () => {
    expect(['10', '9', '100'].sort(compareTradeIds)).toEqual(['9', '10', '100']);
    expect(['b', 'a'].sort(compareTradeIds)).toEqual(['a', 'b']);
  });
});
