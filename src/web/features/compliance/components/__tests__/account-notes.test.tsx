// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
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

describe('a reviewer adds a note', () => {
  it('adds it once when the form is sent twice before the first is answered', async () => {
    const bodies: unknown[] = [];
    bff.use(
      http.get('/api/accounts/A1040000/notes', () => HttpResponse.json({ notes: [] })),
      http.post('/api/accounts/A1040000/notes', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json(
          {
            id: 'n2',
            accountId: 'A1040000',
            authorEmail: 'compliance@demo.test',
            body: 'Checked the KYC file',
            createdAt: '2026-11-29T08:47:00.000Z',
          },
          { status: 201 },
        );
      }),
    );
    renderWithProviders(<AccountNotes accountId="A1040000" />);
    fireEvent.change(screen.getByLabelText('New note'), {
      target: { value: 'Checked the KYC file' },
    });
    const button = screen.getByRole('button', { name: 'Add note' });
    // Two presses in one go: the second comes before React renders the button disabled.
    fireEvent.click(button);
    fireEvent.click(button);
    expect(await screen.findByText('Note added.')).toBeTruthy();
    await waitFor(() => expect(bodies).toHaveLength(1));
    // A later note is sent again as its own.
    fireEvent.change(screen.getByLabelText('New note'), { target: { value: 'Second note' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add note' }));
    await waitFor(() => expect(bodies).toHaveLength(2));
  });
});
