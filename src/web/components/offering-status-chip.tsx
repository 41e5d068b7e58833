import Chip, { type ChipProps } from '@mui/material/Chip';

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

/**
 * The status of an offering in words, with what it means. The document knows Pending and closed
 * (§3); live data adds Approved and Open, which accept investments. An offering with no units
 * left (§2.2 remainingShares) is sold out whatever its status says.
 */
export function offeringStatusWords(status: string, remainingShares?: string): OfferingStatusWords {
  const key = status.trim().toLowerCase();
  if (key !== 'closed' && remainingShares !== undefined && /^0*(\.0*)?$/.test(remainingShares)) {
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
    case 'active':
      return {
        label: 'Open for investment',
        meaning: 'Approved by the platform and taking investments.',
        color: 'success',
      };
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

export function OfferingStatusChip({
  status,
  remainingShares,
  wrap = false,
}: {
  status: string;
  remainingShares?: string;
  /**
   * Wrap the label in a column narrower than the chip. A chip cuts its label short with an
   * ellipsis instead ("Open for in…" in the offering's summary beside the main column); where
   * it has room (the offerings list) it stays on one line.
   */
  wrap?: boolean;
}) {
  const words = offeringStatusWords(status, remainingShares);
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
