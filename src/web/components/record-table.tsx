import type { ReactNode } from 'react';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import type { SxProps, Theme } from '@mui/material/styles';
import { ColumnHeadings, type ColumnHeading } from './column-headings';
import { ScrollableTable } from './scrollable-table';

/**
 * One column of a RecordTable: its heading and what each record shows under it, written side by
 * side so that a column added, dropped or shown only to some people is so in both at once. A
 * `{ figures }` heading right-aligns its cells too, so that heading and figures line up.
 */
export type RecordColumn<Row> = {
  heading: ColumnHeading;
  cell: (row: Row) => ReactNode;
  /** The cell that names its row for screen readers (`th scope="row"`), such as a security. */
  rowHeader?: boolean;
  sx?: SxProps<Theme>;
};

/** How a kind of record is tabled: its columns, and what tells one row from another. */
export type TableSpec<Row> = {
  columns: readonly RecordColumn<Row>[];
  rowKey: (row: Row) => string;
};

const headingText = (heading: ColumnHeading) =>
  typeof heading === 'string' ? heading : heading.figures;

/** Records as the rows of a ScrollableTable, one cell a column. */
export function RecordTable<Row>({
  label,
  caption,
  spec: { columns, rowKey },
  rows,
  sx,
}: {
  /** Names the scrolling region and, without a caption, the table. */
  label: string;
  /** The table's own `<caption>`, which names it instead of `label`. */
  caption?: ReactNode;
  spec: TableSpec<Row>;
  rows: readonly Row[];
  /** The frame's style, which may reach its cells (`& .MuiTableCell-root`). */
  sx?: SxProps<Theme>;
}) {
  return (
    <ScrollableTable label={label} captioned={caption !== undefined} sx={sx}>
      {caption}
      <ColumnHeadings columns={columns.map((column) => column.heading)} />
      <TableBody>
        {rows.map((row) => (
          <TableRow key={rowKey(row)}>
            {columns.map(({ heading, cell, rowHeader, sx }) => (
              <TableCell
                key={headingText(heading)}
                align={typeof heading === 'string' ? undefined : 'right'}
                {...(rowHeader ? { component: 'th', scope: 'row' } : {})}
                sx={sx}
              >
                {cell(row)}
              </TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </ScrollableTable>
  );
}
