import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import Box from '@mui/material/Box';

export type VirtualColumn<Row> = {
  key: string;
  header: string;
  /** CSS grid track, for example `minmax(90px, 1fr)`. */
  width: string;
  align?: 'left' | 'right';
  cell: (row: Row) => ReactNode;
};

type VirtualTableProps<Row> = {
  label: string;
  rows: readonly Row[];
  columns: readonly VirtualColumn<Row>[];
  rowKey: (row: Row) => string;
  height?: number;
  rowHeight?: number;
};

/**
 * A table of any length that keeps only the visible rows (plus a few) in the DOM (decision 12).
 * Table semantics survive the windowing: aria-rowcount gives the full count and every rendered
 * row its aria-rowindex, so a screen reader says "row 4,512 of 10,018". The scroll box is
 * focusable, so arrows, Page Up/Down, Home and End scroll it from the keyboard.
 */
export function VirtualTable<Row>({
  label,
  rows,
  columns,
  rowKey,
  height = 480,
  rowHeight = 40,
}: VirtualTableProps<Row>) {
  const scrollRef = useRef<HTMLDivElement>(null);
  // The virtualizer re-renders this component itself on scroll; nothing here is memoized.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan: 8,
  });
  const template = columns.map((column) => column.width).join(' ');
  const minWidth = columns.length * 96;

  // Home and End jump to the ends of the whole list, not only of the rendered rows.
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.target !== event.currentTarget) return;
    if (event.key === 'Home' && event.ctrlKey === false) {
      event.preventDefault();
      virtualizer.scrollToIndex(0);
    } else if (event.key === 'End' && event.ctrlKey === false) {
      event.preventDefault();
      virtualizer.scrollToIndex(rows.length - 1, { align: 'end' });
    }
  };

  const cellSx = (align: 'left' | 'right' = 'left') => ({
    px: 1,
    display: 'flex',
    alignItems: 'center',
    justifyContent: align === 'right' ? 'flex-end' : 'flex-start',
    overflow: 'hidden',
    whiteSpace: 'nowrap' as const,
    textOverflow: 'ellipsis',
    fontVariantNumeric: 'tabular-nums',
  });

  return (
    <Box
      ref={scrollRef}
      role="table"
      aria-label={label}
      aria-rowcount={rows.length + 1}
      aria-colcount={columns.length}
      tabIndex={0}
      onKeyDown={onKeyDown}
      data-testid="virtual-table"
      sx={{
        height,
        overflow: 'auto',
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 2 },
      }}
    >
      <Box role="rowgroup" sx={{ position: 'sticky', top: 0, zIndex: 1, minWidth }}>
        <Box
          role="row"
          aria-rowindex={1}
          sx={{
            display: 'grid',
            gridTemplateColumns: template,
            height: rowHeight,
            bgcolor: 'background.paper',
            borderBottom: 1,
            borderColor: 'divider',
            fontWeight: 600,
          }}
        >
          {columns.map((column, index) => (
            <Box
              key={column.key}
              role="columnheader"
              aria-colindex={index + 1}
              sx={cellSx(column.align)}
            >
              {column.header}
            </Box>
          ))}
        </Box>
      </Box>
      <Box
        role="rowgroup"
        sx={{ position: 'relative', height: virtualizer.getTotalSize(), minWidth }}
      >
        {virtualizer.getVirtualItems().map((item) => {
          const row = rows[item.index];
          return (
            <Box
              key={rowKey(row)}
              role="row"
              aria-rowindex={item.index + 2}
              data-row
              sx={{
                position: 'absolute',
                top: 0,
                left: 0,
                right: 0,
                height: rowHeight,
                transform: `translateY(${item.start}px)`,
                display: 'grid',
                gridTemplateColumns: template,
                borderBottom: 1,
                borderColor: 'divider',
              }}
            >
              {columns.map((column, index) => (
                <Box
                  key={column.key}
                  role="cell"
                  aria-colindex={index + 1}
                  sx={cellSx(column.align)}
                >
                  {column.cell(row)}
                </Box>
              ))}
            </Box>
          );
        })}
      </Box>
    </Box>
  );
}
