import Alert from '@mui/material/Alert';

type SkippedRecordsNoticeProps = {
  /** How many records the service sent that the portal could not read (replies' skippedRecords). */
  count: number | undefined;
};

/** "1 record could not be shown" / "N records could not be shown"; empty when none were left out. */
function skippedRecordsText(count: number): string {
  return `${count} ${count === 1 ? 'record' : 'records'} could not be shown`;
}

/**
 * Said above a list when the service sent records the portal could not read: the rest of the
 * list is shown, and the reader learns that it is incomplete instead of being misled by it.
 */
export function SkippedRecordsNotice({ count }: SkippedRecordsNoticeProps) {
  if (!count) return null;
  return (
    <Alert severity="warning" role="status" sx={{ mb: 2 }}>
      {skippedRecordsText(count)}. The service sent {count === 1 ? 'it' : 'them'} in a form the
      portal could not read; everything else is listed.
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
