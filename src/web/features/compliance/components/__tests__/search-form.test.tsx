// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ComplianceSearchForm } from '../search-form';

afterEach(cleanup);

describe('a reviewer searches accounts and entities', () => {
  it('a search too long is named under the box, which keeps the focus; nothing is searched', () => {
    const onSearch = vi.fn();
    render(<ComplianceSearchForm initial="quinn" onSearch={onSearch} />);
    const box = screen.getByRole('searchbox', { name: 'Search accounts and entities' });
    fireEvent.change(box, { target: { value: 'q'.repeat(101) } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(screen.getByText('Search is at most 100 characters')).toBeTruthy();
    expect(document.activeElement).toBe(box);
    expect(onSearch).not.toHaveBeenCalled();
  });

  it('a search refused with Enter in the box is read out, though the focus does not move', () => {
    const onSearch = vi.fn();
    render(<ComplianceSearchForm initial="" onSearch={onSearch} />);
    const box = screen.getByRole('searchbox', { name: 'Search accounts and entities' });
    box.focus();
    fireEvent.change(box, { target: { value: 'a' } });
    fireEvent.submit(box.closest('form')!);
    // An alert as it appears: the box had the focus already, so its new description is not read.
    expect(screen.getByRole('alert').textContent).toBe('Enter at least 2 characters');
    expect(document.activeElement).toBe(box);
    expect(onSearch).not.toHaveBeenCalled();
  });

  it('a search within the rule is passed on trimmed', () => {
    const onSearch = vi.fn();
    render(<ComplianceSearchForm initial="" onSearch={onSearch} />);
    fireEvent.change(screen.getByRole('searchbox'), { target: { value: '  avery ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(onSearch).toHaveBeenCalledWith('avery');
  });
});
