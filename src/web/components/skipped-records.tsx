import Alert from '@mui/material/Alert';
import type { ReactNode } from 'react';

type SkippedRecordsNoticeProps = {
  /** How many records the service sent that the portal could not read (replies' skippedRecords). */
  count: number | undefined;
  /** What the records are, one and many: a list of one kind names it ("fund move"). */
  noun?: readonly [one: string, many: string];
  /** Where the reader can see more of them, said after the sentence (a link to their own list). */
  children?: ReactNode;
};

/** "1 record could not be shown" / "N fund moves could not be shown". */
function skippedRecordsText(count: number, [one, many]: readonly [string, string]): string {
  return `${count} ${count === 1 ? one : many} could not be shown`;
}

const records = ['record', 'records'] as const;

/**
 * Said above a list when the service sent records the portal could not read: the rest of the
 * list is shown, and the reader learns that it is incomplete instead of being misled by it.
 */
export function SkippedRecordsNotice({
  count,
  noun = records,
  children,
}: SkippedRecordsNoticeProps) {
  if (!count) return null;
  return (
    <Alert severity="warning" role="status" sx={{ mb: 2 }}>
      {skippedRecordsText(count, noun)}. The service sent {count === 1 ? 'it' : 'them'} in a form
      the portal could not read; everything else is listed.
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
