import { useEffect, useRef, type ReactNode } from 'react';
import { useForm, useWatch, type Control, type FieldPath } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { WeekHours } from '../../../../contract/market-hours';
import { isWallTime } from '../../../../contract/time';
import {
  WEEKDAYS,
  WEEKDAY_LABELS,
  weekHoursInputSchema,
  type Weekday,
  type WeekHoursInput,
} from '../../../../contract/rules/market-hours';
import { applyFieldErrors } from '../../../components/form/apply-field-errors';
import { FormCheckbox } from '../../../components/form/form-checkbox';
import { FormTextField } from '../../../components/form/form-text-field';
import { AskBeforeDroppingEdits } from '../../../components/form/ask-before-dropping-edits';
import { ErrorAlert } from '../../../components/error-alert';
import { errorMessage, isApiClientError } from '../../../lib/api-client';
import { focusOnMount } from '../../../lib/focus';
import { marketWords, outsideOfDay } from './outside-market';
import { dayHoursText } from './saved-hours';

/**
 * The hours the platform holds now, read again after the form was filled. `changedSince`: read
 * because a save was refused for hours someone changed since the page read them, so the days that
 * differ from those the form was filled from are someone else's change, shown beside the
 * person's edits.
 */
export type HeldNow =
  | { state: 'reading' }
  | { state: 'read'; days: WeekHours; changedSince: boolean }
  | { state: 'unread'; error: unknown };

type DayValues = { closed: boolean; open: string; close: string };
export type SecurityHoursValues = Record<Weekday, DayValues>;

function toFormValues(hours: WeekHours | undefined): SecurityHoursValues {
  const day = (name: Weekday): DayValues => {
    const d = hours?.[name];
    const closed = d ? d.closed || !d.open || !d.close : false;
    return { closed, open: d?.open ?? '09:30', close: d?.close ?? '16:00' };
  };
  return Object.fromEntries(WEEKDAYS.map((name) => [name, day(name)])) as SecurityHoursValues;
}

/** The form's values as the contract's input: a closed day carries no times. */
function toInput(values: SecurityHoursValues): unknown {
  return Object.fromEntries(
    WEEKDAYS.map((day) => [
      day,
      values[day].closed
        ? { closed: true }
        : { closed: false, open: values[day].open, close: values[day].close },
    ]),
  );
}

const fieldNames = WEEKDAYS.flatMap((day) => [
  `${day}.open`,
  `${day}.close`,
]) as FieldPath<SecurityHoursValues>[];

/** The two times of a trading day, and the word each field's label uses. */
const dayBounds = [
  ['open', 'opens'],
  ['close', 'closes'],
] as const;

/**
 * A warning, as the hours are typed, when the day's reach outside the market's (§2.7): the
 * interface document does not make them invalid, so they may be saved (outside-market.tsx).
 */
function OutsideMarketWarning({
  day,
  control,
  market,
}: {
  day: Weekday;
  control: Control<SecurityHoursValues>;
  market: WeekHours;
}) {
  const values = useWatch({ control, name: day });
  const times = isWallTime(values.open) && isWallTime(values.close) && values.open < values.close;
  const outside = times ? outsideOfDay(day, values, market[day]) : null;
  if (!outside) return null;
  return (
    <Typography
      variant="body2"
      sx={{ color: 'warning.dark', gridColumn: '1 / -1', clear: 'left' }}
      id={`hours-${day}-outside`}
    >
      {`${WEEKDAY_LABELS[day]} reaches outside the market’s hours: ${marketWords(outside)}. You can save these hours, but the platform does not say which hours apply when they differ, and investors are told so.`}
    </Typography>
  );
}

function DayRow({
  day,
  control,
  nowHeld,
  market,
}: {
  day: Weekday;
  control: Control<SecurityHoursValues>;
  /** The day's hours on the platform now, when someone changed them since the page read them. */
  nowHeld?: string;
  /** The market's hours, once read. */
  market: WeekHours | undefined;
}) {
  const closed = useWatch({ control, name: `${day}.closed` });
  const label = WEEKDAY_LABELS[day];
  return (
    <Box
      component="fieldset"
      sx={{
        border: 0,
        p: 0,
        m: 0,
        display: 'grid',
        // On a phone each field takes the row: two side by side cut their labels to
        // "Wednesday opens (…", losing the zone the times are in.
        gridTemplateColumns: { xs: '1fr', sm: '120px 120px 1fr 1fr' },
        gap: 2,
        alignItems: 'start',
      }}
    >
      <Typography component="legend" sx={{ fontWeight: 600, pt: 1, float: 'left' }}>
        {label}
      </Typography>
      <ClosedBox day={day} control={control} label={label} />
      {!closed && (
        <>
          {dayBounds.map(([bound, verb]) => (
            <FormTextField
              key={bound}
              control={control}
              name={`${day}.${bound}`}
              id={`hours-${day}-${bound}`}
              label={`${label} ${verb} (ET)`}
              type="time"
            />
          ))}
        </>
      )}
      {market && !closed && <OutsideMarketWarning day={day} control={control} market={market} />}
      {nowHeld && (
        <Typography
          variant="body2"
          sx={{ color: 'warning.dark', gridColumn: '1 / -1', clear: 'left' }}
          data-testid={`held-now-${day}`}
        >
          {`Someone else changed ${label} since you opened this page: the platform now holds ${nowHeld}.`}
        </Typography>
      )}
    </Box>
  );
}

function ClosedBox({
  day,
  control,
  label,
}: {
  day: Weekday;
  control: Control<SecurityHoursValues>;
  label: string;
}) {
  // "Closed" is all the row shows beside the day's name: "Closed on Wednesday" took three lines
  // of its 120 px column on a wide screen. Its name still says the day, for whoever reaches the
  // box outside its row (a screen reader's list of fields, voice control).
  return (
    <FormCheckbox
      control={control}
      name={`${day}.closed`}
      label={
        <>
          Closed<span className="visually-hidden">{` on ${label}`}</span>
        </>
      }
    />
  );
}

type SecurityHoursFormProps = {
  hours: WeekHours | undefined;
  /** The market's hours (§2.7), once read: days reaching outside them are warned of. */
  market?: WeekHours;
  pending: boolean;
  /**
   * When the last save was handed on (the mutation's submittedAt): a save answered before the
   * page ever showed it pending still frees the button for the next.
   */
  attempt?: number;
  error: unknown;
  /** What the form says when a save may or may not have reached the platform. */
  outcomeUnknown: ReactNode;
  /** The hours held now, read again after a refused or lost save; null when not read again. */
  heldNow?: HeldNow | null;
  /** Whose hours these are, in a sentence: asked about when the person leaves unsaved edits. */
  subject?: string;
  onSubmit: (input: WeekHoursInput) => void;
};

/**
 * Whether what became of a failed save is known: refused or never sent (`no`), or saved by the
 * platform before the portal's database stopped answering (`yes`, said as such by ErrorAlert).
 */
const known = (error: unknown) =>
  isApiClientError(error) && (error.submitted === 'no' || error.submitted === 'yes');

/**
 * Trading hours of one security, Monday to Friday, in US Eastern time (§4.14): each day closed
 * or open between two times. The rules are the contract's, so the browser refuses what the BFF
 * would refuse, with the same words.
 */
export function SecurityHoursForm({
  hours,
  market,
  pending,
  attempt,
  error,
  outcomeUnknown,
  heldNow = null,
  subject = 'these trading hours',
  onSubmit,
}: SecurityHoursFormProps) {
  const form = useForm<SecurityHoursValues>({ defaultValues: toFormValues(hours) });
  const { control, handleSubmit, setError, reset, setValue, clearErrors } = form;

  // Refilled when the hours it was filled from change in value, not merely in identity: a
  // refused save must leave the person's edits in place.
  const filledFrom = JSON.stringify(hours);
  useEffect(() => {
    reset(toFormValues(JSON.parse(filledFrom) as WeekHours | undefined));
  }, [filledFrom, reset]);

  const changedDays =
    heldNow?.state === 'read' && heldNow.changedSince && hours
      ? WEEKDAYS.filter((day) => dayHoursText(hours[day]) !== dayHoursText(heldNow.days[day]))
      : [];
  const takeHeld = () => {
    if (heldNow?.state !== 'read') return;
    const held = toFormValues(heldNow.days);
    changedDays.forEach((day) => {
      setValue(day, held[day], { shouldDirty: true });
      clearErrors([`${day}.open`, `${day}.close`]);
    });
  };
  useEffect(() => {
    if (error) applyFieldErrors(error, setError, fieldNames);
  }, [error, setError]);

  // A save handed on and not yet answered: a second press before the page shows "Saving…" (its
  // state arrives a render later) sends nothing, or its answer, a conflict with the first save,
  // would say the hours were not saved when they were.
  const handedOn = useRef(false);
  useEffect(() => {
    if (!pending) handedOn.current = false;
  }, [pending, error, attempt]);
  const save = (values: SecurityHoursValues) => {
    if (handedOn.current) return;
    const parsed = weekHoursInputSchema.safeParse(toInput(values));
    if (!parsed.success) {
      parsed.error.issues.forEach((issue, index) => {
        const name = issue.path.join('.') as FieldPath<SecurityHoursValues>;
        const target = fieldNames.includes(name)
          ? name
          : (`${String(issue.path[0])}.open` as FieldPath<SecurityHoursValues>);
        setError(target, { type: 'rule', message: issue.message }, { shouldFocus: index === 0 });
      });
      return;
    }
    handedOn.current = true;
    onSubmit(parsed.data);
  };

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => {
        // Pressed again while saving, the button does nothing (see below).
        if (pending) event.preventDefault();
        else void handleSubmit(save)(event);
      }}
      aria-label="Trading hours"
      sx={{ display: 'grid', gap: 2 }}
    >
      {WEEKDAYS.map((day) => (
        <DayRow
          key={day}
          day={day}
          control={control}
          market={market}
          nowHeld={
            changedDays.includes(day) && heldNow?.state === 'read'
              ? dayHoursText(heldNow.days[day])
              : undefined
          }
        />
      ))}
      {error != null &&
        (known(error) ? (
          // Focused as it appears: the button was disabled while sending, which dropped the
          // focus. A field the BFF named takes it afterwards (applyFieldErrors).
          <Box tabIndex={-1} ref={focusOnMount}>
            {isApiClientError(error) && error.code === 'conflict' ? (
              // Someone's change since the page read the hours: nothing for support to trace,
              // so no support id, only what changed and the way on.
              <Alert severity="warning" role="alert">
                <AlertTitle>The hours were not saved</AlertTitle>
                {error.message}
              </Alert>
            ) : (
              <ErrorAlert error={error} title="The hours were not saved" />
            )}
          </Box>
        ) : (
          outcomeUnknown
        ))}
      {heldNow?.state === 'reading' && (
        <Typography role="status">Reading the hours the platform holds now…</Typography>
      )}
      {heldNow?.state === 'unread' && (
        <Alert severity="error" role="alert">
          <AlertTitle>The hours the platform holds now could not be read</AlertTitle>
          {errorMessage(heldNow.error)} Your edits are still in the form: save again to read them
          once more.
        </Alert>
      )}
      {changedDays.length > 0 && (
        <Alert severity="info">
          Your edits are still in the form; the days changed since you opened this page say what the
          platform holds now. Keep yours and save again, or take the platform’s hours for those
          days.
          <Box sx={{ mt: 1 }}>
            <Button variant="outlined" color="inherit" size="small" onClick={takeHeld}>
              {`Use the platform’s hours for ${changedDays.map((day) => WEEKDAY_LABELS[day]).join(', ')}`}
            </Button>
          </Box>
        </Alert>
      )}
      {Object.keys(form.formState.errors).length > 0 && (
        <Alert severity="error">Some hours need fixing: see the messages above.</Alert>
      )}
      <Box>
        {/* aria-disabled, not disabled: a disabled button drops the focus to the page body. */}
        <Button type="submit" variant="contained" aria-disabled={pending || undefined}>
          {pending ? 'Saving…' : 'Save hours'}
        </Button>
      </Box>
      <AskBeforeDroppingEdits dirty={form.formState.isDirty} what={subject} />
    </Box>
  );
}
