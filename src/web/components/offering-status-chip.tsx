import Chip, { type ChipProps } from '@mui/material/Chip';
import { unitBounds } from '../../contract/investments';
import type { Offering } from '../../contract/offerings';
import { compare, formatShares } from '../../contract/decimal';

/** Statuses the upstream is known to send (interface document §3), lower-cased by the BFF. */
export const knownOfferingStatuses = ['pending', 'closed'] as const;

const colors: Record<string, ChipProps['color']> = {
  pending: 'warning',
  open: 'success',
  active: 'success',
  closed: 'default',
};

function offeringStatusLabel(status: string): string {
  const text = status.trim().toLowerCase().replace(/_/g, ' ');
  return text ? text.charAt(0).toUpperCase() + text.slice(1) : 'Unknown';
}

export interface OfferingStatusWords {
  label: string;
  /** What the status means for someone who wants to invest. */
  meaning: string;
  color: ChipProps['color'];
}

/** What the status words read of an offering beside its status: what is left and its bounds. */
export type OfferingStock = Pick<
  Offering,
  'remainingShares' | 'unitPrice' | 'minAmount' | 'maxAmount'
>;

const plainUnits = (value: string) => formatShares(value, 'en-US');

/**
 * The status of an offering in words, with what it means. The document knows Pending and closed
 * (§3); live data adds Approved and Open, which accept investments. An offering with no units
 * left (§2.2 remainingShares) is sold out whatever its status says, and an open one whose
 * remaining units are fewer than its minimum investment needs (§2.2 minAmount ÷ unitPrice) takes
 * no investment either: calling it open would send people to an invest panel that refuses them.
 */
export function offeringStatusWords(status: string, stock?: OfferingStock): OfferingStatusWords {
  const key = status.trim().toLowerCase();
  if (key !== 'closed' && stock !== undefined && /^0*(\.0*)?$/.test(stock.remainingShares)) {
    return {
      label: 'Sold out',
      meaning: 'Every unit has been sold; no more investments.',
      color: 'default',
    };
  }
  switch (key) {
    case 'pending':
      return {
        label: 'Awaiting approval',
        meaning: 'Not yet approved by the platform; investments open once it is.',
        color: 'warning',
      };
    case 'approved':
    case 'open':
    case 'active': {
      const tooFew = stock === undefined ? undefined : tooFewUnitsLeft(stock);
      if (tooFew !== undefined) return tooFew;
      return {
        label: 'Open for investment',
        meaning: 'Approved by the platform and taking investments.',
        color: 'success',
      };
    }
    case 'closed':
      return { label: 'Closed', meaning: 'No longer taking investments.', color: 'default' };
    default:
      return {
        label: offeringStatusLabel(status),
        meaning: `The platform reports the status "${status}".`,
        color: colors[key] ?? 'info',
      };
  }
}

/**
 * An open offering with fewer units left than its minimum investment needs. The invest panel
 * gives the same rule in full (`investability`); an offering whose maximum investment is below
 * its minimum is left to it, as that is the offering's set-up rather than its stock.
 */
function tooFewUnitsLeft(stock: OfferingStock): OfferingStatusWords | undefined {
  if (compare(stock.unitPrice, '0') <= 0) return undefined;
  const { remaining, minimum } = unitBounds(stock);
  if (compare(remaining, '0') <= 0 || compare(minimum, remaining) <= 0) return undefined;
  return {
    label: 'Too few units left',
    meaning: `Only ${plainUnits(remaining)} ${remaining === '1' ? 'unit is' : 'units are'} left, fewer than the ${plainUnits(minimum)} its minimum investment needs; no new investment can be made.`,
    color: 'default',
  };
}

export function OfferingStatusChip({
  status,
  stock,
  wrap = false,
}: {
  status: string;
  stock?: OfferingStock;
  /**
   * Wrap the label in a column narrower than the chip. A chip cuts its label short with an
   * ellipsis instead ("Open for in…" in the offering's summary beside the main column); where
   * it has room (the offerings list) it stays on one line.
   */
  wrap?: boolean;
}) {
  const words = offeringStatusWords(status, stock);
  return (
    <Chip
      size="small"
      label={words.label}
      title={words.meaning}
      color={words.color}
      variant={words.label === 'Closed' ? 'outlined' : 'filled'}
      sx={wrap ? { maxWidth: '100%', height: 'auto', py: 0.25 } : undefined}
      slotProps={
        wrap ? { label: { sx: { whiteSpace: 'normal', overflow: 'visible' } } } : undefined
      }
    />
  );
}
