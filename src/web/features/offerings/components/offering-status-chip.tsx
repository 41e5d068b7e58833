import Chip, { type ChipProps } from '@mui/material/Chip';

/** Statuses the upstream is known to send (interface document §3), lower-cased by the BFF. */
export const knownOfferingStatuses = ['pending', 'closed'] as const;

const colors: Record<string, ChipProps['color']> = {
  pending: 'warning',
  open: 'success',
  active: 'success',
  closed: 'default',
};

export function offeringStatusLabel(status: string): string {
  const text = status.trim().toLowerCase().replace(/_/g, ' ');
  return text ? text.charAt(0).toUpperCase() + text.slice(1) : 'Unknown';
}

export function OfferingStatusChip({ status }: { status: string }) {
  return (
    <Chip
      size="small"
      label={offeringStatusLabel(status)}
      color={colors[status.toLowerCase()] ?? 'info'}
      variant={status.toLowerCase() === 'closed' ? 'outlined' : 'filled'}
    />
  );
}
