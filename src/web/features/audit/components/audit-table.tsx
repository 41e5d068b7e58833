import Box from '@mui/material/Box';
import type { AuditEventView } from '../../../../contract/audit';
import { auditActionLabel } from '../../../../contract/audit';
import { PortalDataGrid, type GridColDef } from '../../../components/data-grid';
import { formatInstant } from '../../../lib/format';

// To the second, in the viewer's zone, the zone named: the filters above count UTC days, so a
// time without its zone could not be matched to them.
const when = (instant: string) => formatInstant(instant, undefined, { seconds: true });

const detailsText = (details: Record<string, unknown> | null) =>
  details
    ? Object.entries(details)
        .map(([k, v]) => `${k}: ${typeof v === 'object' ? JSON.stringify(v) : String(v)}`)
        .join('; ')
    : '';

const orDash = (value: string | null) => value ?? '—';

const columns: GridColDef<AuditEventView>[] = [
  {
    // ISO instants sort as text; shown in the viewer's zone.
    field: 'at',
    headerName: 'When',
    minWidth: 150,
    flex: 1,
    cellClassName: 'portal-grid-wrap',
    valueFormatter: (value: string) => when(value),
  },
  {
    field: 'userEmail',
    headerName: 'User',
    minWidth: 140,
    flex: 1.3,
    cellClassName: 'portal-grid-wrap',
    valueGetter: (value: string | null, row) =>
      `${value ?? '—'}${row.role ? ` (${row.role.replace('_', ' ')})` : ''}`,
  },
  {
    field: 'action',
    headerName: 'Action',
    minWidth: 110,
    flex: 1,
    cellClassName: 'portal-grid-wrap',
    valueGetter: (value: string) => auditActionLabel(value),
  },
  {
    field: 'objectType',
    headerName: 'Object',
    minWidth: 100,
    flex: 0.9,
    cellClassName: 'portal-grid-wrap',
    valueGetter: (value: string | null, row) => {
      if (!value) return '—';
      // A user is named by the email the event keeps, not by an id the reader cannot look up.
      const email = value === 'user' ? row.details?.email : undefined;
      return `${value} ${typeof email === 'string' ? email : (row.objectId ?? '')}`;
    },
    renderCell: ({ value }) => <span translate="no">{value}</span>,
  },
  {
    field: 'outcome',
    headerName: 'Outcome',
    minWidth: 100,
    flex: 0.6,
    // "succeeded" and longer outcomes in full, never cut to "succee…".
    cellClassName: 'portal-grid-wrap',
  },
  {
    field: 'reason',
    headerName: 'Reason',
    minWidth: 120,
    flex: 1.4,
    cellClassName: 'portal-grid-wrap',
    valueFormatter: orDash,
  },
  {
    field: 'ip',
    headerName: 'IP address',
    minWidth: 100,
    flex: 0.8,
    cellClassName: 'portal-grid-wrap',
    renderCell: ({ row }) => <span translate="no">{orDash(row.ip)}</span>,
  },
  {
    field: 'details',
    headerName: 'Details',
    minWidth: 150,
    flex: 1.6,
    sortable: false,
    cellClassName: 'portal-grid-wrap',
    valueGetter: (value: Record<string, unknown> | null) => detailsText(value),
    renderCell: ({ row, value }) => (
      <span>
        {value}
        {row.requestId && (
          // The full id stays searchable and copyable; shown on one line, shortened.
          <Box
            translate="no"
            title={row.requestId}
            sx={{ whiteSpace: 'nowrap', fontFamily: 'monospace', fontSize: '0.8rem' }}
          >
            request {row.requestId.slice(0, 8)}…
            <span className="visually-hidden"> (full id {row.requestId})</span>
          </Box>
        )}
      </span>
    ),
  },
];

/** Who did what, when, why and from where; times in the viewer's zone, newest first. */
export function AuditTable({ events }: { events: AuditEventView[] }) {
  return (
    <PortalDataGrid
      label="Audit events"
      rows={events}
      columns={columns}
      // Reasons and details wrap; each row is as tall as its longest cell.
      getRowHeight={() => 'auto'}
    />
  );
}
