import { useEffect, useId, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import type { SecondFactorMethod } from '../../../../contract/identity';
import { paths } from '../../../config/paths';
import { setStepUpHandler, type ApiClientError } from '../../../lib/api-client';
import { factorsQueryOptions } from '../api/second-factors';
import { RecoveryCodeUsed } from './recovery-code-used';
import { SecondFactorPrompt } from './second-factor-prompt';

type Pending = {
  code: ApiClientError['code'];
  message: string;
  methods: SecondFactorMethod[] | null;
  /**
   * Proved with a recovery code: how many are left, told before the request goes on (a person
   * who reached for one has most likely lost their passkey or app).
   */
  codesLeft?: number;
  resolve: (proved: boolean) => void;
};

/**
 * Step-up inside the flow: a request the BFF refused for want of a fresh second factor opens
 * this dialog over the page; once proved, the same request is sent again and the page goes on.
 */
export function StepUpDialogHost() {
  const queryClient = useQueryClient();
  const titleId = useId();
  const messageId = useId();
  const [pending, setPending] = useState<Pending | null>(null);
  const pendingRef = useRef<Pending | null>(null);

  useEffect(
    () =>
      setStepUpHandler(
        (error) =>
          new Promise<boolean>((resolve) => {
            const next: Pending = {
              code: error.code,
              message: error.message,
              methods: null,
              resolve,
            };
            pendingRef.current = next;
            setPending(next);
            if (error.code === 'step_up_required') {
              queryClient
                .fetchQuery({ ...factorsQueryOptions(), staleTime: 0 })
                .then((factors) => {
                  const methods: SecondFactorMethod[] = [];
                  if (factors.factors.some((f) => f.kind === 'passkey')) methods.push('passkey');
                  if (factors.factors.some((f) => f.kind === 'totp')) methods.push('totp');
                  if (factors.recoveryCodesLeft > 0) methods.push('recovery');
                  if (pendingRef.current === next) setPending({ ...next, methods });
                })
                .catch(() => {
                  if (pendingRef.current === next)
                    setPending({ ...next, methods: ['passkey', 'totp', 'recovery'] });
                });
            }
          }),
      ),
    [queryClient],
  );

  const finish = (proved: boolean) => {
    pending?.resolve(proved);
    pendingRef.current = null;
    setPending(null);
  };

  const enrol = pending?.code === 'second_factor_enrolment_required';
  const codesLeft = pending?.codesLeft;
  if (pending && codesLeft !== undefined) {
    // Proved: closing the notice any way lets the request go on.
    return (
      <Dialog open onClose={() => finish(true)} aria-labelledby={titleId}>
        <DialogTitle id={titleId}>Confirm it is you</DialogTitle>
        <DialogContent>
          <RecoveryCodeUsed left={codesLeft} when="step-up" />
        </DialogContent>
        <DialogActions>
          <Button variant="contained" onClick={() => finish(true)}>
            Continue
          </Button>
        </DialogActions>
      </Dialog>
    );
  }
  return (
    <Dialog
      open={pending !== null}
      onClose={() => finish(false)}
      aria-labelledby={titleId}
      // Read with the title as the focus enters: why it is asked, and that nothing was sent.
      aria-describedby={messageId}
    >
      <DialogTitle id={titleId}>
        {enrol ? 'A second factor is needed' : 'Confirm it is you'}
      </DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2 }}>
        <DialogContentText id={messageId}>{pending?.message}</DialogContentText>
        {!enrol && pending?.methods === null && <Typography>Loading your methods…</Typography>}
        {!enrol && pending?.methods && (
          <SecondFactorPrompt
            methods={pending.methods}
            focusFirst
            onVerified={({ recoveryCodesLeft }) => {
              if (recoveryCodesLeft === undefined) finish(true);
              else setPending({ ...pending, codesLeft: recoveryCodesLeft });
            }}
          />
        )}
      </DialogContent>
      <DialogActions>
        {enrol && (
          <Button
            component={RouterLink}
            to={paths.app.security.getHref()}
            onClick={() => finish(false)}
          >
            Open security settings
          </Button>
        )}
        <Button onClick={() => finish(false)}>Cancel</Button>
      </DialogActions>
    </Dialog>
  );
}
