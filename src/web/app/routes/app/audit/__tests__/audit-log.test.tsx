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
});
