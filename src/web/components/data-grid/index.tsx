import { lazy, Suspense } from 'react';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import type { GridColDef, GridValidRowModel } from '@mui/x-data-grid';
import Big from 'big.js';
import type { PortalDataGridProps } from './portal-data-grid';

export type { GridColDef } from '@mui/x-data-grid';

/*
 * The grid library is big (about 150 kB gzip). It comes in a chunk of its own, asked for as soon
 * as a page with a grid is opened, so it downloads and parses while the page's data is still on
 * its way (the route's loader starts that request without waiting for the grid). No other page,
 * least of all the sign-in page, carries it.
 */
const loadGrid = () => import('./portal-data-grid');
const PortalDataGridImpl = lazy(loadGrid);

/**
 * A sortable, virtualized grid (MUI X DataGrid, MIT) named by `label`; see portal-data-grid.tsx.
 * While the library loads, a named busy status stands in for it.
 */
export function PortalDataGrid<Row extends GridValidRowModel>(props: PortalDataGridProps<Row>) {
  return (
    <Suspense
      fallback={
        <Box role="status" aria-busy="true" aria-label={`Loading the table: ${props.label}`}>
          <Skeleton variant="rounded" height={props.height ?? 240} />
        </Box>
      }
    >
      <PortalDataGridImpl {...(props as PortalDataGridProps<GridValidRowModel>)} />
    </Suspense>
  );
}

/** Starts loading the grid library early, from a route's loader. */
export function preloadDataGrid() {
  void loadGrid();
}

/** Exact decimals compare as decimals: "9.5" sorts below "10". Blanks go first. */
export function compareDecimals(a: string | null | undefined, b: string | null | undefined) {
  if (!a || !b) return (a ? 1 : 0) - (b ? 1 : 0);
  return new Big(a).cmp(new Big(b));
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
