import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import { useEffect, type RefObject } from 'react';
import {
  DataGrid,
  gridPaginatedVisibleSortedGridRowIdsSelector,
  gridTabIndexCellSelector,
  useGridApiRef,
  type DataGridProps,
  type GridApi,
  type GridValidRowModel,
} from '@mui/x-data-grid';
import { GRID_PAGE_SIZE } from './grid-place';

/*
 * The MIT DataGrid shows at most GRID_PAGE_SIZE rows a page; inside a page it keeps only the rows
 * in view in the DOM. Longer lists page in its footer; sorting covers every row, not only the
 * page shown.
 */
const PAGE_SIZE = GRID_PAGE_SIZE;

/*
 * The browser's scrollbar width. Left to itself, the grid measures it on its own element as it
 * mounts, which forces a layout of the whole page in the middle of the grid's first render (on a
 * busy order book page, about a hundred milliseconds). The width belongs to the browser, not to
 * the grid: measured once, on a small off-screen probe, when the grid library loads.
 */
function measureScrollbar(): number | undefined {
  if (typeof document === 'undefined' || !document.body) return undefined;
  const probe = document.createElement('div');
  probe.style.cssText = 'position:absolute;top:-9999px;width:100px;height:100px;overflow:scroll';
  document.body.appendChild(probe);
  const size = probe.offsetWidth - probe.clientWidth;
  probe.remove();
  return size;
}
const SCROLLBAR_SIZE = measureScrollbar();

/*
 * What a grid shows while it is loading. The library's default for a grid with no rows yet is a
 * skeleton: a placeholder cell for every visible row and column, each a styled component, all
 * mounted with the grid and torn down when the first rows arrive. On the order book page that
 * took about two hundred milliseconds of the main thread on the way to the first orders. A bar
 * says the same (rows are on their way), and it carries a name for a screen reader, which the
 * library's bar does not.
 */
function LoadingRows() {
  return <LinearProgress aria-label="Loading the rows" />;
}

const FOCUSED_CELL = [
  '& .MuiDataGrid-cell:focus',
  '& .MuiDataGrid-cell:focus-within',
  '& .MuiDataGrid-columnHeader:focus',
  '& .MuiDataGrid-columnHeader:focus-within',
].join(', ');

/** The class of a cell whose free text (a reason, a status, a time with its zone) wraps. */
const WRAP_CLASS = 'portal-grid-wrap';
const contentHeight = () => 'auto' as const;

/*
 * A grid is one Tab stop, the arrow keys moving inside it: one header or cell at a time has
 * tabindex 0, the one last focused, and the links and buttons in cells take their cell's (see
 * renderCell's `tabIndex`). The library keeps that cell when its row leaves the page shown (the
 * pager's next page, a sort, a filter): nothing in the grid then has tabindex 0, and Tab passes
 * the grid by. The Tab stop then goes back to the first header, as when the grid was new.
 */
function useOneTabStop(apiRef: RefObject<GridApi | null>) {
  useEffect(
    () =>
      apiRef.current?.subscribeEvent('stateChange', () => {
        const cell = gridTabIndexCellSelector(apiRef);
        if (!cell || gridPaginatedVisibleSortedGridRowIdsSelector(apiRef).includes(cell.id)) return;
        apiRef.current?.setState((state) => ({
          ...state,
          tabIndex: { ...state.tabIndex, cell: null },
        }));
      }),
    [apiRef],
  );
}

export type PortalDataGridProps<Row extends GridValidRowModel> = Omit<
  DataGridProps<Row>,
  'aria-label' | 'aria-labelledby' | 'label'
> & {
  /** The grid's accessible name (role=grid). */
  label: string;
  /**
   * A fixed height makes a long list scroll inside the grid, with only the visible rows rendered;
   * without one the grid grows with its rows (short lists, a page of results).
   */
  height?: number;
  /** Rows a page, GRID_PAGE_SIZE unless fewer are asked for (a phone's page of long rows). */
  pageSize?: number;
};

/**
 * A sortable, virtualized grid for the portal's long lists. It never widens the page: on a
 * 375 px phone the columns keep their minimum widths and the grid scrolls sideways inside itself.
 * Filters, paging by the server and "load more" stay outside, in the page that owns the data.
 */
export default function PortalDataGrid<Row extends GridValidRowModel>({
  label,
  height,
  rows,
  sx,
  initialState,
  slots,
  pageSize = PAGE_SIZE,
  ...props
}: PortalDataGridProps<Row>) {
  const paged = (rows?.length ?? 0) > pageSize;
  // A wrapped cell is taller than a row of the fixed height: a grid with one sizes each row to
  // its content, or the lines past the first would be cut off.
  const wraps = props.columns.some((column) => column.cellClassName === WRAP_CLASS);
  const apiRef = useGridApiRef();
  useOneTabStop(apiRef);
  return (
    <Box sx={{ width: '100%', minWidth: 0, ...(height ? { height } : {}) }}>
      <DataGrid
        apiRef={apiRef}
        aria-label={label}
        rows={rows}
        autoHeight={!height}
        density="compact"
        scrollbarSize={SCROLLBAR_SIZE}
        disableRowSelectionOnClick
        disableColumnMenu
        // Every column stays in the DOM (ours have at most 13), so a reader and a search on the
        // page find each of them; rows are still virtualized.
        columnBufferPx={4000}
        hideFooter={!paged}
        getRowHeight={wraps ? contentHeight : undefined}
        pageSizeOptions={[pageSize]}
        initialState={{
          pagination: { paginationModel: { pageSize } },
          ...initialState,
        }}
        slots={{ loadingOverlay: LoadingRows, ...slots }}
        sx={[
          {
            // Figures are never broken across lines; a cell too narrow scrolls with the grid.
            '& .MuiDataGrid-cell': { whiteSpace: 'nowrap' },
            '& .portal-grid-figure': { fontVariantNumeric: 'tabular-nums' },
            // Free text (reasons, details) wraps instead; such grids size rows to their content.
            [`& .MuiDataGrid-cell.${WRAP_CLASS}`]: {
              whiteSpace: 'normal',
              overflowWrap: 'anywhere',
              py: 0.75,
            },
            '& .MuiDataGrid-columnHeaderTitle': { fontWeight: 600 },
            // The focused cell or header wears the theme's 3 px focus ring (WCAG 2.4.7), not the
            // library's 1 px line at half strength; drawn inside, as a cell clips what overflows.
            [FOCUSED_CELL]: {
              outline: (t) => `3px solid ${t.palette.primary.main}`,
              outlineOffset: '-3px',
            },
            // The last column's resize handle straddles the grid's edge; hidden, it no longer
            // widens the grid by half its width (columns that fit then never scroll sideways).
            '& .MuiDataGrid-columnHeader--last .MuiDataGrid-columnSeparator': { display: 'none' },
          },
          ...(Array.isArray(sx) ? sx : [sx]),
        ]}
        {...props}
      />
    </Box>
  );
}
