import type { ReactNode } from 'react';
import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router-dom';

/**
 * A record's name as the link to its own page, in bold: it heads its row or card, and the person
 * opens the record from it. In a grid's cell it takes the cell's `tabIndex` (renderCell's), so
 * the grid stays one Tab stop with the arrow keys inside.
 */
export function NameLink({
  to,
  tabIndex,
  children,
}: {
  to: string;
  tabIndex?: 0 | -1;
  children: ReactNode;
}) {
  return (
    <Link
      component={RouterLink}
      to={to}
      tabIndex={tabIndex}
      className="tap-target"
      sx={{ fontWeight: 600 }}
    >
      {children}
    </Link>
  );
}
