// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { bff, startMockBff } from '../../../../../testing/mock-bff';
import { descriptionOf, renderWithProviders } from '../../../../../testing/render';
import ComplianceSearchRoute from '../search';

startMockBff();
afterEach(cleanup);

/**
 * A shared or hand-edited link whose search breaks the rules of the box (searchAccount §4.11 and
 * searchEntity §4.12 take a keyword; the portal asks 2 to 100 characters): told under the box as
 * typing it would be, never sent to fail with a support id and a Try again that fails again.
 */
describe('a reviewer opens a search link that breaks the search rules', () => {
  const searched: string[] = [];
  const answer = () =>
    bff.use(
      http.get('/api/compliance/search', ({ request }) => {
        searched.push(new URL(request.url).searchParams.get('q') ?? '');
        return HttpResponse.json({ accounts: [], entities: [], skippedRecords: 0, unsearched: [] });
      }),
    );

  it.each([
    ['one letter', 'a', 'Enter at least 2 characters'],
    ['one sign', '%25', 'Enter at least 2 characters'],
    ['only spaces', '%20%20', 'Enter at least 2 characters'],
    ['500 letters', 'x'.repeat(500), 'Search is at most 100 characters'],
  ])('%s: told under the box, nothing searched', async (_, q, message) => {
    answer();
    searched.length = 0;
    renderWithProviders(<ComplianceSearchRoute />, { path: `/compliance/search?q=${q}` });
    const box = await screen.findByRole('searchbox');
    expect(descriptionOf(box)).toBe(message);
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByText(/could not be completed/)).toBeNull();
    expect(screen.queryByText(/query\.q/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(searched).toEqual([]);
  });

  it('a link within the rules is searched, trimmed, with no message under the box', async () => {
    answer();
    searched.length = 0;
    renderWithProviders(<ComplianceSearchRoute />, { path: '/compliance/search?q=%20quinn%20' });
    expect(await screen.findByText('0 accounts and 0 entities match “quinn”.')).toBeTruthy();
    expect(screen.getByRole('searchbox').getAttribute('aria-invalid')).toBe('false');
    expect(searched).toEqual(['quinn']);
  });
});
