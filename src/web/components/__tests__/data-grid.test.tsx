// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { withViewportWidth } from '../../testing/viewport';
import { timestampColumn } from '../data-grid/columns';

type Row = { id: string; name: string };
const rows: Row[] = [
  { id: 'a', name: 'Alpha' },
  { id: 'b', name: 'Beta' },
];

/*
 * Whether the grid library has arrived is state of the module (and of React.lazy), and test files
 * share modules here: each case loads React, Testing Library and the grid afresh, so it starts
 * with a library nobody has asked for yet.
 */
async function fresh() {
  vi.resetModules();
  const testing = await import('@testing-library/react');
  const grid = await import('../data-grid');
  const columns: import('../data-grid').GridColDef<Row>[] = [
    { field: 'name', headerName: 'Name', flex: 1 },
  ];
  /** The grid of names, with what it shows on a phone when a test gives it. */
  const show = (
    phone: Pick<Parameters<typeof grid.PortalDataGrid<Row>>[0], 'phoneView' | 'phoneColumns'> = {},
  ) =>
    testing.render(<grid.PortalDataGrid label="Names" rows={rows} columns={columns} {...phone} />);
  return { ...testing, ...grid, show };
}

let cleanup: (() => void) | undefined;
afterEach(() => {
  cleanup?.();
  cleanup = undefined;
});

describe('PortalDataGrid', () => {
  it('stands a named busy status in for the grid while the library downloads', async () => {
    const t = await fresh();
    cleanup = t.cleanup;
    t.show();
    expect(t.screen.getByRole('status', { name: 'Loading the table: Names' })).toBeTruthy();
    expect(t.screen.queryByRole('grid')).toBeNull();
    // A fresh copy of the library takes a while to import when the other files run beside this one.
    expect(await t.screen.findByRole('grid', { name: 'Names' }, { timeout: 20_000 })).toBeTruthy();
  });

  it('keeps a grid mounted through the library once it has arrived', async () => {
    const t = await fresh();
    cleanup = t.cleanup;
    const view = t.show();
    const grid = await t.screen.findByRole('grid', { name: 'Names' }, { timeout: 20_000 });
    // Rendered again with the library now at hand: the same grid, not a new one.
    view.rerender(
      <t.PortalDataGrid
        label="Names"
        rows={[...rows, { id: 'c', name: 'Gamma' }]}
        columns={[{ field: 'name', headerName: 'Name', flex: 1 }]}
      />,
    );
    expect(t.screen.getByRole('grid', { name: 'Names' })).toBe(grid);
  });

  it('renders the grid at once, without a suspended first render, once a loader waited for it', async () => {
    const t = await fresh();
    cleanup = t.cleanup;
    await t.preloadDataGrid();
    t.show();
    expect(t.screen.getByRole('grid', { name: 'Names' })).toBeTruthy();
    expect(t.screen.queryByRole('status', { name: /^Loading the table/ })).toBeNull();
  });

  it('shows a named bar, not a grid of skeleton cells, while a grid with no rows yet is loading', async () => {
    const t = await fresh();
    cleanup = t.cleanup;
    await t.preloadDataGrid();
    const view = t.render(
      <t.PortalDataGrid
        label="Names"
        rows={[]}
        columns={[{ field: 'name', headerName: 'Name', flex: 1 }]}
        height={300}
        loading
      />,
    );
    expect(t.screen.getByRole('progressbar', { name: 'Loading the rows' })).toBeTruthy();
    expect(view.container.querySelector('.MuiDataGrid-cellSkeleton, .MuiSkeleton-root')).toBeNull();
  });

  it('sizes each row to its content when a column wraps its text, and keeps the fixed height otherwise', async () => {
    const t = await fresh();
    cleanup = t.cleanup;
    await t.preloadDataGrid();
    const rowsOf = (name: string) =>
      t.within(t.screen.getByRole('grid', { name })).getAllByRole('row').slice(1);
    // The library marks a row whose height follows its content.
    const sizedToContent = (row: HTMLElement) =>
      row.classList.contains('MuiDataGrid-row--dynamicHeight');
    t.render(
      <>
        <t.PortalDataGrid
          label="Wrapped"
          rows={rows}
          columns={[{ field: 'name', headerName: 'Name', cellClassName: 'portal-grid-wrap' }]}
        />
        <t.PortalDataGrid
          label="Times"
          rows={rows}
          columns={[timestampColumn<Row>({ field: 'name', headerName: 'When', format: String })]}
        />
        <t.PortalDataGrid label="One line" rows={rows} columns={[{ field: 'name' }]} />
      </>,
    );
    expect(rowsOf('Wrapped').map(sizedToContent)).toEqual([true, true]);
    expect(rowsOf('Times').map(sizedToContent)).toEqual([true, true]);
    expect(rowsOf('One line').map(sizedToContent)).toEqual([false, false]);
  });
});

describe('PortalDataGrid kept at a place', () => {
  withViewportWidth(1280);
  afterEach(() => vi.useRealTimers());

  it('stays on its page when its columns are built anew with the same sort', async () => {
    const t = await fresh();
    cleanup = t.cleanup;
    await t.preloadDataGrid();
    const many = Array.from({ length: 30 }, (_, i) => ({ id: `r${i}`, name: `Name ${i}` }));
    const onPlaceChange = vi.fn();
    // A page's columns made again on a render (a column's words arrived, say), equal in content.
    const shown = () => (
      <t.PortalDataGrid
        label="Names"
        rows={many}
        columns={[{ field: 'name', headerName: 'Name', flex: 1 }]}
        place={{ sort: 'name.desc', page: '2' }}
        onPlaceChange={onPlaceChange}
        pageSize={10}
        pageSizeOptions={[10]}
      />
    );
    const view = t.render(shown());
    const grid = t.screen.getByRole('grid', { name: 'Names' });
    expect(t.within(grid).getByText('Name 19')).toBeTruthy();
    // The grid reacts to a new sort model after a timeout of 0: faked, and run out below.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    view.rerender(shown());
    view.rerender(shown());
    await t.act(() => vi.advanceTimersByTimeAsync(50));
    expect(onPlaceChange).not.toHaveBeenCalled();
    expect(t.within(grid).getByText('Name 19')).toBeTruthy();
  });
});

describe('PortalDataGrid where its columns do not fit', () => {
  const phoneColumns: import('../data-grid').GridColDef<Row>[] = [
    { field: 'id', headerName: 'Names on a phone', flex: 1, valueGetter: (_v, row) => row.name },
  ];

  /** The grid of names given a wide grid's fixed height, as rendered: the library's root. */
  async function gridOfFixedHeight(): Promise<Element> {
    const t = await fresh();
    cleanup = t.cleanup;
    await t.preloadDataGrid();
    t.render(
      <t.PortalDataGrid
        label="Names"
        rows={rows}
        columns={[{ field: 'name', headerName: 'Name' }]}
        phoneColumns={phoneColumns}
        height={520}
      />,
    );
    const root = t.screen.getByRole('grid', { name: 'Names' }).closest('.MuiDataGrid-root');
    expect(root).not.toBeNull();
    return root!;
  }

  describe('on a 375 px phone', () => {
    withViewportWidth(375);

    it('shows its phone view instead, without asking for the grid library', async () => {
      const t = await fresh();
      cleanup = t.cleanup;
      t.show({ phoneView: <ul aria-label="Names as cards" /> });
      expect(t.screen.getByRole('list', { name: 'Names as cards' })).toBeTruthy();
      expect(t.screen.queryByRole('status', { name: /^Loading the table/ })).toBeNull();
      expect(t.screen.queryByRole('grid')).toBeNull();
    });

    it('keeps the grid with its phone columns', async () => {
      const t = await fresh();
      cleanup = t.cleanup;
      await t.preloadDataGrid();
      t.show({ phoneColumns });
      const grid = t.within(t.screen.getByRole('grid', { name: 'Names' }));
      expect(grid.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
        'Names on a phone',
      ]);
    });

    it('grows with its rows instead of scrolling inside a box as high as the wide grid', async () => {
      // The library marks a grid whose height follows its rows.
      expect((await gridOfFixedHeight()).classList.contains('MuiDataGrid-autoHeight')).toBe(true);
    });

    it('sorts by any of the wide columns from a select, since one cell holds several of them', async () => {
      const t = await fresh();
      cleanup = t.cleanup;
      await t.preloadDataGrid();
      t.show({ phoneColumns });
      const names = () =>
        t
          .within(t.screen.getByRole('grid', { name: 'Names' }))
          .getAllByRole('gridcell')
          .map((cell) => cell.textContent);
      const sortBy = t.screen.getByRole('combobox', { name: 'Sort names by' });
      expect(
        t
          .within(sortBy)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['As listed', 'Name, ascending', 'Name, descending']);
      expect(names()).toEqual(['Alpha', 'Beta']);

      t.fireEvent.change(sortBy, { target: { value: 'name:desc' } });
      await t.waitFor(() => expect(names()).toEqual(['Beta', 'Alpha']));
      t.fireEvent.change(sortBy, { target: { value: '' } });
      await t.waitFor(() => expect(names()).toEqual(['Alpha', 'Beta']));
    });
  });

  describe('on a desktop', () => {
    withViewportWidth(1280);

    it('shows the grid with its own columns, whatever it would show on a phone', async () => {
      const t = await fresh();
      cleanup = t.cleanup;
      await t.preloadDataGrid();
      t.show({ phoneColumns, phoneView: <ul aria-label="Names as cards" /> });
      const grid = t.within(t.screen.getByRole('grid', { name: 'Names' }));
      expect(grid.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Name']);
      expect(t.screen.queryByRole('list', { name: 'Names as cards' })).toBeNull();
    });

    it('keeps its fixed height, scrolling its many rows inside itself', async () => {
      expect((await gridOfFixedHeight()).classList.contains('MuiDataGrid-autoHeight')).toBe(false);
    });
  });
});
