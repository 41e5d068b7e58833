// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { RecordListState } from '../record-list-state';
import { loadedQuery } from '../../testing/query';

afterEach(cleanup);

type Reply = { offerings: string[]; skippedRecords?: number };

function renderList(data: Reply) {
  return render(
    <RecordListState
      query={loadedQuery(data)}
      subject="the offerings"
      records={(reply) => reply.offerings}
      empty={<p>No offerings yet</p>}
    >
      {(offerings) => (
        <ul aria-label="Offerings">
          {offerings.map((o) => (
            <li key={o}>{o}</li>
          ))}
        </ul>
      )}
    </RecordListState>,
  );
}

describe('RecordListState', () => {
  it('shows the records read, without a notice when none was left out', () => {
    renderList({ offerings: ['Acme Series A'] });
    expect(screen.getByRole('list', { name: 'Offerings' }).textContent).toBe('Acme Series A');
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('is empty only when no record was left out either', () => {
    renderList({ offerings: [] });
    expect(screen.getByText('No offerings yet')).toBeTruthy();
  });

  it('announces records left out instead of calling the list empty', () => {
    renderList({ offerings: [], skippedRecords: 2 });
    expect(screen.queryByText('No offerings yet')).toBeNull();
    expect(screen.getByRole('status').textContent).toMatch(/^2 records could not be shown\./);
    expect(screen.getByRole('list', { name: 'Offerings' }).textContent).toBe('');
  });
});
