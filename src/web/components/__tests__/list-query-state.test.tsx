// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { listQueryState } from '../list-query-state';
import { loadedQuery } from '../../testing/query';

afterEach(cleanup);

const asked: { ripe?: boolean }[] = [];
const FruitsState = listQueryState({
  subject: 'the fruits',
  useReply: (args: { ripe?: boolean }) => {
    asked.push(args);
    return loadedQuery({ fruits: args.ripe ? ['Pear'] : [] });
  },
  items: (reply) => reply.fruits,
});

describe('listQueryState', () => {
  it('loads with the props beyond its own and hands the page the items', () => {
    render(
      <FruitsState ripe empty={<p>No fruit</p>}>
        {(fruits) => <p>{fruits.join(', ')}</p>}
      </FruitsState>,
    );
    expect(screen.getByText('Pear')).toBeTruthy();
    expect(asked.at(-1)).toEqual({ ripe: true });
  });

  it("shows the page's empty state when the list is empty", () => {
    render(
      <FruitsState empty={<p>No fruit</p>}>{(fruits) => <p>{fruits.join(', ')}</p>}</FruitsState>,
    );
    expect(screen.getByText('No fruit')).toBeTruthy();
  });
});
