// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { bff, startMockBff } from '../../../../testing/mock-bff';
import { renderWithProviders } from '../../../../testing/render';
import { withViewportWidth } from '../../../../testing/viewport';
import { AccountNotes } from '../account-notes';

startMockBff();
afterEach(cleanup);

describe('a reviewer reads the notes of an account on a 375 px phone', () => {
  withViewportWidth(375);

  it('has a note of one long word break inside its card', async () => {
    // Notes cannot be edited: a pasted link stays, and must not widen the page.
    const link = `https://example.test/${'x'.repeat(130)}`;
    bff.use(
      http.get('/api/accounts/A1040000/notes', () =>
        HttpResponse.json({
          notes: [
            {
              id: 'n1',
              accountId: 'A1040000',
              authorEmail: 'compliance@demo.test',
              body: link,
              createdAt: '2026-11-29T08:47:00.000Z',
            },
          ],
        }),
      ),
    );
    renderWithProviders(<AccountNotes accountId="A1040000" />);
    const list = await screen.findByRole('list', { name: 'Notes, newest first' });
    const note = within(list).getByRole('listitem');
    expect(within(note).getByText(link)).toBeTruthy();
    // jsdom has no layout: what is checked is the rule that lets the word break (the e2e suite
    // measures the page's width).
    expect(getComputedStyle(note).overflowWrap).toBe('anywhere');
  });
});
