import { useEffect, useState } from 'react';
import Typography from '@mui/material/Typography';
import { nextApprovalBatch } from '../../../../contract/time';
import { dateTimeFormat } from '../../../lib/date-time-format';

function useNow(intervalMs = 1000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs]);
  return now;
}

/** `6h 39m 05s`: seconds always shown, so the countdown visibly moves. */
function countdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, '0');
  if (hours > 0) return `${hours}h ${String(minutes).padStart(2, '0')}m ${seconds}s`;
  return minutes > 0 ? `${minutes}m ${seconds}s` : `${total}s`;
}

const localTime: Intl.DateTimeFormatOptions = {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
};

/**
 * When the next approval batch decides a pending move: 4:00 PM Mountain Time daily (§3, §8),
 * shown in the viewer's own zone with a live countdown. The countdown is not a live region, so
 * screen readers are not interrupted every second.
 */
export function ApprovalCountdown() {
  const now = useNow();
  const batch = nextApprovalBatch(now);
  return (
    <Typography variant="body2" component="span" data-testid="approval-countdown">
      Decided in the next approval batch at{' '}
      <time dateTime={batch.toISOString()}>
        {dateTimeFormat(undefined, localTime).format(batch)}
      </time>{' '}
      (4:00 PM Mountain Time), in{' '}
      <span aria-live="off">{countdown(batch.getTime() - now.getTime())}</span>.
    </Typography>
  );
}
