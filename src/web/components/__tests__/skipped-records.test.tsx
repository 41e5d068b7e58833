// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  fundMoveNoun,
  fundMovesNamed,
  listsNothing,
  SkippedRecordsNotice,
} from '../skipped-records';

afterEach(cleanup);

describe('SkippedRecordsNotice', () => {
  it('says how many records could not be shown, politely announced', () => {
    render(<SkippedRecordsNotice count={3} />);
    expect(screen.getByRole('status').textContent).toMatch(/^3 records could not be shown\./);
  });

  it('uses the singular for one record', () => {
    render(<SkippedRecordsNotice count={1} />);
    expect(screen.getByRole('status').textContent).toMatch(/^1 record could not be shown\./);
  });

  it('names those whose id could be read, five at most, and counts the rest', () => {
    const { rerender } = render(
      <SkippedRecordsNotice
        count={2}
        noun={fundMoveNoun}
        named={fundMovesNamed(['CFM70000011'])}
      />,
    );
    expect(screen.getByRole('status').textContent).toBe(
      '2 fund moves could not be shown. The service sent them in a form the portal could not read; everything else is listed. Not shown: fund move CFM70000011 and 1 more.',
    );
    rerender(
      <SkippedRecordsNotice
        count={7}
        noun={fundMoveNoun}
        named={fundMovesNamed(['A1', 'A2', 'A3', 'A4', 'A5', 'A6', 'A7'])}
      />,
    );
    expect(screen.getByRole('status').textContent).toMatch(
      /Not shown: fund move A1, fund move A2, fund move A3, fund move A4, fund move A5 and 2 more\.$/,
    );
  });

  it('renders nothing when no record was left out or the count is absent', () => {
    const { container, rerender } = render(<SkippedRecordsNotice count={0} />);
    expect(container.textContent).toBe('');
    rerender(<SkippedRecordsNotice count={undefined} />);
    expect(container.textContent).toBe('');
  });
});

describe('listsNothing', () => {
  it('is true only when no record was read and none was left out', () => {
    expect(listsNothing(0, undefined)).toBe(true);
    expect(listsNothing(0, 0)).toBe(true);
    expect(listsNothing(0, 2)).toBe(false);
    expect(listsNothing(1, undefined)).toBe(false);
  });
});
