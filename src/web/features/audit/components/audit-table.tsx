import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Fragment } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { AuditEventView } from '../../../../contract/audit';
import { auditActionLabel, auditOutcomeLabel } from '../../../../contract/audit';
import { roleLabels, type Role } from '../../../../contract/session';
import { CardList } from '../../../components/card-list';
import { PortalDataGrid, type GridColDef } from '../../../components/data-grid';
import { DescriptionList } from '../../../components/description-list';
import { paths } from '../../../config/paths';
import { formatInstant } from '../../../lib/format';
import { detailsText } from '../lib/details-text';

// To the second, in the viewer's zone, the zone named: the filters above count days of that zone
// (lib/period), so a row dated Nov 28 is in the period of Nov 28.
const when = (instant: string) => formatInstant(instant, undefined, { seconds: true });

// The role as the Users page names it; a role this portal does not know, as words.
const roleName = (role: string) =>
  Object.hasOwn(roleLabels, role) ? roleLabels[role as Role] : role.replaceAll('_', ' ');

const orDash = (value: string | null) => value ?? '—';

const userOf = (event: AuditEventView) =>
  `${event.userEmail ?? '—'}${event.role ? ` (${roleName(event.role)})` : ''}`;

/**
 * An address that may wrap after its @ and at the dots around its parts, where a reader expects
 * it to ("compliance." / "reviewer@" / "demo" / ".test"), never inside a name ("compliance@dem" /
 * "o.test").
 */
function Address({ email }: { email: string }) {
  const at = email.lastIndexOf('@');
  if (at < 0) return <span translate="no">{email}</span>;
  const local = email.slice(0, at).split('.');
  const domain = email.slice(at + 1).split('.');
  return (
    <span translate="no">
      {local.map((part, i) => (
        <Fragment key={`l${i}`}>
          {part}
          {i < local.length - 1 ? '.' : '@'}
          <wbr />
        </Fragment>
      ))}
      {domain.map((part, i) => (
        <Fragment key={`d${i}`}>
          {i > 0 && <wbr />}
          {i > 0 ? '.' : ''}
          {part}
        </Fragment>
      ))}
    </span>
  );
}

/** An address in a line of words: its last dot before a top-level name of letters ends it. */
const ADDRESS = /([^\s,;:()<>]+@[^\s,;:()<>]+\.[A-Za-z]{2,})/;

/**
 * Words that may hold addresses (an event's details: "By: firstname.lastname@…"): each address
 * breaks where an address may, so a narrow column or a phone's card does not cut one mid-name.
 */
function WithAddresses({ text }: { text: string }) {
  return text
    .split(ADDRESS)
    .map((part, i) => (i % 2 === 1 ? <Address key={i} email={part} /> : part));
}

/** Our references (MR- and ten characters) kept on one line: a break after "MR-" reads as two. */
function WholeReferences({ text }: { text: string }) {
  return text.split(/(MR-[0-9A-Z]{10})/).map((part, i) =>
    i % 2 === 1 ? (
      <span key={i} style={{ whiteSpace: 'nowrap' }}>
        {part}
      </span>
    ) : (
      part
    ),
  );
}

/** Who acted: their address (breaking where an address may) and their role. */
function UserCell({ event }: { event: AuditEventView }) {
  return (
    // A name longer than the line with no dot in it still wraps, as a last resort.
    <span style={{ overflowWrap: 'break-word' }}>
      {event.userEmail ? <Address email={event.userEmail} /> : '—'}
      {event.role ? ` (${roleName(event.role)})` : ''}
    </span>
  );
}

/** The kinds of object the log names, in words; another kind is its code as words. */
const objectWords: Record<string, string> = {
  account: 'Account',
  money_request: 'Money request',
  user: 'User',
  entity: 'Entity',
  fund_move: 'Fund move',
  security: 'Security',
  issuer: 'Issuer',
  offering: 'Offering',
};
const objectWord = (type: string) => {
  const words = objectWords[type] ?? type.replaceAll('_', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};

const stringIn = (details: AuditEventView['details'], key: string) =>
  typeof details?.[key] === 'string' ? details[key] : undefined;

const objectOf = (event: AuditEventView) => {
  if (!event.objectType) return '—';
  // A user is named by the email the event keeps, not by an id the reader cannot look up.
  const email = event.objectType === 'user' ? stringIn(event.details, 'email') : undefined;
  return `${objectWord(event.objectType)} ${email ?? event.objectId ?? ''}`;
};

/**
 * Where a reviewer opens what an event is about: an account's review page, the register narrowed
 * to our reference (a money request, or the one a held disbursement's event carries), the
 * approvals page narrowed to the one held disbursement; and the events of that account or request alone. Every
 * page named is one the audit log's readers (compliance, admin) may open.
 */
function objectLinks(event: AuditEventView): { to: string; text: string }[] {
  const links: { to: string; text: string }[] = [];
  const id = event.objectId;
  const reference =
    event.objectType === 'money_request' ? id : stringIn(event.details, 'reference');
  const account = event.objectType === 'account' ? id : stringIn(event.details, 'accountId');
  if (event.objectType === 'account' && id) {
    links.push({ to: paths.app.complianceAccount.getHref(id), text: `Account ${id}` });
  }
  if (reference && /^MR-[0-9A-Z]{10}$/.test(reference)) {
    links.push({
      to: paths.app.complianceMoneyRequests.getHref(undefined, reference),
      text: `${reference} in the register`,
    });
  }
  // The one approval, by our reference when the event carries it (as the page's Reference filter
  // shows it), else by its id (an approval held before our references).
  const approvalId = stringIn(event.details, 'approvalId');
  if (approvalId) {
    const named = reference && /^MR-[0-9A-Z]{10}$/.test(reference);
    links.push({
      to: paths.app.approvals.getHref(named ? { reference } : { approval: approvalId }),
      text: named ? `The approval of ${reference}` : 'The approval',
    });
  }
  const traced = reference ?? account;
  if (traced) {
    links.push({
      to: paths.app.auditLog.getHref({ object: traced }),
      text: `Events of ${traced}`,
    });
  }
  return links;
}

/** The object in words, then the links that follow it, each on its own line. */
function ObjectCell({ event }: { event: AuditEventView }) {
  const links = objectLinks(event);
  const shown = objectOf(event);
  const email = event.objectType === 'user' ? stringIn(event.details, 'email') : undefined;
  // Wide enough for a reference on one line (the column's minimum width); a longer word (an
  // unusual object id) still wraps rather than being cut at the cell's edge.
  return (
    <Box component="span" sx={{ display: 'block', overflowWrap: 'break-word' }}>
      {/* An account's own link names it, so its words are not said twice. */}
      {event.objectType === 'account' && event.objectId ? null : email ? (
        <>
          {objectWord('user')} <Address email={email} />
        </>
      ) : (
        <span translate="no">
          <WholeReferences text={shown} />
        </span>
      )}
      {links.map((link) => (
        // Each link on a line of its own, a 24 px target at least (WCAG 2.5.8); 44 px on touch.
        <Box component="span" key={link.to} sx={{ display: 'block' }}>
          <Link
            component={RouterLink}
            to={link.to}
            translate="no"
            className="tap-target"
            // Inline-block, not flex: flex items drop the spaces between a reference's span and
            // the words beside it ("MR-…in the register").
            sx={{ display: 'inline-block', py: '2px' }}
          >
            <WholeReferences text={link.text} />
          </Link>
        </Box>
      ))}
    </Box>
  );
}

/** The request's id: searchable and copyable in full, shown on one line, shortened. */
function RequestId({ id }: { id: string }) {
  return (
    <Box
      translate="no"
      title={id}
      sx={{ whiteSpace: 'nowrap', fontFamily: 'monospace', fontSize: '0.8rem' }}
    >
      request {id.slice(0, 8)}…<span className="visually-hidden"> (full id {id})</span>
    </Box>
  );
}

const columns: GridColDef<AuditEventView>[] = [
  {
    // ISO instants sort as text; shown in the viewer's zone.
    field: 'at',
    headerName: 'When',
    // Its date and time wrap at their spaces; 5 px of it went to the IP address's heading.
    minWidth: 145,
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
    valueGetter: (_value: string | null, row) => userOf(row),
    renderCell: ({ row }) => <UserCell event={row} />,
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
    // Room for our reference (MR- and ten characters) and a link's words on one line at 1280 px:
    // the columns' minimum widths add up to 985 px of the 992 px the page has there.
    minWidth: 150,
    flex: 1.2,
    cellClassName: 'portal-grid-wrap',
    valueGetter: (_value: string | null, row) => objectOf(row),
    renderCell: ({ row }) => <ObjectCell event={row} />,
  },
  {
    field: 'outcome',
    headerName: 'Outcome',
    minWidth: 90,
    flex: 0.6,
    // In words ("Done", "Outcome unknown"), in full, never cut short; the CSV keeps the code.
    cellClassName: 'portal-grid-wrap',
    valueGetter: (value: string) => auditOutcomeLabel(value),
  },
  {
    field: 'reason',
    headerName: 'Reason',
    minWidth: 100,
    flex: 1.4,
    cellClassName: 'portal-grid-wrap',
    valueFormatter: orDash,
  },
  {
    field: 'ip',
    headerName: 'IP address',
    // Its heading in full at 1280 px (72 px of words and the cell's padding), not "IP addr…".
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
    valueGetter: (value: Record<string, unknown> | null, row: AuditEventView) =>
      detailsText(value, row.userEmail),
    renderCell: ({ row, value }) => (
      <span>
        <WithAddresses text={value} />
        {row.requestId && <RequestId id={row.requestId} />}
      </span>
    ),
  },
];

/**
 * Who did what, when, why and from where; times in the viewer's zone, newest first. A sortable
 * grid where its eight columns fit; on phones one card an event, in the order the log keeps.
 */
export function AuditTable({ events }: { events: AuditEventView[] }) {
  return (
    <PortalDataGrid
      label="Audit events"
      rows={events}
      columns={columns}
      phoneView={<AuditCards events={events} />}
    />
  );
}

/**
 * One card an event, newest first: what was done and how it ended, then by whom, when, on what,
 * why and from where, every column of the grid. The grid scrolled sideways inside its frame on a
 * phone, with the outcome, reason and details past the edge; its sorting is not missed there,
 * since a reviewer reads the log newest first and narrows it with the filters above.
 */
function AuditCards({ events }: { events: AuditEventView[] }) {
  return (
    <CardList label="Audit events" ordered items={events} itemKey={(event) => event.id}>
      {(event) => {
        const details = detailsText(event.details, event.userEmail);
        return (
          <>
            <Typography sx={{ fontWeight: 600 }}>
              {auditActionLabel(event.action)}: {auditOutcomeLabel(event.outcome)}
            </Typography>
            <DescriptionList
              items={[
                ['When', when(event.at)],
                ['User', <UserCell key="user" event={event} />],
                ['Object', <ObjectCell key="object" event={event} />],
                ['Reason', orDash(event.reason)],
                [
                  'IP address',
                  <span key="ip" translate="no">
                    {orDash(event.ip)}
                  </span>,
                ],
                [
                  'Details',
                  // A word longer than the card (a key's value with no break in it) still wraps.
                  <span key="details" style={{ overflowWrap: 'break-word' }}>
                    {details ? <WithAddresses text={details} /> : event.requestId ? null : '—'}
                    {event.requestId && <RequestId id={event.requestId} />}
                  </span>,
                ],
              ]}
            />
          </>
        );
      }}
    </CardList>
  );
}
