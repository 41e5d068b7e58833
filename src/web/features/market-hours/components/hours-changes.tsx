import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { DayHours } from '../../../../contract/market-hours';
import { WEEKDAY_LABELS } from '../../../../contract/rules/market-hours';
import type { HoursChange, RecordedDay } from '../../../../contract/security-hours';
import { SectionCard } from '../../../components/description-list';
import { OlderPagesState } from '../../../components/load-older';
import { EmptyState } from '../../../components/query-state';
import { formatTimestamp } from '../../../lib/format';
import { useHoursChanges } from '../api/get-hours-changes';
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

function ChangeDetails({ change }: { change: HoursChange }) {
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
                {change.settled.result === 'saved' ? 'held' : 'did not hold'} the hours asked for.
              </>
            ) : (
              'The platform may have applied it; checking the hours on this page after a lost save settles it.'
            )}
          </Typography>
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
 * hours and the form above as they are.
 */
export function HoursChanges({ securityId }: { securityId: string }) {
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
                  <ChangeDetails change={change} />
                </Box>
              ))}
            </Box>
          )}
        </OlderPagesState>
      </Box>
    </SectionCard>
  );
}
