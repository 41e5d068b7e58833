import type { ReactNode } from 'react';
import Button from '@mui/material/Button';
import { refusedFiltersWords } from '../lib/refused-filters';
import { EmptyState } from './query-state';

/**
 * In place of a page's list while filters of its address are refused (lib/refused-filters.ts):
 * reading the same address again would be refused the same way, so there is no Try again; each
 * refusal is told under its field, and the filters can be cleared from here. With none refused,
 * the list (`children`).
 */
export function RefusedFiltersState({
  refused,
  message,
  onClear,
  headingLevel,
  children,
}: {
  /** The refused filters, each with the BFF's message (refusedFilters). */
  refused: Partial<Record<string, string>>;
  /** What the page says in place of its list; by default that the marked filters break rules. */
  message?: string;
  onClear: () => void;
  /** Its heading's level, as EmptyState's: 3 under a heading of the page's own section. */
  headingLevel?: 2 | 3;
  children: ReactNode;
}) {
  const count = Object.keys(refused).length;
  if (count === 0) return <>{children}</>;
  return (
    <EmptyState
      title="These filters cannot be applied"
      message={message ?? refusedFiltersWords(count)}
      action={<Button onClick={onClear}>Clear the filters</Button>}
      headingLevel={headingLevel}
    />
  );
}
