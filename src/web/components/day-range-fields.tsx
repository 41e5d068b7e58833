import { boundedDateSchema, dayRangeOrder } from '../../contract/dates';
import { DateFilterField } from './date-filter-field';

type DayRangeEnd = 'from' | 'to';

/**
 * The first and last day of a period filter: days of the viewer's zone, as the tables date each
 * row in it (the pages send the zone beside them, lib/period periodQuery), so a row dated Nov 28 is in the
 * period of Nov 28 whatever its UTC day. The messages name them "From" and "To", as the BFF's own
 * do (dayRangeOrder).
 */
const dayRange = [
  ['from', 'From'],
  ['to', 'To'],
] as const;

/**
 * The two ends of a period filter, each applying on its own once its day is whole
 * (DateFilterField), neither bound to be given, and each refused with the rule's words while
 * From would fall after To: under the day just entered, which is not applied (the other end, already
 * applied, stays).
 */
export function DayRangeFields({
  value,
  idPrefix,
  onApply,
  refused = {},
}: {
  /** The period the page applies (from its URL). */
  value: { from?: string | null; to?: string | null };
  /** Gives the fields the ids `<idPrefix>-from` and `<idPrefix>-to`. */
  idPrefix?: string;
  /** One end changed: its day, '' when emptied. */
  onApply: (end: DayRangeEnd, day: string) => void;
  /** The BFF's refusal of an end the address holds (lib/refused-filters), by end. */
  refused?: Partial<Record<DayRangeEnd, string>>;
}) {
  return dayRange.map(([end, name]) => (
    <DateFilterField
      key={end}
      id={idPrefix && `${idPrefix}-${end}`}
      label={name}
      name={name}
      value={value[end] ?? ''}
      rule={boundedDateSchema}
      // The day just entered is the one refused, and the list keeps the period it had: the
      // message says so, so that a list emptied by the other end alone is not read as this one's.
      check={(day) =>
        dayRangeOrder.holds({ from: value.from, to: value.to, [end]: day })
          ? undefined
          : `${dayRangeOrder.message}; this ${name} day is not applied`
      }
      optional
      refused={refused[end]}
      onApply={(day) => onApply(end, day)}
    />
  ));
}
