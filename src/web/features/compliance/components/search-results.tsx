import { useMemo } from 'react';
import Typography from '@mui/material/Typography';
import type { AccountView } from '../../../../contract/account-views';
import type { EntityView } from '../../../../contract/compliance';
import { CardList } from '../../../components/card-list';
import { PortalDataGrid, type GridColDef } from '../../../components/data-grid';
import { NameLink } from '../../../components/name-link';
import { paths } from '../../../config/paths';
import { explainReview, type ReviewKind } from '../../../lib/review-status';

type Address = { city: string | null; state: string | null };
const place = (address: Address) => [address.city, address.state].filter(Boolean).join(', ') || '—';
// The words the account's own review page gives the same status ("Not started" when none).
const status = (kind: ReviewKind, value: string | null) => explainReview(kind, value).label;
const orDash = (value: string | null) => value ?? '—';

/** A review's status (KYC, AML, approval) in its own column, "Not started" when there is none. */
function reviewColumn<
  Key extends ReviewKind,
  Row extends { reviews: Record<Key, { status: string | null }> },
>(key: Key, headerName: string, minWidth: number): GridColDef<Row> {
  return {
    field: key,
    headerName,
    minWidth,
    flex: 0.8,
    valueGetter: (_value, row) => status(key, row.reviews[key].status),
  };
}
/** The name, or the ID where there is none, linking to the record's own page. */
function nameColumn<Row extends { id: string; name: string | null }>(
  headerName: string,
  href: (id: string) => string,
): GridColDef<Row> {
  return {
    field: 'name',
    headerName,
    minWidth: 180,
    flex: 1.4,
    valueGetter: (value: string | null, row) => value ?? row.id,
    // The link takes the cell's tab index: the grid is one Tab stop, with arrows inside.
    renderCell: ({ row, value, tabIndex }) => (
      <NameLink to={href(row.id)} tabIndex={tabIndex}>
        {value}
      </NameLink>
    ),
  };
}

/** City and state of the party's address. */
function placeColumn<Row extends { address: Address }>(): GridColDef<Row> {
  return {
    field: 'address',
    headerName: 'Place',
    minWidth: 150,
    flex: 1,
    valueGetter: (value: Address) => place(value),
  };
}

/** An ID or a masked number: shown as written (never translated), a dash when there is none. */
function codeColumn<Row extends { id: string }>(
  field: keyof Row & string,
  headerName: string,
): GridColDef<Row> {
  return {
    field,
    headerName,
    minWidth: 110,
    flex: 0.8,
    renderCell: ({ value }: { value?: string | null }) => (
      <span translate="no">{orDash(value ?? null)}</span>
    ),
  };
}

const accountColumns = (q?: string): GridColDef<AccountView>[] => [
  nameColumn('Account', (id) => paths.app.complianceAccount.getHref(id, q)),
  codeColumn('id', 'ID'),
  placeColumn(),
  // Masked by the BFF; the full number is revealed only on the account page, with a reason.
  codeColumn('taxIdMasked', 'Tax ID'),
  reviewColumn('kyc', 'KYC', 110),
  reviewColumn('aml', 'AML', 110),
  reviewColumn('approval', 'Approval', 120),
];

/** The accounts a search found; `q`, the search, travels with each link (the way back). */
export function AccountResults({ accounts, q }: { accounts: AccountView[]; q?: string }) {
  const columns = useMemo(() => accountColumns(q), [q]);
  return (
    <FoundRecords
      label="Accounts found"
      none="No account matches."
      records={accounts}
      columns={columns}
      href={(id) => paths.app.complianceAccount.getHref(id, q)}
      facts={(account) => [
        ['ID', account.id],
        ['Tax ID', account.taxIdMasked],
      ]}
      reviews={(account) => [
        ['KYC', 'kyc', account.reviews.kyc],
        ['AML', 'aml', account.reviews.aml],
        ['Approval', 'approval', account.reviews.approval],
      ]}
    />
  );
}

export function EntityResults({ entities, q }: { entities: EntityView[]; q: string }) {
  const columns = useMemo<GridColDef<EntityView>[]>(
    () => [
      nameColumn('Entity', (id) => paths.app.complianceEntity.getHref(id, q)),
      codeColumn('id', 'Party ID'),
      {
        field: 'type',
        headerName: 'Type',
        minWidth: 110,
        flex: 0.8,
        valueFormatter: orDash,
      },
      placeColumn(),
      codeColumn('einMasked', 'EIN'),
      reviewColumn('kyc', 'KYC', 110),
      reviewColumn('aml', 'AML', 110),
    ],
    [q],
  );
  return (
    <FoundRecords
      label="Entities found"
      none="No entity matches."
      records={entities}
      columns={columns}
      href={(id) => paths.app.complianceEntity.getHref(id, q)}
      facts={(entity) => [
        ['Party ID', entity.id],
        ['Type', entity.type],
        ['EIN', entity.einMasked],
      ]}
      reviews={(entity) => [
        ['KYC', 'kyc', entity.reviews.kyc],
        ['AML', 'aml', entity.reviews.aml],
      ]}
    />
  );
}

type Found = { id: string; name: string | null; address: Address };

type CardSpec<Row extends Found> = {
  label: string;
  records: Row[];
  href: (id: string) => string;
  /** IDs and masked numbers, shown as written (never translated), a dash when there is none. */
  facts: (record: Row) => [string, string | null][];
  reviews: (record: Row) => [string, ReviewKind, { status: string | null }][];
};

/**
 * Where the grid's columns fit, a sortable grid; on phones a card a record with every column of
 * the grid, where the grid showed the name and the ID and left the reviews past the screen's
 * edge. No match is said in words, the same for accounts and entities, not the grid's "No rows".
 */
function FoundRecords<Row extends Found>({
  none,
  columns,
  ...cards
}: CardSpec<Row> & { none: string; columns: GridColDef<Row>[] }) {
  if (cards.records.length === 0) return <Typography color="textSecondary">{none}</Typography>;
  return (
    <PortalDataGrid
      label={cards.label}
      rows={cards.records}
      columns={columns}
      phoneView={<ResultCards {...cards} />}
    />
  );
}

/**
 * Found records as cards on a phone: the name (the ID where there is none) linking to the
 * record, then its IDs and numbers as written, its place, and its reviews on one line.
 */
function ResultCards<Row extends Found>({ label, records, href, facts, reviews }: CardSpec<Row>) {
  return (
    <CardList label={label} items={records} itemKey={(record) => record.id}>
      {(record) => (
        <>
          <NameLink to={href(record.id)}>{record.name ?? record.id}</NameLink>
          <Typography variant="body2">
            {facts(record).map(([name, value], index) => (
              <span key={name}>
                {index > 0 && ' · '}
                {name} <span translate="no">{orDash(value)}</span>
              </span>
            ))}
          </Typography>
          <Typography variant="body2">{place(record.address)}</Typography>
          <Typography variant="body2" color="textSecondary">
            {reviews(record)
              .map(([name, kind, review]) => `${name} ${status(kind, review.status)}`)
              .join(' · ')}
          </Typography>
        </>
      )}
    </CardList>
  );
}
