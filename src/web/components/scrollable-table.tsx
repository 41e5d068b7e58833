import type { ReactNode } from 'react';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableContainer from '@mui/material/TableContainer';
import type { SxProps, Theme } from '@mui/material/styles';
import { useScrollFrame } from '../lib/scroll-frame';

/**
 * A table that scrolls sideways inside its own frame, never the page: on a 375 px phone a wide
 * table keeps its columns and the reader pans it. While it scrolls, the frame is a named region a
 * keyboard can focus (and so scroll with the arrow keys), which is what screen readers and axe
 * expect of a scrolling area; while the table fits, it is neither (useScrollFrame). It is positioned so that visually hidden text inside the table stays inside
 * the frame rather than widening the document.
 */
export function ScrollableTable({
  label,
  minWidth,
  captioned = false,
  sx,
  children,
}: {
  /** Names the region and, unless the table has its own caption, the table. */
  label: string;
  /** Below this width the columns stop shrinking and the frame scrolls. */
  minWidth?: number;
  /** The table's children include a `<caption>`, which names it instead of `label`. */
  captioned?: boolean;
  sx?: SxProps<Theme>;
  children: ReactNode;
}) {
  const [frame, scrolling] = useScrollFrame<HTMLDivElement>(label);
  return (
    <TableContainer
      component={Paper}
      variant="outlined"
      ref={frame}
      {...scrolling}
      sx={[{ position: 'relative', overflowX: 'auto' }, ...(Array.isArray(sx) ? sx : [sx])]}
    >
      <Table
        size="small"
        aria-label={captioned ? undefined : label}
        sx={minWidth ? { minWidth } : undefined}
      >
        {children}
      </Table>
    </TableContainer>
  );
}
