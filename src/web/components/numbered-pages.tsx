import Pagination from '@mui/material/Pagination';

/**
 * Numbered pages of a list the BFF reads a page at a time (MUI's Pagination), shown only when
 * there is more than one page. Each button says what it does in words a screen reader reads out
 * ("Page 3, shown", "Next page"); on a phone only the pages next to the one shown are numbered.
 */
export function NumberedPages({
  label,
  pages,
  page,
  onPage,
}: {
  /** Names the navigation landmark ("Pages of users"). */
  label: string;
  pages: number;
  /** The page shown, from 1. */
  page: number;
  onPage: (page: number) => void;
}) {
  if (pages <= 1) return null;
  return (
    <Pagination
      aria-label={label}
      sx={{ mt: 2 }}
      count={pages}
      page={Math.min(page, pages)}
      onChange={(_, next) => onPage(next)}
      getItemAriaLabel={(type, item, selected) =>
        type === 'page'
          ? `Page ${item}${selected ? ', shown' : ''}`
          : type === 'next'
            ? 'Next page'
            : type === 'previous'
              ? 'Previous page'
              : `Go to ${type} page`
      }
      siblingCount={0}
    />
  );
}
