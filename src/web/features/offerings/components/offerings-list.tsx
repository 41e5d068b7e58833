import { Fragment } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { targetInWords, type Offering } from '../../../../contract/offerings';
import { paths } from '../../../config/paths';
import { formatCalendarDate, formatMoney } from '../../../lib/format';
import { OfferingStatusChip } from '../../../components/offering-status-chip';
import { RaiseProgressBar } from './raise-progress';
import { ScrollableTable } from '../../../components/scrollable-table';
import { ColumnHeadings } from '../../../components/column-headings';
import { NameLink } from '../../../components/name-link';
import { useWideScreen } from '../../../lib/use-wide-screen';

type OfferingsListProps = { offerings: Offering[] };

/** A table where there is room for one, cards on phones. */
export function OfferingsList({ offerings }: OfferingsListProps) {
  const wide = useWideScreen();
  return wide ? <OfferingsTable offerings={offerings} /> : <OfferingCards offerings={offerings} />;
}

function OfferingLink({ offering }: { offering: Offering }) {
  return <NameLink to={paths.app.offering.getHref(offering.id)}>{offering.name}</NameLink>;
}

function AmountRange({ offering }: { offering: Offering }) {
  const amounts = [
    ['Min', formatMoney(offering.minAmount)],
    ['Target', targetInWords(offering.targetAmount, true)],
    ['Max', formatMoney(offering.maxAmount)],
  ] as const;
  return (
    <Box
      component="dl"
      sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 1 }}
    >
      {amounts.map(([term, amount]) => (
        <Fragment key={term}>
          <Typography component="dt" variant="body2" color="textSecondary">
            {term}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, whiteSpace: 'nowrap' }}>
            {amount}
          </Typography>
        </Fragment>
      ))}
    </Box>
  );
}

function OfferingsTable({ offerings }: OfferingsListProps) {
  return (
    // Scrolls sideways (and by keyboard) rather than clipping its last columns.
    <ScrollableTable label="Offerings">
      <ColumnHeadings
        columns={[
          'Name',
          'Type',
          'Status',
          { figures: 'Unit price' },
          'Min investment / target / max',
          'Raise progress',
          'Open dates',
        ]}
      />
      <TableBody>
        {offerings.map((offering) => (
          <TableRow key={offering.id} hover>
            <TableCell component="th" scope="row" sx={{ minWidth: 140 }}>
              <OfferingLink offering={offering} />
            </TableCell>
            <TableCell>{offering.type}</TableCell>
            <TableCell>
              <OfferingStatusChip status={offering.status} stock={offering} />
            </TableCell>
            <TableCell align="right">
              {formatMoney(offering.unitPrice, { precision: 'price' })}
            </TableCell>
            <TableCell>
              <AmountRange offering={offering} />
            </TableCell>
            <TableCell sx={{ minWidth: 140 }}>
              <RaiseProgressBar offering={offering} />
            </TableCell>
            {/*
              Both dates in one column, one per line: at 1280 px every column then fits. Worded
              without a tense, as the cards word them: the platform may close an offering before
              its end date, and "Closes" beside Closed would contradict the status.
            */}
            <TableCell sx={{ whiteSpace: 'nowrap' }}>
              <Box component="span" sx={{ display: 'block' }}>
                From {formatCalendarDate(offering.startDate)}
              </Box>
              <Box component="span" sx={{ display: 'block' }}>
                To {formatCalendarDate(offering.endDate)}
              </Box>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </ScrollableTable>
  );
}

function OfferingCards({ offerings }: OfferingsListProps) {
  return (
    <Stack component="ul" spacing={2} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label="Offerings">
      {offerings.map((offering) => (
        <Card component="li" key={offering.id} variant="outlined">
          <CardContent>
            <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, mb: 1 }}>
              <Typography component="h2" variant="h3" sx={{ overflowWrap: 'anywhere' }}>
                <OfferingLink offering={offering} />
              </Typography>
              <OfferingStatusChip status={offering.status} stock={offering} />
            </Box>
            <Typography variant="body2" color="textSecondary" sx={{ mb: 1 }}>
              {offering.type} · {formatMoney(offering.unitPrice, { precision: 'price' })} per unit
            </Typography>
            <AmountRange offering={offering} />
            <Box sx={{ my: 1.5 }}>
              <RaiseProgressBar offering={offering} />
            </Box>
            <Typography variant="body2">
              {formatCalendarDate(offering.startDate)} to {formatCalendarDate(offering.endDate)}
            </Typography>
          </CardContent>
        </Card>
      ))}
    </Stack>
  );
}
