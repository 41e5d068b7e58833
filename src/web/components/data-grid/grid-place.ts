import { useMemo } from 'react';
import type {
  GridColDef,
  GridPaginationModel,
  GridSortModel,
  GridValidRowModel,
} from '@mui/x-data-grid';

/**
 * The MIT DataGrid shows at most 100 rows a page (a licence limit of the free edition). Longer
 * lists page in its footer.
 */
export const GRID_PAGE_SIZE = 100;

/**
 * Where a person is in a grid, as a page keeps it in its address (search parameters), so Back,
 * a reload and a shared link come back to the same sorted page: the sort as `<field>.asc` or
 * `<field>.desc`, the page from 1. Null is the default: as listed, the first page.
 */
export interface GridPlace {
  sort: string | null;
  page: string | null;
}

/** The sort a search parameter asks for: one of the grid's sortable columns, or none. */
export function sortOfPlace<Row extends GridValidRowModel>(
  sort: string | null,
  columns: readonly GridColDef<Row>[],
): GridSortModel {
  const [model] = modelOfSort(sort);
  const column = model && columns.find((c) => c.field === model.field);
  return model && column && column.sortable !== false ? [model] : [];
}

/** A sort search parameter as the grid's model, whatever columns it names. */
function modelOfSort(sort: string | null): GridSortModel {
  const match = /^(\w+)\.(asc|desc)$/.exec(sort ?? '');
  return match ? [{ field: match[1], sort: match[2] as 'asc' | 'desc' }] : [];
}

/** The search parameter of a sort; null when the grid is as listed. */
export function placeOfSort(model: GridSortModel): string | null {
  const [first] = model;
  return first?.sort ? `${first.field}.${first.sort}` : null;
}

/**
 * The page index (from 0) a search parameter asks for: a whole number from 1, and at most the
 * last page of `rowCount` rows, `pageSize` a page (a page past the end shows the last one, as
 * the grid itself would); anything else is the first page.
 */
export function pageOfPlace(
  page: string | null,
  rowCount: number,
  pageSize: number = GRID_PAGE_SIZE,
): number {
  if (!page || !/^[1-9]\d{0,6}$/.test(page)) return 0;
  const last = Math.max(0, Math.ceil(rowCount / pageSize) - 1);
  return Math.min(Number(page) - 1, last);
}

/** A grid kept at a place: the place, and how a person's sort or page change reaches it. */
export interface PlaceProps {
  place?: GridPlace;
  /** A sort changed goes back to the first page. */
  onPlaceChange?: (next: Partial<GridPlace>) => void;
  /**
   * Rows a page when the page pages the grid itself (its own pager beside a grid shown without
   * its footer); GRID_PAGE_SIZE otherwise.
   */
  pageSize?: number;
}

/** The grid's controlled sort and page; empty when the grid keeps its own. */
export interface PlacedGrid {
  sortModel?: GridSortModel;
  onSortModelChange?: (model: GridSortModel) => void;
  paginationModel?: GridPaginationModel;
  onPaginationModelChange?: (model: GridPaginationModel) => void;
}

/**
 * The grid's sort and page, controlled by `place` when the page keeps one: the grid shows the
 * place's sorted page, and a person's sorting or paging changes the place. Without a place the
 * grid keeps its own (and loses it when it unmounts).
 */
export function usePlacedGrid<Row extends GridValidRowModel>(
  { place, onPlaceChange, pageSize = GRID_PAGE_SIZE }: PlaceProps,
  columns: readonly GridColDef<Row>[],
  rowCount: number,
): PlacedGrid {
  // The sort is kept by its value, not by the columns it was checked against: the grid takes a
  // new sort model as a sort changed and goes back to its first page, so columns built anew (a
  // column's words arriving later) must not hand it one.
  const sort = placeOfSort(sortOfPlace(place?.sort ?? null, columns));
  const sortModel = useMemo(() => modelOfSort(sort), [sort]);
  const pageIndex = pageOfPlace(place?.page ?? null, rowCount, pageSize);
  const paginationModel = useMemo(() => ({ page: pageIndex, pageSize }), [pageIndex, pageSize]);
  return useMemo(
    () =>
      place && onPlaceChange
        ? {
            sortModel,
            onSortModelChange: (model: GridSortModel) =>
              onPlaceChange({ sort: placeOfSort(model), page: null }),
            paginationModel,
            onPaginationModelChange: (model: GridPaginationModel) =>
              onPlaceChange({ page: model.page > 0 ? String(model.page + 1) : null }),
          }
        : {},
    [place, onPlaceChange, sortModel, paginationModel],
  );
}
