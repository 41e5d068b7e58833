import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';

/**
 * One column's heading: plain text, or `{ figures }` for a column of amounts, prices and counts,
 * whose heading is right-aligned like the figures under it so that the two line up.
 */
export type ColumnHeading = string | { figures: string };

/** The heading row of a data table; each cell heads its column (`scope="col"`). */
export function ColumnHeadings({ columns }: { columns: readonly ColumnHeading[] }) {
  return (
    <TableHead>
      <TableRow>
        {columns.map((column) =>
          typeof column === 'string' ? (
            <TableCell key={column} scope="col">
              {column}
            </TableCell>
          ) : (
            <TableCell key={column.figures} scope="col" align="right">
              {column.figures}
            </TableCell>
          ),
        )}
      </TableRow>
    </TableHead>
  );
}
