// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { bff, startMockBff } from '../../../../../testing/mock-bff';
import { renderWithProviders } from '../../../../../testing/render';
import AuditLogRoute from '../audit-log';

startMockBff();
afterEach(cleanup);

describe('a reviewer filters the audit log', () => {
  it('"Apply filters" keeps the focus, and the filters stay in the form', async () => {
    const asked: string[] = [];
    bff.use(
      http.get('/api/audit-events', ({ request }) => {
        asked.push(new URL(request.url).searchParams.get('user') ?? '');
        return HttpResponse.json({ events: [], nextBefore: null });
      }),
    );
    renderWithProviders(<AuditLogRoute />, { path: '/audit' });
    await screen.findByText('No events match');
    fireEvent.change(screen.getByRole('textbox', { name: 'User email' }), {
      target: { value: 'newbie' },
    });
    const apply = screen.getByRole('button', { name: 'Apply filters' });
    apply.focus();
    fireEvent.click(apply);
    await screen.findByText('No events match');
    expect(asked).toContain('newbie');
    expect(document.activeElement).toBe(apply);
    expect(screen.getByRole('textbox', { name: 'User email' })).toHaveProperty('value', 'newbie');
  });

  it('says how many events are shown, and that older ones came when loaded', async () => {
    const event = (id: number) => ({
      id: String(id),
      at: '2026-11-27T12:00:00.000Z',
      userId: 'u1',
      userEmail: 'reviewer@demo.test',
      role: 'compliance',
      action: 'sign_in',
      objectType: null,
      objectId: null,
      reason: null,
      outcome: 'allowed',
      ip: null,
      requestId: null,
      details: null,
    });
    bff.use(
      http.get('/api/audit-events', ({ request }) => {
        const before = new URL(request.url).searchParams.get('before');
        return HttpResponse.json(
          before
            ? { events: [event(1)], nextBefore: null }
            : { events: [event(3), event(2)], nextBefore: '2' },
        );
      }),
    );
    renderWithProviders(<AuditLogRoute />, { path: '/audit' });
    expect((await screen.findByText(/events? shown/)).textContent).toBe('2 events shown.');
    fireEvent.click(screen.getByRole('button', { name: 'Load older events' }));
    expect((await screen.findByText('3 events shown; no older events.')).getAttribute('role')).toBe(
      'status',
    );
    expect(screen.queryByRole('button', { name: 'Load older events' })).toBeNull();
  });
});
