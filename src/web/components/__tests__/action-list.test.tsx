// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ActionList } from '../action-list';

afterEach(cleanup);

const sessions = [
  { id: 's1', browser: 'Firefox on Linux', current: true },
  { id: 's2', browser: 'Edge on Windows', current: false },
];

describe('ActionList', () => {
  it('names the list and gives each record its text and its own button', () => {
    render(
      <ActionList
        label="Active sessions"
        items={sessions}
        itemKey={(s) => s.id}
        primary={(s) => s.browser}
        secondary={(s) => (s.current ? 'This browser' : 'Elsewhere')}
        action={(s) => (s.current ? undefined : <button type="button">End {s.browser}</button>)}
      />,
    );
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
});
