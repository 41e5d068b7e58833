import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import Big from 'big.js';
import type { Offering } from '../../../../contract/offerings';
import { paths } from '../../../config/paths';
import { formatDecimal, formatMoney } from '../../../lib/format';
import { CardList } from '../../../components/card-list';
import { ScrollableTable } from '../../../components/scrollable-table';
import { ColumnHeadings } from '../../../components/column-headings';
import { DescriptionList } from '../../../components/description-list';
import { NameLink } from '../../../components/name-link';
import { OfferingStatusChip } from '../../../components/offering-status-chip';
import { useWideScreen } from '../../../lib/use-wide-screen';

const sharesSold = (offering: Offering) =>
  `${formatDecimal(new Big(offering.totalShares).minus(offering.remainingShares).toFixed())} of ${formatDecimal(offering.totalShares)}`;

// In the words every other page gives the offering's status.
const status = (offering: Offering) => (
  <OfferingStatusChip status={offering.status} remainingShares={offering.remainingShares} />
);

const nameLink = (offering: Offering) => (
  <NameLink to={paths.app.purchaseHistory.getHref(offering.id)}>{offering.name}</NameLink>
);

/**
 * My offerings: each links to its purchase history. A table where its four columns fit; on
 * phones one card an offering, where the table left the target and the shares sold past the
 * screen's edge until the reader panned to them.
 */
export function IssuerOfferingsList({ offerings }: { offerings: Offering[] }) {
  if (!useWideScreen()) {
    return (
      <CardList label="My offerings" items={offerings} itemKey={(offering) => offering.id}>
        {(offering) => (
          <>
            <Typography sx={{ fontWeight: 600 }}>{nameLink(offering)}</Typography>
            <DescriptionList
              items={[
                ['Status', status(offering)],
                ['Target', formatMoney(offering.targetAmount)],
                ['Shares sold', sharesSold(offering)],
              ]}
            />
          </>
        )}
      </CardList>
    );
  }
  return (
    <ScrollableTable label="My offerings" minWidth={560}>
      <ColumnHeadings
        columns={['Offering', 'Status', { figures: 'Target' }, { figures: 'Shares sold' }]}
      />
      <TableBody>
        {offerings.map((offering) => (
          <TableRow key={offering.id} hover>
            <TableCell component="th" scope="row">
              {nameLink(offering)}
            </TableCell>
            <TableCell>{status(offering)}</TableCell>
            <TableCell align="right">{formatMoney(offering.targetAmount)}</TableCell>
            <TableCell align="right">{sharesSold(offering)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </ScrollableTable>
  );
}
