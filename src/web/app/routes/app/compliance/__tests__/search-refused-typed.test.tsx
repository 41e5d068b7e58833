// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { bff, startMockBff } from '../../../../../testing/mock-bff';
import { renderWithProviders } from '../../../../../testing/render';
import ComplianceSearchRoute from '../search';

startMockBff();
afterEach(cleanup);

/** The BFF finds nothing for any search; the searches it was asked for, in order. */
function searched(): string[] {
  const asked: string[] = [];
  bff.use(
    http.get('/api/compliance/search', ({ request }) => {
      asked.push(new URL(request.url).searchParams.get('q') ?? '');
      return HttpResponse.json({ accounts: [], entities: [], skippedRecords: 0, unsearched: [] });
    }),
  );
  return asked;
}

/** Types a search in the box and presses Search. */
function search(text: string) {
  fireEvent.change(screen.getByRole('searchbox'), { target: { value: text } });
  fireEvent.click(screen.getByRole('button', { name: 'Search' }));
}

describe('a reviewer types a search the box refuses below the results of another', () => {
  it('the results shown are marked, and read out, as those of the previous search', async () => {
    const asked = searched();
    renderWithProviders(<ComplianceSearchRoute />, { path: '/compliance/search?q=quinn' });
    await screen.findByText('0 accounts and 0 entities match “quinn”.');

    search('q'.repeat(101));
    const status = screen.getByRole('status');
    expect(status.textContent).toBe(
      'Not searched: Search is at most 100 characters' +
        'These are still the results of your previous search. 0 accounts and 0 entities match “quinn”.',
    );
    // Each half's heading says whose results it holds.
    expect(screen.getByRole('region', { name: 'Accounts of your previous search' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Entities of your previous search' })).toBeTruthy();
    // The box, with the rule under it, has the focus; nothing was searched.
    expect(document.activeElement).toBe(screen.getByRole('searchbox'));
    expect(asked).toEqual(['quinn']);

    // A search within the rule is run, and its results are no longer marked.
    search('avery');
    await screen.findByText('0 accounts and 0 entities match “avery”.');
    expect(within(screen.getByRole('status')).queryByText(/Not searched/)).toBeNull();
    expect(screen.getByRole('region', { name: 'Accounts' })).toBeTruthy();
  });

  it('the same refused search pressed again is read out again: a new notice in the live region', async () => {
    const asked = searched();
    renderWithProviders(<ComplianceSearchRoute />, { path: '/compliance/search?q=quinn' });
    await screen.findByText('0 accounts and 0 entities match “quinn”.');
    search(' ');
    const first = within(screen.getByRole('status')).getByRole('note');
    expect(first.textContent).toMatch(/^Not searched: /);
    search(' ');
    const again = within(screen.getByRole('status')).getByRole('note');
    expect(again.textContent).toBe(first.textContent);
    // Screen readers read what is added to a live region, not words left as they were.
    expect(again).not.toBe(first);
    expect(first.isConnected).toBe(false);
    expect(asked).toEqual(['quinn']);
  });

  it('searching the same words again clears the mark', async () => {
    searched();
    renderWithProviders(<ComplianceSearchRoute />, { path: '/compliance/search?q=quinn' });
    await screen.findByText('0 accounts and 0 entities match “quinn”.');
    search(' ');
    expect(screen.getByRole('status').textContent).toMatch(/^Not searched: /);
    search('quinn');
    expect(screen.getByRole('status').textContent).toBe('0 accounts and 0 entities match “quinn”.');
  });
});
