// @vitest-environment jsdom
/*
 * jsdom keeps the `outline` shorthand as written and does not split it into its parts: the ring
 * is read whole, and the app bar's colour, which overrides only the colour, on its own.
 *
 * jsdom's computed style also takes the last matching rule in the document's order, without
 * weighing selectors, and the test files of one run share emotion's default style cache, whose
 * rules an earlier file may have left in any order. The page is rendered with a style cache of
 * its own, so its rules stand in the order a browser loading the portal would insert them.
 */
import createCache, { type EmotionCache } from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
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
let styles: EmotionCache | null = null;
afterEach(() => {
  cleanup();
  styles?.sheet.flush();
  styles = null;
});

const session: Session = sessionOf();

async function tabTo(user: ReturnType<typeof userEvent.setup>, element: HTMLElement) {
  for (let step = 0; step < 30 && document.activeElement !== element; step += 1) await user.tab();
  expect(document.activeElement).toBe(element);
}

function renderPortal() {
  bff.use(http.get('/api/session', () => HttpResponse.json(session)));
  styles = createCache({ key: 'focus-ring', container: document.head });
  renderWithProviders(
    <CacheProvider value={styles}>
      <Routes>
        <Route element={<AppLayout />}>
          <Route path="/offerings" element={<PageHeader title="Offerings" />} />
        </Route>
      </Routes>
    </CacheProvider>,
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
