// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { listsNothing, SkippedRecordsNotice } from '../skipped-records';

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
