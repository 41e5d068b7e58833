import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import type { GridColDef, GridValidRowModel } from '@mui/x-data-grid';
import Big from 'big.js';
import { formatTimestamp } from '../../lib/format';

/*
 * The columns the portal's grids share, and how they sort: figures as exact decimals, trade ids
 * as numbers, timestamps in the viewer's zone, and the one column of a grid on a phone. They are
 * plain column definitions, without the grid library itself (see index.tsx, which loads it).
 */

/** Exact decimals compare as decimals: "9.5" sorts below "10". Blanks go first. */
export function compareDecimals(a: string | null | undefined, b: string | null | undefined) {
  if (!a || !b) return (a ? 1 : 0) - (b ? 1 : 0);
  return new Big(a).cmp(new Big(b));
}

/** Trade ids are numeric strings upstream; compare them as numbers when both are. */
export function compareTradeIds(a: string, b: string) {
  return /^\d+$/.test(a) && /^\d+$/.test(b) ? compareDecimals(a, b) : a.localeCompare(b);
}

/**
 * A right-aligned column of figures (money, shares) kept as exact decimal strings, sorted as
 * decimals and formatted by the given formatter.
 */
export function figureColumn<Row extends GridValidRowModel>(
  column: Omit<GridColDef<Row, string | null>, 'type' | 'align' | 'headerAlign'> & {
    format: (value: string) => string;
  },
): GridColDef<Row, string | null> {
  const { format, ...rest } = column;
  return {
    align: 'right',
    headerAlign: 'right',
    cellClassName: 'portal-grid-figure',
    sortComparator: compareDecimals,
    valueFormatter: (value: string | null) => (value === null ? '—' : format(value)),
    ...rest,
  };
}

/**
 * A column of timestamps. A platform time reads in the viewer's zone with the platform's reading
 * after it ("Nov 26, 2026, 11:17 PM PST (7:17 AM UTC on the platform)", formatTimestamp unless
 * `format` says otherwise), about 60 characters that no fixed width holds at every zone and
 * width: the cell wraps instead of cutting the zone off, and its grid sizes rows to their content.
 */
export function timestampColumn<Row extends GridValidRowModel>(
  column: Omit<GridColDef<Row, string | null>, 'type' | 'cellClassName'> & {
    format?: (value: string | null) => string;
  },
): GridColDef<Row, string | null> {
  const { format = formatTimestamp, ...rest } = column;
  return {
    minWidth: 200,
    cellClassName: 'portal-grid-wrap',
    valueFormatter: (value: string | null) => format(value),
    ...rest,
  };
}

/**
 * The one column of a grid on a phone (`phoneColumns`): each row in three short lines, every
 * figure on screen, the last line quieter. The select above the grid sorts by any of the wide
 * columns, as their headers do on a wide screen.
 */
export function linesColumn<Row extends GridValidRowModel>(
  field: keyof Row & string,
  headerName: string,
  lines: (row: Row, tabIndex: 0 | -1) => [ReactNode, ReactNode, ReactNode],
): GridColDef<Row> {
  return {
    field,
    headerName,
    flex: 1,
    minWidth: 0,
    renderCell: ({ row, tabIndex }) => {
      const [first, second, last] = lines(row, tabIndex);
      return (
        <Box sx={{ display: 'grid', py: 0.75, lineHeight: 1.5, whiteSpace: 'normal' }}>
          <span>{first}</span>
          <span>{second}</span>
          <Box component="span" sx={{ color: 'text.secondary' }}>
            {last}
          </Box>
        </Box>
      );
    },
  };
}
