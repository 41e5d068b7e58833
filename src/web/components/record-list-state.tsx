import type { ReactNode } from 'react';
import { QueryState, type ShownQuery } from './query-state';
import { listsNothing, SkippedRecordsNotice } from './skipped-records';

/**
 * QueryState for a list whose reply may leave out records the portal could not read
 * (`skippedRecords`). Such a list is empty only when nothing was left out either
 * (listsNothing). The notice stands above the records read.
 */
export function RecordListState<Reply extends { skippedRecords?: number }, Item>({
  records,
  noun,
  leftOut,
  children,
  ...state
}: {
  query: ShownQuery<Reply>;
  /** What loads, as a sentence names it: "the offerings". */
  subject: string;
  skeletonLines?: number;
  /** The records of the reply that the portal could read. */
  records: (reply: Reply) => Item[];
  empty: ReactNode;
  /** What the page says of the reply in the status that said it was loading (QueryState). */
  status?: (reply: Reply) => ReactNode;
  /** What the records are, one and many, for the notice ("offering", "offerings"). */
  noun?: readonly [one: string, many: string];
  /** Which records were left out, where the reply names them: said after the notice's sentence. */
  leftOut?: (reply: Reply) => ReactNode;
  children: (records: Item[]) => ReactNode;
}) {
  return (
    <QueryState
      {...state}
      isEmpty={(reply) => listsNothing(records(reply).length, reply.skippedRecords)}
    >
      {(reply) => (
        <>
          <SkippedRecordsNotice count={reply.skippedRecords} noun={noun}>
            {leftOut?.(reply)}
          </SkippedRecordsNotice>
          {children(records(reply))}
        </>
      )}
    </QueryState>
  );
}
