import { lazy, Suspense, useId, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import NativeSelect from '@mui/material/NativeSelect';
import OutlinedInput from '@mui/material/OutlinedInput';
import Skeleton from '@mui/material/Skeleton';
import type { GridColDef, GridSortModel, GridValidRowModel } from '@mui/x-data-grid';
import { useWideScreen } from '../../lib/use-wide-screen';
import { usePlacedGrid, type PlacedGrid, type PlaceProps } from './grid-place';
import type { PortalDataGridProps } from './portal-data-grid';

export type { GridColDef } from '@mui/x-data-grid';
export type { GridPlace } from './grid-place';

/*
 * The grid library is big (about 150 kB gzip). It comes in a chunk of its own, asked for as soon
 * as a page with a grid is opened, so it downloads and parses while the page's data is still on
 * its way (the route's loader starts that request without waiting for the grid). No other page,
 * least of all the sign-in page, carries it.
 */
type GridModule = typeof import('./portal-data-grid');
/** The library once it has arrived: from then on the grid renders without suspending. */
let loaded: GridModule | null = null;
const loadGrid = () =>
  import('./portal-data-grid').then((module) => {
    loaded = module;
    return module;
  });
const PortalDataGridImpl = lazy(loadGrid);

/**
 * A sortable, virtualized grid (MUI X DataGrid, MIT) named by `label`; see portal-data-grid.tsx.
 * While the library loads, a named busy status stands in for it.
 *
 * Below the theme's `md` width a grid's columns do not fit: the reader would pan sideways to the
 * figures past the screen's edge. There a grid shows `phoneView` instead (cards, say, and the
 * library is then not needed at all), or keeps the grid with `phoneColumns`, fewer columns whose
 * cells hold several lines (rows then size to their content).
 */
export function PortalDataGrid<Row extends GridValidRowModel>({
  phoneView,
  phoneColumns,
  place,
  onPlaceChange,
  pageSize,
  phonePageSize,
  ...props
}: PortalDataGridProps<Row> &
  PlaceProps & {
    phoneView?: ReactNode;
    phoneColumns?: readonly GridColDef<Row>[];
    /**
     * Rows a page in the phone columns, where a row takes three lines: a page of 100 ran to
     * some fifty screens, the total and the export far above. The grid's own pager turns them.
     */
    phonePageSize?: number;
  }) {
  const wide = useWideScreen();
  const phonePaged = !wide && phoneColumns !== undefined && phonePageSize !== undefined;
  // A page that keeps the grid's place (its sort and page) in its address: see grid-place.
  const placed = usePlacedGrid(
    { place, onPlaceChange, pageSize: phonePaged ? phonePageSize : pageSize },
    props.columns,
    props.rows?.length ?? 0,
  );
  if (!wide && phoneView !== undefined) return <>{phoneView}</>;
  if (!wide && phoneColumns) {
    return (
      <PhoneGrid
        {...props}
        placed={placed}
        phoneColumns={phoneColumns}
        pageSize={phonePaged ? phonePageSize : undefined}
      />
    );
  }
  return <LazyGrid {...props} {...placed} />;
}

/*
 * A grid in its phone columns. Their few cells hold what the wide grid spreads over many columns,
 * so a header no longer stands for one value to sort by. The wide columns stay in the grid,
 * hidden, and a select above it sorts by any of them (time, total, status…), as their headers do
 * on a wide screen. It is the browser's own list, easy to use with a thumb or a screen reader.
 *
 * It grows with its rows (a page of at most 100, or of `phonePageSize`) where a wide grid keeps a fixed height: on a
 * phone a box of its own scrolling inside the scrolling page cuts rows at its edge and traps the
 * thumb, and the page's own scroll reads them all.
 */
function PhoneGrid<Row extends GridValidRowModel>({
  phoneColumns,
  columns,
  initialState,
  placed,
  height: _wideHeight,
  ...props
}: PortalDataGridProps<Row> & { phoneColumns: readonly GridColDef<Row>[]; placed: PlacedGrid }) {
  const selectId = useId();
  const [ownSort, setOwnSort] = useState<GridSortModel>(initialState?.sorting?.sortModel ?? []);
  // The sort is the page's when it keeps the grid's place, the grid's own otherwise.
  const sortModel = placed.sortModel ?? ownSort;
  const setSortModel = placed.onSortModelChange ?? setOwnSort;
  const sortable = columns.filter((column) => column.sortable !== false && column.headerName);
  const hidden = Object.fromEntries(columns.map((column) => [column.field, false]));
  const [sorted] = sortModel;
  const choice = sorted?.sort ? `${sorted.field}:${sorted.sort}` : '';
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <FormControl size="small" sx={{ maxWidth: 320 }}>
        <InputLabel htmlFor={selectId} shrink>
          {`Sort ${props.label.toLowerCase()} by`}
        </InputLabel>
        <NativeSelect
          input={<OutlinedInput notched label={`Sort ${props.label.toLowerCase()} by`} />}
          inputProps={{ id: selectId }}
          value={choice}
          onChange={(event) => {
            const [field, sort] = event.target.value.split(':');
            setSortModel(field ? [{ field, sort: sort === 'desc' ? 'desc' : 'asc' }] : []);
          }}
        >
          <option value="">As listed</option>
          {sortable.flatMap((column) => [
            <option key={`${column.field}:asc`} value={`${column.field}:asc`}>
              {`${column.headerName}, ascending`}
            </option>,
            <option key={`${column.field}:desc`} value={`${column.field}:desc`}>
              {`${column.headerName}, descending`}
            </option>,
          ])}
        </NativeSelect>
      </FormControl>
      <LazyGrid
        {...props}
        // A field of its own for each phone column: a grid refuses two columns of one field.
        columns={[
          ...phoneColumns.map((column) => ({
            ...column,
            field: `phone-${column.field}`,
            sortable: false,
          })),
          ...columns,
        ]}
        initialState={initialState}
        paginationModel={placed.paginationModel}
        onPaginationModelChange={placed.onPaginationModelChange}
        columnVisibilityModel={hidden}
        sortModel={sortModel}
        onSortModelChange={setSortModel}
        getRowHeight={() => 'auto'}
      />
    </Box>
  );
}

function LazyGrid<Row extends GridValidRowModel>(props: PortalDataGridProps<Row>) {
  // A lazy component suspends at its first render even when its chunk is already here, and
  // React then mounts it in a later, interruptible render that every update (a progress line
  // of the order book) starts over. A grid whose library has arrived mounts at once. Each grid
  // keeps the way it was mounted: switching later would mount it afresh and lose its sorting,
  // page and scroll position.
  const [ready] = useState(() => loaded);
  if (ready) {
    const Grid = ready.default;
    return <Grid {...props} />;
  }
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

/**
 * Starts loading the grid library early, from a route's loader. A loader may wait for it, so the
 * page's first render already holds the grid; a failed download is left to the lazy grid, which
 * reports it where the grid stands.
 */
export function preloadDataGrid(): Promise<void> {
  return loadGrid().then(
    () => undefined,
    () => undefined,
  );
}
