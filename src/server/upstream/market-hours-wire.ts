import { weekdays, type DayHours, type WeekHours } from '../../contract/market-hours';
import { hoursAndMinutes, looseObject, wireText, wireYesNo } from './wire';

/*
 * Day fields of §2.7/§2.8: `<day>closed` (global) or `<day>Closed` (per security), and separate
 * unpadded hour and minute strings `<day>StartHours`, `<day>StartMins`, `<day>CloseHours`,
 * `<day>CloseMins`. The loose key match absorbs the two spellings of closed.
 */
function dayShape(day: string) {
  return {
    [`${day}Closed`]: wireYesNo,
    [`${day}StartHours`]: wireText,
    [`${day}StartMins`]: wireText,
    [`${day}CloseHours`]: wireText,
    [`${day}CloseMins`]: wireText,
  };
}

const weekShape = Object.assign({}, ...weekdays.map(dayShape)) as Record<
  string,
  typeof wireYesNo | typeof wireText
>;

export const rawWeekHoursSchema = looseObject(weekShape);

export function normalizeWeekHours(raw: Record<string, unknown>): WeekHours {
  const text = (key: string) => (raw[key] ?? null) as string | null;
  const day = (name: string): DayHours => {
    const closed = raw[`${name}Closed`] === true;
    const open = hoursAndMinutes(text(`${name}StartHours`), text(`${name}StartMins`));
    const close = hoursAndMinutes(text(`${name}CloseHours`), text(`${name}CloseMins`));
    // §2.7/§2.8: every weekday carries its five fields. A day that is neither closed nor has
    // hours is missing from the answer; showing it as open with unknown hours would mislead.
    if (!closed && (open === null || close === null)) {
      throw new Error(`${name}: neither closed nor opening hours in the answer`);
    }
    return { closed, open, close };
  };
  return {
    monday: day('monday'),
    tuesday: day('tuesday'),
    wednesday: day('wednesday'),
    thursday: day('thursday'),
    friday: day('friday'),
  };
}
