import Alert from '@mui/material/Alert';
import type { ReactNode } from 'react';

type SkippedRecordsNoticeProps = {
  /** How many records the service sent that the portal could not read (replies' skippedRecords). */
  count: number | undefined;
  /** What the records are, one and many: a list of one kind names it ("fund move"). */
  noun?: readonly [one: string, many: string];
  /**
   * Those whose own id could still be read, as a person names them ("fund move CFM70000011"), so
   * the reader can look them up; the others are counted only.
   */
  named?: readonly string[];
  /** Where the reader can see more of them, said after the sentence (a link to their own list). */
  children?: ReactNode;
};

/** At most this many are named; the rest are counted. */
const NAMED_AT_MOST = 5;

/** "Not shown: fund move A, fund move B and 2 more." Empty when none is named. */
function namedInWords(named: readonly string[], count: number): string {
  if (named.length === 0) return '';
  const listed = named.slice(0, NAMED_AT_MOST);
  const rest = count - listed.length;
  const parts = rest > 0 ? [...listed, `${rest} more`] : listed;
  const list =
    parts.length < 2 ? parts[0] : `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
  return ` Not shown: ${list}.`;
}

/** "1 record could not be shown" / "N fund moves could not be shown". */
function skippedRecordsText(count: number, [one, many]: readonly [string, string]): string {
  return `${count} ${count === 1 ? one : many} could not be shown`;
}

const records = ['record', 'records'] as const;

export const fundMoveNoun = ['fund move', 'fund moves'] as const;

/** The fund moves a list left out, named by their reference numbers where they could be read. */
export const fundMovesNamed = (references: readonly string[] = []) =>
  references.map((reference) => `fund move ${reference}`);

/**
 * Said above a list when the service sent records the portal could not read: the rest of the
 * list is shown, and the reader learns that it is incomplete instead of being misled by it.
 */
export function SkippedRecordsNotice({
  count,
  noun = records,
  named = [],
  children,
}: SkippedRecordsNoticeProps) {
  if (!count) return null;
  return (
    <Alert severity="warning" role="status" sx={{ mb: 2 }}>
      {skippedRecordsText(count, noun)}. The service sent {count === 1 ? 'it' : 'them'} in a form
      the portal could not read; everything else is listed.{namedInWords(named, count)}
      {children && <> {children}</>}
    </Alert>
  );
}

/**
 * Whether a list shows nothing at all: no record read and none left out. A list with records left
 * out is not empty, or the reader would be told "No …" while records exist.
 */
export function listsNothing(listed: number, skippedRecords: number | undefined): boolean {
  return listed === 0 && !skippedRecords;
}
