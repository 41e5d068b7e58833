import type { ReactNode } from 'react';
import { QueryState, type ShownQuery } from './query-state';

/** What a page says of a list it shows; loading and failing are the list's own. */
export type ListStateProps<Item> = {
  /** How many skeleton lines stand in for the list while it loads. */
  skeletonLines?: number;
  /** Shown when the list is empty: the words depend on what the page is for. */
  empty: ReactNode;
  children: (items: Item[]) => ReactNode;
};

/**
 * The state component of one list that several pages show, each its own way (the person's
 * accounts, the securities they may see): it loads the list with `useReply`, given the
 * component's props beyond ListStateProps, names it by `subject` while it loads or fails, and
 * hands the page its items once loaded.
 */
export function listQueryState<Reply, Item, Args extends object>({
  subject,
  useReply,
  items,
}: {
  subject: string;
  useReply: (args: Args) => ShownQuery<Reply>;
  items: (reply: Reply) => Item[];
}) {
  return function ListQueryState({
    skeletonLines,
    empty,
    children,
    ...args
  }: ListStateProps<Item> & Args) {
    const query = useReply(args as unknown as Args);
    return (
      <QueryState
        query={query}
        subject={subject}
        skeletonLines={skeletonLines}
        isEmpty={(reply) => items(reply).length === 0}
        empty={empty}
      >
        {(reply) => children(items(reply))}
      </QueryState>
    );
  };
}
