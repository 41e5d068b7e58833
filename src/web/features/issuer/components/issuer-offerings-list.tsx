import { useMemo } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import Big from 'big.js';
import { targetInWords, type Offering } from '../../../../contract/offerings';
import { paths } from '../../../config/paths';
import { countOf, formatDecimal } from '../../../lib/format';
import { CardList } from '../../../components/card-list';
import { ScrollableTable } from '../../../components/scrollable-table';
import { ColumnHeadings } from '../../../components/column-headings';
import { DescriptionList, SectionCard } from '../../../components/description-list';
import { EmptyState } from '../../../components/query-state';
import { NameLink } from '../../../components/name-link';
import { OfferingStatusChip } from '../../../components/offering-status-chip';
import { useWideScreen } from '../../../lib/use-wide-screen';

const sharesSold = (offering: Offering) =>
  `${formatDecimal(new Big(offering.totalShares).minus(offering.remainingShares).toFixed())} of ${formatDecimal(offering.totalShares)}`;

// In the words every other page gives the offering's status.
const status = (offering: Offering) => (
  <OfferingStatusChip status={offering.status} stock={offering} />
);

/** The offering's purchase history; the issuer filter goes along so the way back keeps it. */
const nameLink = (offering: Offering, issuer: string | null) => (
  <NameLink to={paths.app.purchaseHistory.getHref(offering.id, issuer)}>{offering.name}</NameLink>
);

/**
 * The offering's own figures, as the offerings list gives them: what its purchase history page
 * still shows while the purchase history cannot be read (§4.9 fails, §4.8 answered), so one
 * failing read leaves the status, target and shares sold in view.
 */
export function OfferingListedFigures({ offering }: { offering: Offering }) {
  return (
    <SectionCard title="The offering’s own figures">
      <DescriptionList
        items={[
          ['Status', status(offering)],
          ['Target', targetInWords(offering.targetAmount, true)],
          ['Shares sold', sharesSold(offering)],
        ]}
      />
      <Typography variant="body2" color="textSecondary" sx={{ mt: 1 }}>
        As the offerings list gives them. The amount raised, the trades and the chart come with the
        purchase history.
      </Typography>
    </SectionCard>
  );
}

/**
 * An issuer as the portal can name it: by its id. The offering names its issuer only by id
 * (§2.2), and no read of an issuer is named (§4.16), so there is no name to show.
 */
const issuerInWords = (issuerId: string) => `Issuer ${issuerId}`;

/** The issuers of the offerings, each once, in id order (numeric ids read 2 before 10). */
const issuersOf = (offerings: readonly Offering[]) =>
  [...new Set(offerings.map((o) => o.issuerId))].sort((a, b) =>
    a.localeCompare(b, undefined, { numeric: true }),
  );

/**
 * The offerings, each linking to its purchase history. Where they belong to more than one issuer
 * (a reviewer's list), each names its issuer, they are grouped by it, and a filter keeps one
 * issuer's raises (kept in the address, so a reload or a shared link keeps it). A table where its
 * columns fit; on phones one card an offering.
 */
export function IssuerOfferingsList({
  offerings,
  label = 'My offerings',
  showIssuer = false,
  issuer = null,
  onIssuerChange = () => {},
}: {
  offerings: Offering[];
  /** The list's name for screen readers: "My offerings", "Issuer offerings". */
  label?: string;
  /** Name each offering's issuer and offer the filter (more than one issuer can be listed). */
  showIssuer?: boolean;
  /** The issuer chosen in the filter, or null for every issuer. */
  issuer?: string | null;
  onIssuerChange?: (issuer: string | null) => void;
}) {
  const wide = useWideScreen();
  const issuers = useMemo(() => issuersOf(offerings), [offerings]);
  const shown = useMemo(() => {
    if (!showIssuer) return offerings;
    const order = new Map(issuers.map((id, index) => [id, index]));
    return offerings
      .filter((o) => issuer === null || o.issuerId === issuer)
      .sort((a, b) => order.get(a.issuerId)! - order.get(b.issuerId)!);
  }, [offerings, issuers, issuer, showIssuer]);
  const countOfIssuer = (id: string) => offerings.filter((o) => o.issuerId === id).length;

  const filter = showIssuer && (
    <TextField
      select
      label="Issuer"
      value={issuer ?? ''}
      onChange={(event) => onIssuerChange(event.target.value || null)}
      // A native select always shows its choice ("All issuers" is the empty value): the label
      // stays above it rather than over it.
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      size="small"
      sx={{ mb: 2, minWidth: 240, maxWidth: '100%' }}
      helperText="Shows the offerings of one issuer"
    >
      <option value="">All issuers ({countOf(offerings.length, 'offering', 'offerings')})</option>
      {/* An issuer chosen in the address that lists nothing stays named, not silently "All". */}
      {issuer !== null && !issuers.includes(issuer) && (
        <option value={issuer}>{issuerInWords(issuer)} (no offerings)</option>
      )}
      {issuers.map((id) => (
        <option key={id} value={id}>
          {issuerInWords(id)} ({countOf(countOfIssuer(id), 'offering', 'offerings')})
        </option>
      ))}
    </TextField>
  );

  const list =
    shown.length === 0 ? (
      <EmptyState
        title={`No offerings of issuer ${issuer ?? ''}`}
        message="The platform lists no offering of this issuer."
        action={
          <Button variant="outlined" onClick={() => onIssuerChange(null)}>
            Show every issuer&apos;s offerings
          </Button>
        }
      />
    ) : !wide ? (
      <CardList label={label} items={shown} itemKey={(offering) => offering.id}>
        {(offering) => (
          <>
            <Typography sx={{ fontWeight: 600 }}>{nameLink(offering, issuer)}</Typography>
            <DescriptionList
              items={[
                ...(showIssuer
                  ? [['Issuer', issuerInWords(offering.issuerId)] as [string, string]]
                  : []),
                ['Status', status(offering)],
                ['Target', targetInWords(offering.targetAmount, true)],
                ['Shares sold', sharesSold(offering)],
              ]}
            />
          </>
        )}
      </CardList>
    ) : (
      <ScrollableTable label={label} minWidth={showIssuer ? 680 : 560}>
        <ColumnHeadings
          columns={[
            'Offering',
            ...(showIssuer ? ['Issuer'] : []),
            'Status',
            { figures: 'Target' },
            { figures: 'Shares sold' },
          ]}
        />
        <TableBody>
          {shown.map((offering) => (
            <TableRow key={offering.id} hover>
              <TableCell component="th" scope="row">
                {nameLink(offering, issuer)}
              </TableCell>
              {showIssuer && <TableCell>{issuerInWords(offering.issuerId)}</TableCell>}
              <TableCell>{status(offering)}</TableCell>
              <TableCell align="right">{targetInWords(offering.targetAmount, true)}</TableCell>
              <TableCell align="right">{sharesSold(offering)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </ScrollableTable>
    );

  return (
    <Box>
      {filter}
      {list}
    </Box>
  );
}
