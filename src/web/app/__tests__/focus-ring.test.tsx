// @vitest-environment jsdom
/*
 * jsdom keeps the `outline` shorthand as written and does not split it into its parts: the ring
 * is read whole, and the app bar's colour, which overrides only the colour, on its own.
 */
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import type { Session } from '../../../contract/session';
import { PageHeader } from '../../components/page-header';
import { bff, startMockBff } from '../../testing/mock-bff';
import { renderWithProviders } from '../../testing/render';
import { withViewportWidth } from '../../testing/viewport';
import { AppLayout } from '../layout/app-layout';
import { sessionOf } from '../../testing/session';

startMockBff();
withViewportWidth(1280);
afterEach(cleanup);

const session: Session = sessionOf();

async function tabTo(user: ReturnType<typeof userEvent.setup>, element: HTMLElement) {
  for (let step = 0; step < 30 && document.activeElement !== element; step += 1) await user.tab();
  expect(document.activeElement).toBe(element);
}

function renderPortal() {
  bff.use(http.get('/api/session', () => HttpResponse.json(session)));
  renderWithProviders(
    <Routes>
      <Route element={<AppLayout />}>
        <Route path="/offerings" element={<PageHeader title="Offerings" />} />
      </Route>
    </Routes>,
    { path: '/offerings' },
  );
}

describe('a keyboard user tabs from the top of the page (desktop)', () => {
  it('sees a ring around each entry of the side menu, the current page included', async () => {
    const user = userEvent.setup({ delay: null });
    renderPortal();
    const menu = await screen.findByRole('navigation', { name: 'Main' });
    for (const name of ['My accounts', 'Offerings']) {
      const entry = within(menu).getByRole('link', { name });
      await tabTo(user, entry);
      const style = getComputedStyle(entry);
      expect(style.outline).toBe('3px solid #1c4f96');
      // Inside the entry: the menu's edge would cut a ring drawn outside it.
      expect(style.outlineOffset).toBe('-3px');
    }
  });

  it('sees a white ring around the account menu button on the blue app bar', async () => {
    const user = userEvent.setup({ delay: null });
    renderPortal();
    const button = await screen.findByRole('button', { name: /account menu/ });
    await tabTo(user, button);
    const style = getComputedStyle(button);
    expect(style.outline).toMatch(/^3px solid /);
    expect(style.outlineColor).toBe('rgb(255, 255, 255)');
  });
});
