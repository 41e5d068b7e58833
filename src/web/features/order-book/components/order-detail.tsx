import { isolate } from '../../../../contract/bidi';
import Box from '@mui/material/Box';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import type { OrderDetail as Detail } from '../../../../contract/order-book';
import { Code, DescriptionList, SectionCard } from '../../../components/description-list';
import { formatMoney, viewerTimeZone } from '../../../lib/format';
import {
  formatDateTime,
  formatEastern,
  formatPrice,
  formatShares,
  orDash,
  sideLabel,
  statusLabel,
} from './order-format';
import { ScrollableTable } from '../../../components/scrollable-table';
import { ColumnHeadings } from '../../../components/column-headings';
import { CardList } from '../../../components/card-list';
import { useWideScreen } from '../../../lib/use-wide-screen';

/**
 * The platform's fields a person cannot act on: PND is listed in §2.1 with a value seen (N) and
 * no meaning, so it is kept out of the order as a person reads it. A reviewer (a full view) may
 * need to match the order against the platform's own record, so it is shown to them apart, by
 * its raw name and as sent, under a heading that says so.
 */
function RawFields({ pnd }: { pnd: string | null }) {
  return (
    <Box component="section" aria-labelledby="raw-fields-heading" sx={{ mt: 2 }}>
      <Typography id="raw-fields-heading" component="h3" variant="subtitle2">
        The platform&rsquo;s raw fields
      </Typography>
      <Typography variant="body2" color="textSecondary">
        As the platform sends them, for matching this order against its records. The platform does
        not document what they mean.
      </Typography>
      <DescriptionList items={[['PND', pnd ? <Code key="pnd" value={pnd} /> : '—']]} />
    </Box>
  );
}

/** Every field of one order the viewer may see, and its matches. */
export function OrderDetail({ detail }: { detail: Detail }) {
  const { order, fields } = detail;
  const items: [string, ReactNode][] = [
    ['Order ID', <Code key="id" value={order.id} />],
    ['Security', `${isolate(order.securityName)} (${order.securityId})`],
    ['Side', sideLabel(order.side)],
    ['Status', statusLabel(order.status)],
    ['Shares', formatShares(order.shares)],
    ['Remaining shares', formatShares(order.sharesRemaining)],
    ['Price per share', formatPrice(order.pricePerShare)],
    ['Total', formatMoney(order.totalAmount)],
    ['Created', `${formatDateTime(order.createdAt)} (${formatEastern(order.createdAt)})`],
    [
      'Updated',
      order.updatedAt
        ? `${formatDateTime(order.updatedAt)} (${formatEastern(order.updatedAt)})`
        : 'Never updated',
    ],
    ['Contingencies', orDash(order.contingencies)],
    ['Minimum threshold', order.minimumThreshold ? formatShares(order.minimumThreshold) : '—'],
    ['Solicited', orDash(order.solicited)],
  ];
  if (fields !== 'public')
    items.push(['Member', orDash(order.memberId)], ['Account', orDash(order.accountId)]);
  if (fields === 'all') items.push(['Created from IP', orDash(order.createdIp)]);
  const ip = fields === 'all';
  return (
    <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <SectionCard title="Order">
        <Typography variant="body2" color="textSecondary" sx={{ mt: 1 }}>
          Times in your time zone ({viewerTimeZone()}), with US Eastern time in brackets.
        </Typography>
        <DescriptionList items={items} />
        {fields === 'all' && <RawFields pnd={order.pnd} />}
      </SectionCard>
      <SectionCard title="Matches">
        {order.matches.length === 0 ? (
          <Typography sx={{ mt: 1 }}>This order has not been matched.</Typography>
        ) : (
          <Matches matches={order.matches} ip={ip} />
        )}
      </SectionCard>
    </Box>
  );
}

type Match = Detail['order']['matches'][number];

/**
 * The order's matches: a table where its columns fit; on phones a card a match, where the table
 * left the total, the time and the IP past the screen's edge.
 */
function Matches({ matches, ip }: { matches: Match[]; ip: boolean }) {
  if (!useWideScreen())
    return (
      <Box sx={{ mt: 2 }}>
        <CardList label="Matches" items={matches} itemKey={(match) => match.matchId}>
          {(match) => (
            <>
              <Typography sx={{ fontWeight: 600 }}>
                {formatShares(match.executedQuantity)} shares at {formatPrice(match.executedPrice)},{' '}
                {formatMoney(match.executedTotal)}
              </Typography>
              <Typography variant="body2">
                Match <Code value={match.matchId} />
              </Typography>
              <Typography variant="body2" color="textSecondary">
                {formatDateTime(match.createdAt)}
                {ip && ` · from IP ${orDash(match.createdIp)}`}
              </Typography>
            </>
          )}
        </CardList>
      </Box>
    );
  return (
    <ScrollableTable label="Matches" sx={{ mt: 2 }}>
      <ColumnHeadings
        columns={[
          'Match',
          { figures: 'Price' },
          { figures: 'Quantity' },
          { figures: 'Total' },
          'Time',
          ...(ip ? ['IP'] : []),
        ]}
      />
      <TableBody>
        {matches.map((match) => (
          <TableRow key={match.matchId}>
            <TableCell component="th" scope="row">
              <Code value={match.matchId} />
            </TableCell>
            <TableCell align="right">{formatPrice(match.executedPrice)}</TableCell>
            <TableCell align="right">{formatShares(match.executedQuantity)}</TableCell>
            <TableCell align="right">{formatMoney(match.executedTotal)}</TableCell>
            <TableCell>{formatDateTime(match.createdAt)}</TableCell>
            {ip && <TableCell>{orDash(match.createdIp)}</TableCell>}
          </TableRow>
        ))}
      </TableBody>
    </ScrollableTable>
  );
}
