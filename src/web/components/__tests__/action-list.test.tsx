// @vitest-environment jsdom
import type { ComponentProps } from 'react';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ActionList } from '../action-list';

afterEach(cleanup);

const sessions = [
  { id: 's1', browser: 'Firefox on Linux', current: true },
  { id: 's2', browser: 'Edge on Windows', current: false },
];

type Session = (typeof sessions)[number];

/** The sessions as an ActionList named "Active sessions", by browser. */
const renderSessions = (
  props: Pick<ComponentProps<typeof ActionList<Session>>, 'secondary' | 'action' | 'itemSx'>,
) =>
  render(
    <ActionList
      label="Active sessions"
      items={sessions}
      itemKey={(s) => s.id}
      primary={(s) => s.browser}
      {...props}
    />,
  );

describe('ActionList', () => {
  it('names the list and gives each record its text and its own button', () => {
    renderSessions({
      secondary: (s) => (s.current ? 'This browser' : 'Elsewhere'),
      action: (s) => (s.current ? undefined : <button type="button">End {s.browser}</button>),
    });
    const list = screen.getByRole('list', { name: 'Active sessions' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      'Firefox on LinuxThis browser',
      'Edge on WindowsElsewhereEnd Edge on Windows',
    ]);
    expect(
      within(list)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['End Edge on Windows']);
  });

  it('keeps the button beside a long line of detail in a row that wraps: the text shrinks from 20rem', () => {
    renderSessions({
      secondary: () => 'Signed in with a password; 1 wrong second-factor code was tried in it',
      action: (s) => <button type="button">End {s.browser}</button>,
      itemSx: { flexWrap: 'wrap' },
    });
    const row = screen.getAllByRole('listitem')[1];
    const text = within(row).getByText('Edge on Windows').closest('.MuiListItemText-root')!;
    // A basis of the whole line (auto) wraps the button under it at any width.
    expect(getComputedStyle(text).flexBasis).toBe('20rem');
    expect(getComputedStyle(text).minWidth).toBe('0');
  });
});
