import { useMemo, useRef, useState } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import Big from 'big.js';
import type { Purchase } from '../../../../contract/purchase-history';
import { formatDecimal, formatTimestamp, formatMoney } from '../../../lib/format';

type SortKey = 'tradeId' | 'accountName' | 'amount' | 'shares' | 'purchasedAt';
type Direction = 'ascending' | 'descending';

const columns: { key: SortKey; label: string; numeric?: boolean; width: string }[] = [
  { key: 'tradeId', label: 'Trade', width: '0.8fr' },
  { key: 'accountName', label: 'Investor (account)', width: '2fr' },
  { key: 'amount', label: 'Amount', numeric: true, width: '1.1fr' },
  { key: 'shares', label: 'Shares', numeric: true, width: '0.9fr' },
  { key: 'purchasedAt', label: 'Date', width: '1.3fr' },
];

const gridTemplate = columns.map((c) => c.width).join(' ');
const ROW_HEIGHT = 44;

function compareBy(key: SortKey): (a: Purchase, b: Purchase) => number {
  switch (key) {
    case 'amount':
    case 'shares':
      return (a, b) => new Big(a[key]).cmp(new Big(b[key]));
    case 'tradeId':
      // Trade ids are numeric strings upstream; compare as numbers when both are.
      return (a, b) =>
        /^\d+$/.test(a.tradeId) && /^\d+$/.test(b.tradeId)
          ? new Big(a.tradeId).cmp(new Big(b.tradeId))
          : a.tradeId.localeCompare(b.tradeId);
    case 'accountName':
      return (a, b) => (a.accountName ?? '').localeCompare(b.accountName ?? '');
    case 'purchasedAt':
      // Zone-less ISO timestamps sort as text.
      return (a, b) => (a.purchasedAt ?? '').localeCompare(b.purchasedAt ?? '');
  }
}

export function sortPurchases(purchases: readonly Purchase[], key: SortKey, direction: Direction) {
  const compare = compareBy(key);
  const sign = direction === 'ascending' ? 1 : -1;
  return [...purchases].sort((a, b) => sign * compare(a, b) || a.tradeId.localeCompare(b.tradeId));
}

/**
 * Every trade of an offering. Only the rows in view are in the DOM (architecture decision 12),
 * so 2,000+ trades scroll smoothly; ARIA table roles with aria-rowcount and aria-rowindex tell
 * screen readers the real size, and each header is a sort button with aria-sort.
 */
export function PurchaseHistoryTable({ purchases }: { purchases: readonly Purchase[] }) {
  const [sort, setSort] = useState<{ key: SortKey; direction: Direction }>({
    key: 'purchasedAt',
    direction: 'descending',
  });
  const rows = useMemo(() => sortPurchases(purchases, sort.key, sort.direction), [purchases, sort]);
  const scrollRef = useRef<HTMLDivElement>(null);
  // eslint-disable-next-line react-hooks/incompatible-library -- the virtualizer is meant to be used this way
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
  });

  const toggle = (key: SortKey) =>
    setSort((current) =>
      current.key === key
        ? { key, direction: current.direction === 'ascending' ? 'descending' : 'ascending' }
        : {
            key,
            direction: key === 'accountName' || key === 'tradeId' ? 'ascending' : 'descending',
          },
    );

  const sortedBy = columns.find((c) => c.key === sort.key)!.label.toLowerCase();

  return (
    <Paper variant="outlined">
      <Typography className="visually-hidden" role="status" component="p">
        {`${rows.length} trades, sorted by ${sortedBy}, ${sort.direction}.`}
      </Typography>
      <Box
        ref={scrollRef}
        tabIndex={0}
        role="region"
        aria-label="Trades (scrollable)"
        sx={{ height: 480, overflow: 'auto', position: 'relative' }}
      >
        <Box
          role="table"
          aria-label="Trades"
          aria-rowcount={rows.length + 1}
          sx={{ minWidth: 600 }}
        >
          <Box
            role="rowgroup"
            sx={{ position: 'sticky', top: 0, zIndex: 1, bgcolor: 'background.paper' }}
          >
            <Box
              role="row"
              aria-rowindex={1}
              sx={{
                display: 'grid',
                gridTemplateColumns: gridTemplate,
                borderBottom: 1,
                borderColor: 'divider',
              }}
            >
              {columns.map((column) => {
                const active = sort.key === column.key;
                return (
                  <Box
                    key={column.key}
                    role="columnheader"
                    aria-sort={active ? sort.direction : 'none'}
                    sx={{ px: 1.5, py: 0.5, textAlign: column.numeric ? 'right' : 'left' }}
                  >
                    <ButtonBase
                      onClick={() => toggle(column.key)}
                      sx={{
                        font: 'inherit',
                        fontWeight: 600,
                        py: 1,
                        gap: 0.5,
                        borderRadius: 1,
                        '&.Mui-focusVisible': {
                          outline: '2px solid',
                          outlineColor: 'primary.main',
                        },
                      }}
                    >
                      {column.label}
                      {active &&
                        (sort.direction === 'ascending' ? (
                          <ArrowUpward fontSize="small" aria-hidden />
                        ) : (
                          <ArrowDownward fontSize="small" aria-hidden />
                        ))}
                    </ButtonBase>
                  </Box>
                );
              })}
            </Box>
          </Box>
          <Box role="rowgroup" sx={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
            {virtualizer.getVirtualItems().map((item) => {
              const purchase = rows[item.index];
              return (
                <Box
                  key={purchase.tradeId}
                  role="row"
                  aria-rowindex={item.index + 2}
                  sx={{
                    position: 'absolute',
                    top: 0,
                    left: 0,
                    width: '100%',
                    height: ROW_HEIGHT,
                    transform: `translateY(${item.start}px)`,
                    display: 'grid',
                    gridTemplateColumns: gridTemplate,
                    alignItems: 'center',
                    borderBottom: 1,
                    borderColor: 'divider',
                  }}
                >
                  <Box role="cell" sx={{ px: 1.5 }}>
                    {purchase.tradeId}
                  </Box>
                  <Box
                    role="cell"
                    title={`${purchase.accountName ?? 'Name not given'} (${purchase.accountId})`}
                    sx={{
                      px: 1.5,
                      overflow: 'hidden',
                      textOverflow: 'ellipsis',
                      whiteSpace: 'nowrap',
                    }}
                  >
                    {/* Names repeat across accounts; the account id tells them apart. */}
                    {purchase.accountName ?? 'Name not given'}{' '}
                    <Box component="span" translate="no" sx={{ color: 'text.secondary' }}>
                      ({purchase.accountId})
                    </Box>
                  </Box>
                  <Box
                    role="cell"
                    sx={{ px: 1.5, textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}
                  >
                    {formatMoney(purchase.amount)}
                  </Box>
                  <Box
                    role="cell"
                    sx={{ px: 1.5, textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}
                  >
                    {formatDecimal(purchase.shares)}
                  </Box>
                  <Box role="cell" sx={{ px: 1.5, whiteSpace: 'nowrap' }}>
                    {formatTimestamp(purchase.purchasedAt)}
                  </Box>
                </Box>
              );
            })}
          </Box>
        </Box>
      </Box>
    </Paper>
  );
}
