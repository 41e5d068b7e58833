import { useEffect, useId, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { SecondFactorMethod } from '../../../../contract/identity';
import { errorMessage, isApiClientError } from '../../../lib/api-client';
import { verifySecondFactor, verifyWithPasskey } from '../api/second-factors';
import { passkeyAddressProblem } from './passkey-address';

type Props = {
  methods: readonly SecondFactorMethod[];
  /** Proved; `recoveryCodesLeft` when it was with a recovery code (the BFF's answer). */
  onVerified: (proof: { recoveryCodesLeft?: number }) => void;
  /**
   * Takes the focus as it shows: the passkey button when there is one, else the code field. For
   * the step-up dialog, which opens before the methods are read and holds the focus on its box
   * meanwhile, where a code typed at once would go nowhere.
   */
  focusFirst?: boolean;
};

/**
 * Proving a second factor: the passkey first when there is one, a code from the authenticator
 * app, or one of the recovery codes. Used by the sign-in page and by the step-up dialog.
 */
/**
 * The code field's label is short, so that it fits a phone's dialog whole (a long one was cut to
 * "Code from your authenticator …" at 375 px); what to type goes in a hint under it, which a
 * refusal replaces.
 */
const codeWords = {
  totp: { label: 'Authenticator code', hint: 'The 6 digits your authenticator app shows now' },
  recovery: { label: 'Recovery code', hint: 'One of the recovery codes you saved' },
} as const;

export function SecondFactorPrompt({ methods, onVerified, focusFirst = false }: Props) {
  const codeId = useId();
  const hintId = useId();
  const [mode, setMode] = useState<'totp' | 'recovery'>(
    methods.includes('totp') ? 'totp' : 'recovery',
  );
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  // A code the BFF refused is told on the code field itself (its description, read out as the
  // focus returns there); anything else (a lockout, the passkey) above, as an alert.
  const [codeError, setCodeError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // A refused code: focus goes back to the field to type the next one. The "Verify code" button
  // held it, and lost it while disabled: a dialog's focus trap would leave it on the dialog.
  const codeField = useRef<HTMLInputElement>(null);
  const passkeyButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (focusFirst) (passkeyButton.current ?? codeField.current)?.focus();
    // Once, as it shows: later the focus is where the person put it.
  }, [focusFirst]);
  const [refusedCodes, setRefusedCodes] = useState(0);
  useEffect(() => {
    if (refusedCodes > 0) codeField.current?.focus();
  }, [refusedCodes]);

  const run = async (action: () => Promise<{ recoveryCodesLeft?: number }>, byCode = false) => {
    setBusy(true);
    setError(null);
    setCodeError(null);
    try {
      onVerified(await action());
    } catch (err) {
      if (byCode) setRefusedCodes((n) => n + 1);
      const onCode = isApiClientError(err) ? err.fields.find((f) => f.field === 'code') : undefined;
      if (onCode) setCodeError(onCode.message);
      else if (isApiClientError(err)) setError(err.fields[0]?.message ?? errorMessage(err));
      else if (err instanceof Error && err.name === 'NotAllowedError')
        setError('The passkey was not used (cancelled or timed out). Try again.');
      else
        setError(
          (!byCode && passkeyAddressProblem(err, 'use another method')) ||
            'The passkey could not be used on this device. Try another method.',
        );
    } finally {
      setBusy(false);
    }
  };

  const hasCodes = methods.includes('totp') || methods.includes('recovery');

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {error && (
        <Typography role="alert" color="error">
          {error}
        </Typography>
      )}
      {methods.includes('passkey') && (
        <Button
          ref={passkeyButton}
          variant="contained"
          disabled={busy}
          onClick={() => void run(verifyWithPasskey)}
        >
          Use your passkey
        </Button>
      )}
      {hasCodes && (
        <Box
          component="form"
          noValidate
          sx={{ display: 'grid', gap: 1.5 }}
          aria-label="Second factor code"
          onSubmit={(event) => {
            event.preventDefault();
            void run(() => verifySecondFactor({ method: mode, code }), true);
          }}
        >
          <TextField
            id={codeId}
            inputRef={codeField}
            error={codeError !== null}
            helperText={codeError ?? undefined}
            label={codeWords[mode].label}
            value={code}
            onChange={(event) => setCode(event.target.value)}
            autoComplete="one-time-code"
            slotProps={{
              htmlInput: {
                inputMode: mode === 'totp' ? 'numeric' : 'text',
                ...(codeError === null && { 'aria-describedby': hintId }),
              },
              // Announced as it appears, even when the focus was in the field already (Enter).
              formHelperText: { role: 'alert' },
            }}
            required
          />
          {codeError === null && (
            <Typography
              id={hintId}
              variant="caption"
              color="textSecondary"
              sx={{ mt: -1, mx: 1.75 }}
            >
              {codeWords[mode].hint}
            </Typography>
          )}
          <Button
            type="submit"
            variant={methods.includes('passkey') ? 'outlined' : 'contained'}
            disabled={busy}
          >
            {busy ? 'Checking…' : 'Verify code'}
          </Button>
          {methods.includes('totp') && methods.includes('recovery') && (
            <Button
              size="small"
              onClick={() => {
                setMode(mode === 'totp' ? 'recovery' : 'totp');
                setCode('');
                setError(null);
                setCodeError(null);
              }}
            >
              {mode === 'totp'
                ? 'Use a recovery code instead'
                : 'Use the authenticator app instead'}
            </Button>
          )}
        </Box>
      )}
    </Box>
  );
}
