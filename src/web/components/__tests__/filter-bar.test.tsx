// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FilterBar } from '../filter-bar';

afterEach(cleanup);

describe("a list's filters", () => {
  it('are a search landmark named by their label', () => {
    render(
      <FilterBar label="Filter approvals" spaceBelow={3}>
        <input aria-label="Account" />
      </FilterBar>,
    );
    const search = screen.getByRole('search', { name: 'Filter approvals' });
    expect(search.contains(screen.getByRole('textbox', { name: 'Account' }))).toBe(true);
  });

  it('keep the page when submitted (Enter in a field): each filter applies itself', () => {
    render(
      <FilterBar label="Filter money requests" spaceBelow={2}>
        <input aria-label="Reference" />
      </FilterBar>,
    );
    const submitted = fireEvent.submit(screen.getByRole('search'));
    // fireEvent returns false when a handler called preventDefault: no navigation.
    expect(submitted).toBe(false);
  });
});
