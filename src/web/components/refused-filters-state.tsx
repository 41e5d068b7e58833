import Button from '@mui/material/Button';
import { EmptyState } from './query-state';

/**
 * In place of a page's list while filters of its address are refused (lib/refused-filters.ts):
 * reading the same address again would be refused the same way, so there is no Try again; each
 * refusal is told under its field, and the filters can be cleared from here.
 */
export function RefusedFiltersState({
  message,
  onClear,
}: {
  message: string;
  onClear: () => void;
}) {
  return (
    <EmptyState
      title="These filters cannot be applied"
      message={message}
      action={<Button onClick={onClear}>Clear the filters</Button>}
    />
  );
}
