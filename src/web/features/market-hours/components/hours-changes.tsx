import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { BusyButton } from '../../../components/busy-retry-button';
import Typography from '@mui/material/Typography';
import type { DayHours } from '../../../../contract/market-hours';
import { WEEKDAY_LABELS } from '../../../../contract/rules/market-hours';
import type { WeekHoursInput } from '../../../../contract/rules/market-hours';
import type {
  HoursChange,
  RecordedDay,
  SecurityHoursCheckResponse,
} from '../../../../contract/security-hours';
import { SectionCard } from '../../../components/description-list';
import { OlderPagesState } from '../../../components/load-older';
import { EmptyState } from '../../../components/query-state';
import { errorMessage } from '../../../lib/api-client';
import { formatTimestamp } from '../../../lib/format';
import { focusOnMount } from '../../../lib/focus';
import type { LostSave } from '../api/check-security-hours';
import { useHoursChanges } from '../api/get-hours-changes';
import { CheckFinding } from './save-outcome-unknown';
import { dayHoursText } from './saved-hours';

/** A day's hours as the page says them (US Eastern); a record that cannot be read says so. */
const hoursText = (hours: DayHours | null) =>
  hours ? (hours.closed ? 'Closed' : `${dayHoursText(hours)} ET`) : 'not recorded';

/** What became of a change, in a few words. */
function outcomeText(change: HoursChange): string {
  switch (change.outcome) {
    case 'saved':
      return change.changes.length ? 'Saved' : 'Saved, no day changed';
    case 'refused':
      return 'Not saved: refused by the platform';
    case 'unknown':
      if (!change.settled) return 'Answer lost: not known whether it was saved';
      return change.settled.result === 'saved'
        ? 'Answer lost, then found saved'
        : 'Answer lost, then found not saved';
    case 'checked':
      return change.result === 'saved'
        ? 'A save whose answer was lost was checked: saved'
        : 'A save whose answer was lost was checked: not saved';
  }
}

/** An instant as the portal shows times: the viewer's zone, named. */
function When({ at }: { at: string }) {
  return <time dateTime={at}>{formatTimestamp(at)}</time>;
}

const listSx = { listStyle: 'none', m: 0, p: 0 } as const;

function AskedDays({ asked }: { asked: RecordedDay[] }) {
  return (
    <>
      <Typography variant="body2">Hours asked for:</Typography>
      <Box component="ul" sx={{ m: 0, pl: 3 }}>
        {asked.map(({ day, hours }) => (
          <li key={day}>
            {WEEKDAY_LABELS[day]}: {hoursText(hours)}
          </li>
        ))}
      </Box>
    </>
  );
}

/** Checks a lost save against the hours the platform holds (the page's check, recorded). */
type CheckLost = (asked: WeekHoursInput, lost: LostSave) => Promise<SecurityHoursCheckResponse>;

/** The hours a lost save asked for, to check; null when a day's record cannot be read. */
function askedInput(asked: RecordedDay[]): WeekHoursInput | null {
  if (asked.some(({ hours }) => hours === null)) return null;
  return Object.fromEntries(
    asked.map(({ day, hours }) => [
      day,
      hours!.closed || !hours!.open || !hours!.close
        ? { closed: true }
        : { closed: false, open: hours!.open, close: hours!.close },
    ]),
  ) as WeekHoursInput;
}

/** A check under way, or what it found. */
type LostCheck =
  { state: 'checking' } | { state: 'read'; saved: boolean } | { state: 'unread'; error: unknown };

/**
 * "Check now" on a lost save not yet settled: it reads the hours the platform holds and compares
 * them with those asked for, as the warning after the save does, so a save is settled after the
 * page that made it was left. Hours held equal to those asked mean it was applied; other hours
 * mean it was not, unless a later change replaced them (the finding keeps both for a reviewer).
 * Pressed again while checking it does nothing (aria-disabled: a disabled button drops the focus);
 * the finding takes the focus as it appears.
 */
function CheckLostSave({
  change,
  check,
}: {
  change: { id: string; asked: RecordedDay[]; settled: unknown };
  check: CheckLost;
}) {
  const [state, setState] = useState<LostCheck | null>(null);
  const asked = askedInput(change.asked);
  // Settled (by another check, or this one: its finding stays, holding the focus) or unreadable.
  if (!asked || (change.settled && state?.state !== 'read')) return null;
  const run = async () => {
    setState({ state: 'checking' });
    try {
      const answer = await check(asked, { change: change.id });
      setState({ state: 'read', saved: answer.saved });
    } catch (error) {
      setState({ state: 'unread', error });
    }
  };
  if (state?.state === 'read') {
    return (
      <CheckFinding saved={state.saved} sx={{ my: 1 }}>
        {state.saved
          ? 'Checked: the platform holds the hours this save asked for, so it was applied.'
          : 'Checked: the platform holds other hours than this save asked for, so it was not applied (unless a later change replaced them).'}
      </CheckFinding>
    );
  }
  return (
    <Box sx={{ my: 1, display: 'grid', gap: 1, justifyItems: 'start' }}>
      <BusyButton
        variant="outlined"
        size="small"
        busy={state?.state === 'checking'}
        onClick={() => void run()}
      >
        {state?.state === 'checking' ? 'Checking…' : 'Check now'}
      </BusyButton>
      {state?.state === 'unread' && (
        <Alert severity="error" role="alert" tabIndex={-1} ref={focusOnMount}>
          The hours could not be read: {errorMessage(state.error)} It is still not known whether
          this save was applied: check again in a moment.
        </Alert>
      )}
    </Box>
  );
}

function ChangeDetails({ change, check }: { change: HoursChange; check?: CheckLost }) {
  switch (change.outcome) {
    case 'saved':
      return change.changes.length ? (
        <Box component="ul" sx={{ m: 0, pl: 3 }}>
          {change.changes.map(({ day, before, after }) => (
            <li key={day}>
              {WEEKDAY_LABELS[day]}: {hoursText(before)} → {hoursText(after)}
            </li>
          ))}
        </Box>
      ) : (
        <Typography variant="body2">The hours were saved as they already were.</Typography>
      );
    case 'refused':
      return (
        <>
          {change.reason && <Typography variant="body2">{change.reason}</Typography>}
          <AskedDays asked={change.asked} />
        </>
      );
    case 'unknown':
      return (
        <>
          <Typography variant="body2">
            {change.settled ? (
              <>
                Checked <When at={change.settled.at} />
                {change.settled.by && <> by {change.settled.by}</>}: the platform{' '}
                {change.settled.result === 'saved'
                  ? 'held the hours asked for: it was applied.'
                  : 'did not hold the hours asked for: it was not applied, unless a later change replaced them.'}
              </>
            ) : check ? (
              'The platform may have applied it: check the hours it holds now to settle it.'
            ) : (
              'The platform may have applied it; who may set these hours settles it by checking the hours the platform holds.'
            )}
          </Typography>
          {check && <CheckLostSave change={change} check={check} />}
          <AskedDays asked={change.asked} />
        </>
      );
    case 'checked':
      return <AskedDays asked={change.asked} />;
  }
}

/**
 * "Changes to these hours": the saves of one security's hours made from the portal, from the
 * audit log (docs/bff-api.md), newest first. A list rather than a table, so that it reads on a
 * phone and by a screen reader one change at a time. Its own read: a failure here leaves the
 * hours and the form above as they are. A lost save not yet settled has its own "Check now", so
 * it is settled after a reload as well as from the warning right after the save.
 */
export function HoursChanges({
  securityId,
  check,
}: {
  securityId: string;
  /** Who may set the hours checks a lost save from here; a reviewer reads the list only. */
  check?: CheckLost;
}) {
  const changes = useHoursChanges(securityId);
  return (
    <SectionCard title="Changes to these hours">
      <Box sx={{ mt: 2 }}>
        <OlderPagesState
          query={changes}
          itemsOf={(page) => page.changes}
          subject="the changes to these hours"
          skeletonLines={3}
          empty={
            <EmptyState
              headingLevel={3}
              title="No changes saved from the portal yet"
              message="Each save of these hours from this page is listed here, with who made it and when."
            />
          }
          label="Show older changes"
          noun={{ one: 'change', many: 'changes' }}
        >
          {(shown) => (
            <Box component="ul" sx={listSx}>
              {shown.map((change) => (
                <Box
                  component="li"
                  key={change.id}
                  sx={{
                    py: 1.5,
                    borderTop: 1,
                    borderColor: 'divider',
                    overflowWrap: 'anywhere',
                  }}
                >
                  <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
                    {outcomeText(change)}
                  </Typography>
                  <Typography variant="body2" color="textSecondary">
                    <When at={change.at} />
                    {change.by ? `, by ${change.by}` : ''}
                  </Typography>
                  <ChangeDetails change={change} check={check} />
                </Box>
              ))}
            </Box>
          )}
        </OlderPagesState>
      </Box>
    </SectionCard>
  );
}
