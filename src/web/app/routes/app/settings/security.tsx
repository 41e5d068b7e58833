import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { BusyButton } from '../../../../components/busy-retry-button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { ActionList } from '../../../../components/action-list';
import { ErrorAlert } from '../../../../components/error-alert';
import { PageHeader } from '../../../../components/page-header';
import { QueryState } from '../../../../components/query-state';
import type { Factor } from '../../../../../contract/identity';
import { focusOnMount } from '../../../../lib/focus';
import { formatInstant } from '../../../../lib/format';
import {
  factorsQueryKey,
  factorsQueryOptions,
  useFactors,
  useRemoveFactor,
  useRenewRecoveryCodes,
} from '../../../../features/identity/api/second-factors';
import {
  EnrolPasskey,
  EnrolTotp,
  factorName,
} from '../../../../features/identity/components/enrol-factor';
import {
  RemoveFactorDialog,
  RenewCodesDialog,
} from '../../../../features/identity/components/factor-dialogs';
import { RecoveryCodes } from '../../../../features/identity/components/recovery-codes';
import { mySessionsQueryOptions } from '../../../../features/identity/api/sessions';
import { ChangePassword } from '../../../../features/identity/components/change-password';
import { EndPasswordSessions } from '../../../../features/identity/components/end-password-sessions';
import { WaitingSignInsNotice } from '../../../../features/identity/components/waiting-sign-ins-notice';
import { guardedLoader } from '../../../session-guard';

export const clientLoader = guardedLoader(undefined, factorsQueryOptions);

export default function SecurityRoute() {
  const factors = useFactors();
  const queryClient = useQueryClient();
  const remove = useRemoveFactor();
  const renew = useRenewRecoveryCodes();
  const [codes, setCodes] = useState<{ list: string[]; replaced: boolean } | null>(null);
  // Removing a factor and making new codes are asked first (what goes with them), as a slip of
  // the mouse must not take a factor, or the codes a person has saved, away unseen.
  const [removeAsked, setRemoveAsked] = useState<{ factor: Factor; open: boolean } | null>(null);
  const [renewAsked, setRenewAsked] = useState(false);
  /** What the last removal took away, said once it is done; it takes the focus. */
  const [removed, setRemoved] = useState<{ name: string; last: boolean; at: number } | null>(null);
  /** A removal the role forbids, said without asking the BFF (it would refuse it the same way). */
  const [kept, setKept] = useState<string | null>(null);
  // The first factor added in this visit: the sessions opened with the password alone before it
  // are offered to be ended.
  const [firstFactor, setFirstFactor] = useState(false);
  const makeNewCodes = () => {
    setRenewAsked(false);
    renew.mutate(undefined, {
      onSuccess: (r) => setCodes({ list: r.recoveryCodes, replaced: true }),
    });
  };
  const enrolled = (result: { recoveryCodes: string[] | null }) => {
    if (result.recoveryCodes) setCodes({ list: result.recoveryCodes, replaced: false });
    if (factors.data?.factors.length === 0) {
      setFirstFactor(true);
      void queryClient.invalidateQueries({ queryKey: mySessionsQueryOptions().queryKey });
    }
    void queryClient.invalidateQueries({ queryKey: factorsQueryKey });
  };

  return (
    <>
      <PageHeader
        title="Security settings"
        description="Your password, and your second factors: a passkey or an authenticator app, asked at sign-in and again before money moves or personal data is shown."
      />
      <WaitingSignInsNotice />
      {codes && (
        <Paper variant="outlined" sx={{ p: 2, mb: 3 }}>
          <RecoveryCodes codes={codes.list} replaced={codes.replaced} />
          <Button
            sx={{ mt: 1 }}
            onClick={() => {
              setCodes(null);
              // The codes and this button go: the focus goes on to the list of factors, which
              // would otherwise drop to the page's top.
              document.getElementById('factors-heading')?.focus();
            }}
          >
            I have saved them
          </Button>
        </Paper>
      )}
      {firstFactor && <EndPasswordSessions />}
      <QueryState query={factors} subject="your second factors">
        {(data) => (
          <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: 'minmax(0, 1fr)' }}>
            <section aria-labelledby="factors-heading">
              <Typography
                id="factors-heading"
                component="h2"
                variant="h2"
                gutterBottom
                tabIndex={-1}
                sx={{ outline: 'none' }}
              >
                Your second factors
              </Typography>
              {data.required && (
                <Typography sx={{ mb: 1 }}>Your role needs at least one second factor.</Typography>
              )}
              {removed && (
                <Alert
                  key={removed.at}
                  severity="success"
                  tabIndex={-1}
                  ref={focusOnMount}
                  sx={{ mb: 1 }}
                >
                  {removed.last
                    ? `Removed ${removed.name}. You have no second factor now: your recovery codes no longer work, and signing in asks for your password alone. Add a passkey or an authenticator app below.`
                    : `Removed ${removed.name}. Your other second factors and your recovery codes still work.`}
                </Alert>
              )}
              {data.factors.length === 0 ? (
                <Typography>You have no second factor yet. Add one below.</Typography>
              ) : (
                <ActionList
                  label="Second factors"
                  items={data.factors}
                  itemKey={(f) => f.id}
                  action={(f) => (
                    // Busy, not disabled: the step-up dialog this may open gives the focus back
                    // to this button when it closes.
                    <BusyButton
                      color="error"
                      busy={remove.isPending}
                      onClick={() => {
                        setRemoved(null);
                        if (data.required && data.factors.length === 1) setKept(factorName(f));
                        else setRemoveAsked({ factor: f, open: true });
                      }}
                      aria-label={`Remove ${factorName(f)}`}
                    >
                      Remove
                    </BusyButton>
                  )}
                  primary={factorName}
                  secondary={(f) =>
                    `Added ${formatInstant(f.createdAt)}${f.lastUsedAt ? `, last used ${formatInstant(f.lastUsedAt)}` : ''}`
                  }
                />
              )}
              {kept && data.factors.length === 1 && (
                <Alert severity="info" role="alert" sx={{ mt: 1 }}>
                  {`Your role needs a second factor: add a passkey or an authenticator app below before removing ${kept}.`}
                </Alert>
              )}
              {remove.isError && (
                <ErrorAlert error={remove.error} title="The factor was not removed" />
              )}
              <RemoveFactorDialog
                open={removeAsked?.open ?? false}
                factor={removeAsked?.factor ?? null}
                factors={data.factors}
                recoveryCodesLeft={data.recoveryCodesLeft}
                onCancel={() => setRemoveAsked((asked) => asked && { ...asked, open: false })}
                onConfirm={(factor) => {
                  setRemoveAsked({ factor, open: false });
                  const last = data.factors.length === 1;
                  remove.mutate(factor.id, {
                    onSuccess: () => setRemoved({ name: factorName(factor), last, at: Date.now() }),
                  });
                }}
              />
            </section>
            <section aria-labelledby="passkey-heading">
              <Typography id="passkey-heading" component="h2" variant="h2" gutterBottom>
                Add a passkey
              </Typography>
              <EnrolPasskey onEnrolled={enrolled} />
            </section>
            <section aria-labelledby="totp-heading">
              <Typography id="totp-heading" component="h2" variant="h2" gutterBottom>
                Add an authenticator app
              </Typography>
              <EnrolTotp key={data.factors.length} onEnrolled={enrolled} />
            </section>
            <section aria-labelledby="recovery-heading">
              <Typography id="recovery-heading" component="h2" variant="h2" gutterBottom>
                Recovery codes
              </Typography>
              <Typography sx={{ mb: 1 }}>
                {data.recoveryCodesLeft} unused recovery code
                {data.recoveryCodesLeft === 1 ? '' : 's'} left.
                {/* Why the button below cannot be used, said where it is read, not only greyed. */}
                {data.factors.length === 0 &&
                  ' Recovery codes stand in for a second factor: set one up first to make them.'}
              </Typography>
              {/* Busy, not disabled, while asking: as Remove above, for the step-up dialog. */}
              <BusyButton
                variant="outlined"
                disabled={data.factors.length === 0}
                busy={renew.isPending}
                onClick={() => setRenewAsked(true)}
              >
                Make new recovery codes
              </BusyButton>
              {renew.isError && <ErrorAlert error={renew.error} title="No new codes were made" />}
              <RenewCodesDialog
                open={renewAsked}
                recoveryCodesLeft={data.recoveryCodesLeft}
                onCancel={() => setRenewAsked(false)}
                onConfirm={makeNewCodes}
              />
            </section>
          </Box>
        )}
      </QueryState>
      {/* Apart from the factors: a password can be changed while they cannot be read. */}
      <Box component="section" aria-labelledby="password-heading" sx={{ mt: 3 }}>
        <Typography id="password-heading" component="h2" variant="h2" gutterBottom>
          Change your password
        </Typography>
        <ChangePassword />
      </Box>
    </>
  );
}
