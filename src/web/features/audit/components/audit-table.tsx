import Box from '@mui/material/Box';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { AuditEventView } from '../../../../contract/audit';
import { auditActionLabel } from '../../../../contract/audit';
import { ScrollableTable } from '../../../components/scrollable-table';

const when = (iso: string) =>
  new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' }).format(
    new Date(iso),
  );

const detailsText = (details: Record<string, unknown> | null) =>
  details
    ? Object.entries(details)
        .map(([k, v]) => `${k}: ${typeof v === 'object' ? JSON.stringify(v) : String(v)}`)
        .join('; ')
    : '';

/** Who did what, when, why and from where; times in the viewer's zone. */
export function AuditTable({ events }: { events: AuditEventView[] }) {
  return (
    <ScrollableTable label="Audit events" minWidth={960}>
      <TableHead>
        <TableRow>
          <TableCell scope="col">When</TableCell>
          <TableCell scope="col">User</TableCell>
          <TableCell scope="col">Action</TableCell>
          <TableCell scope="col">Object</TableCell>
          <TableCell scope="col">Outcome</TableCell>
          <TableCell scope="col">Reason</TableCell>
          <TableCell scope="col">IP address</TableCell>
          <TableCell scope="col">Details</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {events.map((e) => (
          <TableRow key={e.id}>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{when(e.at)}</TableCell>
            <TableCell>
              {e.userEmail ?? '—'}
              {e.role && <> ({e.role.replace('_', ' ')})</>}
            </TableCell>
            <TableCell>{auditActionLabel(e.action)}</TableCell>
            <TableCell translate="no">
              {e.objectType ? `${e.objectType} ${e.objectId ?? ''}` : '—'}
            </TableCell>
            <TableCell>{e.outcome}</TableCell>
            <TableCell sx={{ maxWidth: 240, overflowWrap: 'anywhere' }}>
              {e.reason ?? '—'}
            </TableCell>
            <TableCell translate="no">{e.ip ?? '—'}</TableCell>
            <TableCell sx={{ maxWidth: 240, overflowWrap: 'anywhere' }}>
              {detailsText(e.details)}
              {e.requestId && (
                // The full id stays searchable and copyable; shown on one line, shortened.
                <Box
                  translate="no"
                  title={e.requestId}
                  sx={{ whiteSpace: 'nowrap', fontFamily: 'monospace', fontSize: '0.8rem' }}
                >
                  request {e.requestId.slice(0, 8)}…
                  <span className="visually-hidden"> (full id {e.requestId})</span>
                </Box>
              )}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </ScrollableTable>
  );
}
