import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { SecondFactorChallenge, SecondFactorMethod } from '../../../../contract/identity';
import { ErrorAlert } from '../../../components/error-alert';
import { focusOnMount } from '../../../lib/focus';
import { factorsQueryOptions } from '../api/second-factors';
import { EnrolPasskey, EnrolTotp } from './enrol-factor';
import { RecoveryCodeUsed } from './recovery-code-used';
import { RecoveryCodes } from './recovery-codes';
import { SecondFactorPrompt } from './second-factor-prompt';

export type SecondFactorStepProps = {
  /** What the password answer said; absent after single sign-on, then asked of the BFF. */
  challenge?: SecondFactorChallenge['secondFactor'];
  /** The factor is proven or enrolled (and its recovery codes saved). */
  onDone: () => void | Promise<void>;
  /**
   * Signed in with a recovery code, goes on to Security settings instead, where a lost passkey
   * or app is replaced and new codes are made. Given only where the page may be left (the
   * sign-in page): signing in again over a page keeps the person on it, and the notice names
   * Security settings in words only.
   */
  onDoneToSecuritySettings?: () => void | Promise<void>;
};

/**
 * The step's first sentence takes the focus when it appears: the password form it replaces held
 * the focus (its button), and without this it drops to the page body, so a keyboard or
 * screen-reader user would not be taken to the new step. Inside the step, so that any form that
 * shows it (the sign-in page, or a sign-in again mid-session) gets this without a change.
 */
const takesFocus = { tabIndex: -1, ref: focusOnMount, sx: { outline: 'none' } } as const;

/** The second step of signing in: prove a factor, or enrol the first one the role requires. */
export default function SecondFactorStep({
  challenge,
  onDone,
  onDoneToSecuritySettings,
}: SecondFactorStepProps) {
  const factors = useQuery({ ...factorsQueryOptions(), enabled: !challenge });
  const [codes, setCodes] = useState<string[] | null>(null);
  /** Signed in with a recovery code: how many are left, told before going on. */
  const [codesLeft, setCodesLeft] = useState<number | null>(null);

  const finish = () => void onDone();

  let step = challenge;
  if (!step && factors.data) {
    const methods: SecondFactorMethod[] = [];
    if (factors.data.factors.some((f) => f.kind === 'passkey')) methods.push('passkey');
    if (factors.data.factors.some((f) => f.kind === 'totp')) methods.push('totp');
    if (factors.data.recoveryCodesLeft > 0) methods.push('recovery');
    step = methods.length > 0 ? { step: 'verify', methods } : { step: 'enrol', methods: [] };
  }
  if (factors.isError)
    return <ErrorAlert error={factors.error} title="Signing in could not go on" />;
  if (!step) return <Typography role="status">Loading…</Typography>;

  if (codesLeft !== null) {
    return (
      <Box sx={{ display: 'grid', gap: 2 }}>
        <RecoveryCodeUsed left={codesLeft} when="sign-in" />
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Button variant="contained" onClick={finish}>
            Continue
          </Button>
          {onDoneToSecuritySettings && (
            <Button variant="outlined" onClick={() => void onDoneToSecuritySettings()}>
              Go to Security settings
            </Button>
          )}
        </Box>
      </Box>
    );
  }
  if (codes) {
    return (
      <Box sx={{ display: 'grid', gap: 2 }}>
        <RecoveryCodes codes={codes} />
        <Button variant="contained" onClick={finish}>
          I have saved them, continue
        </Button>
      </Box>
    );
  }
  if (step.step === 'enrol') {
    const enrolled = (result: { recoveryCodes: string[] | null }) => {
      if (result.recoveryCodes) setCodes(result.recoveryCodes);
      else finish();
    };
    return (
      <Box sx={{ display: 'grid', gap: 2 }}>
        <Typography {...takesFocus}>
          Your role needs a second factor. Add a passkey or an authenticator app to finish signing
          in.
        </Typography>
        <EnrolPasskey onEnrolled={enrolled} />
        <EnrolTotp onEnrolled={enrolled} />
      </Box>
    );
  }
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Typography {...takesFocus}>Confirm it is you with your second factor.</Typography>
      <SecondFactorPrompt
        methods={step.methods}
        onVerified={({ recoveryCodesLeft }) => {
          if (recoveryCodesLeft === undefined) finish();
          else setCodesLeft(recoveryCodesLeft);
        }}
      />
    </Box>
  );
}
