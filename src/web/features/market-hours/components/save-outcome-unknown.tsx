import { useState, type ReactNode } from 'react';
import type { SxProps, Theme } from '@mui/material/styles';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { SecurityHours } from '../../../../contract/market-hours';
import type { WeekHoursInput } from '../../../../contract/rules/market-hours';
import type { SecurityHoursCheckResponse } from '../../../../contract/security-hours';
import { errorMessage, isApiClientError } from '../../../lib/api-client';
import { focusOnMount } from '../../../lib/focus';
import type { LostSave } from '../api/check-security-hours';
import { useMarketHours } from '../api/get-market-hours';
import { SavedHours } from './saved-hours';
import { SupportReference } from '../../../components/errors/support-reference';

/** A check under way, or its answer; `at` tells one answer from the next. */
type Check =
  | { state: 'checking' }
  | { state: 'read'; at: number; hours: SecurityHours; matches: boolean }
  | { state: 'unread'; at: number; error: unknown };

/**
 * A save of trading hours whose answer was lost (a timeout, a dropped connection): it may or may
 * not have reached the platform. Setting hours is not a movement of money and the same hours set
 * twice do no harm, so the way on is to read what the platform holds and compare it with what was
 * asked, which the BFF does on request (and records in the audit log, which holds the lost save);
 * saving again is safe too.
 */
export function SaveOutcomeUnknown({
  error,
  asked,
  name,
  check: checkSaved,
}: {
  error: unknown;
  asked: WeekHoursInput;
  /** The security inside a sentence. */
  name: string;
  /** Reads the hours the platform holds and whether they are those asked for. */
  check: (asked: WeekHoursInput, lost: LostSave) => Promise<SecurityHoursCheckResponse>;
}) {
  const [check, setCheck] = useState<Check | null>(null);
  const requestId = isApiClientError(error) ? error.requestId : undefined;

  const runCheck = async () => {
    setCheck({ state: 'checking' });
    try {
      const answer = await checkSaved(asked, { attempt: requestId });
      setCheck({
        state: 'read',
        at: Date.now(),
        hours: answer.securityHours,
        matches: answer.saved,
      });
    } catch (readError) {
      setCheck({ state: 'unread', at: Date.now(), error: readError });
    }
  };

  // Once the platform's hours are read, the question is answered: the answer takes the warning's
  // place, so the page never says "we do not know" and "they were saved" at once.
  if (check?.state === 'read') return <CheckResult key={check.at} check={check} />;

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Alert severity="warning" role="alert" tabIndex={-1} ref={focusOnMount}>
        <AlertTitle>We do not know whether the hours were saved</AlertTitle>
        {errorMessage(error)} To find out, check the hours the platform holds now for {name}: the
        page reads them again and says whether they match what you asked for. Saving the same hours
        again is safe as well.
        <SupportReference requestId={requestId} mayPass={false} />
        <Box sx={{ mt: 1 }}>
          <Button
            variant="outlined"
            color="inherit"
            size="small"
            onClick={() => void runCheck()}
            disabled={check?.state === 'checking'}
          >
            {check?.state === 'checking' ? 'Checking…' : 'Check the hours now'}
          </Button>
        </Box>
      </Alert>
      {check && check.state !== 'checking' && <CheckResult key={check.at} check={check} />}
    </Box>
  );
}

/**
 * The answer of one check; focused as it appears, since its button was disabled meanwhile (and,
 * once the hours are read, gone with the warning it answers).
 */
function CheckResult({ check }: { check: Exclude<Check, { state: 'checking' }> }) {
  const market = useMarketHours().data?.hours;
  // Settled already, from another page or tab: what was found is in the changes of these hours.
  if (check.state === 'unread' && isApiClientError(check.error) && check.error.status === 409) {
    return (
      <Alert severity="info" role="status" tabIndex={-1} ref={focusOnMount}>
        <AlertTitle>This save was checked already</AlertTitle>
        {errorMessage(check.error)}
      </Alert>
    );
  }
  if (check.state === 'unread') {
    return (
      <Alert severity="error" role="alert" tabIndex={-1} ref={focusOnMount}>
        <AlertTitle>The hours could not be read</AlertTitle>
        {errorMessage(check.error)} We still do not know whether they were saved: check again in a
        moment.
      </Alert>
    );
  }
  return (
    <Box>
      <CheckFinding saved={check.matches} sx={{ mb: 2 }}>
        {check.matches
          ? 'The platform holds the hours you asked for: they were saved.'
          : 'The platform holds other hours than you asked for, so they were not saved (unless someone changed them since). What you entered is still in the form: save it again to set it.'}
      </CheckFinding>
      <SavedHours hours={check.hours} title="Hours the platform holds now" market={market} />
    </Box>
  );
}

/**
 * What a check of a lost save found, in words: a status that takes the focus as it appears, since
 * the button that asked for it is gone (here with its warning, in the list with the entry it
 * settled).
 */
export function CheckFinding({
  saved,
  sx,
  children,
}: {
  saved: boolean;
  sx?: SxProps<Theme>;
  children: ReactNode;
}) {
  return (
    <Alert
      severity={saved ? 'success' : 'info'}
      role="status"
      tabIndex={-1}
      ref={focusOnMount}
      sx={sx}
    >
      {children}
    </Alert>
  );
}
