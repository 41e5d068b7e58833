import { useEffect, useId, useRef, useState, type ReactNode, type Ref } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useLocation } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { errorMessage, isApiClientError } from '../../../lib/api-client';
import { useSignOut } from '../../../lib/use-sign-out';
import { focusOnMount } from '../../../lib/focus';
import { confirmTotp, enrolPasskey, startTotpEnrolment } from '../api/second-factors';
import { passkeyAddressProblem } from './passkey-address';

type Enrolled = { recoveryCodes: string[] | null };
type Props = { onEnrolled: (result: Enrolled) => void };

function problem(err: unknown): string {
  if (isApiClientError(err)) return err.fields[0]?.message ?? errorMessage(err);
  const address = passkeyAddressProblem(err, 'use the authenticator app instead');
  if (address) return address;
  if (err instanceof Error && err.name === 'NotAllowedError')
    return 'The passkey was not created (cancelled or timed out).';
  return 'This device could not create a passkey. Try the authenticator app instead.';
}

/** The field of the authenticator app's form that a refusal names, if it names one of them. */
function refusedField(err: unknown): 'code' | 'label' | null {
  const field = isApiClientError(err) ? err.fields[0]?.field : undefined;
  return field === 'code' || field === 'label' ? field : null;
}

/** What went wrong, announced; nothing when nothing did. */
function Problem({ error }: { error: unknown }) {
  if (!error) return null;
  const message = (
    <Typography role="alert" color="error">
      {problem(error)}
    </Typography>
  );
  if (!isApiClientError(error) || error.code !== 'reauthentication_required') return message;
  return (
    <>
      {message}
      <SignInAgain />
    </>
  );
}

/**
 * A first second factor is added only soon after signing in (the BFF's rule): signing in again
 * comes back to this page.
 */
function SignInAgain() {
  const signOut = useSignOut();
  const { pathname, search } = useLocation();
  return (
    <Button
      variant="contained"
      disabled={signOut.isPending}
      onClick={() => signOut.mutate({ returnTo: `${pathname}${search}` })}
    >
      Sign in again
    </Button>
  );
}

/** One enrolment step's form, named for screen readers; submitting stays on the page. */
function FactorForm({
  label,
  onSubmit,
  children,
}: {
  label: string;
  onSubmit: () => void;
  children: ReactNode;
}) {
  return (
    <Box
      component="form"
      noValidate
      aria-label={label}
      sx={{ display: 'grid', gap: 1.5 }}
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      {children}
    </Box>
  );
}

/** The name the person gives the new factor, to tell it apart in their list of factors. */
function FactorNameField({
  label,
  value,
  onChange,
  helperText,
  error,
  inputRef,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  helperText?: string;
  error?: boolean;
  inputRef?: Ref<HTMLInputElement>;
}) {
  const id = useId();
  return (
    <TextField
      id={id}
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      helperText={helperText}
      error={error}
      inputRef={inputRef}
      required
    />
  );
}

/** Adds a passkey: the browser asks the authenticator, the BFF verifies and stores it. */
export function EnrolPasskey({ onEnrolled }: Props) {
  const [label, setLabel] = useState('My passkey');
  const enrol = useMutation({ mutationFn: enrolPasskey, onSuccess: onEnrolled });
  // The button held the focus and was disabled while the device was asked: a failure gives it
  // back, next to the message read out, or it would fall to the page's top.
  const createButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (enrol.isError) createButton.current?.focus();
  }, [enrol.isError]);
  return (
    <FactorForm label="Add a passkey" onSubmit={() => enrol.mutate(label)}>
      <Problem error={enrol.error} />
      <FactorNameField
        label="Passkey name"
        value={label}
        onChange={setLabel}
        helperText="Such as the device or security key it lives on"
      />
      <Button type="submit" variant="contained" disabled={enrol.isPending} ref={createButton}>
        {enrol.isPending ? 'Waiting for your device…' : 'Create passkey'}
      </Button>
    </FactorForm>
  );
}

/** Adds an authenticator app: scan the code (or type the key), then confirm with one code. */
export function EnrolTotp({ onEnrolled }: Props) {
  const codeId = useId();
  const [code, setCode] = useState('');
  const [label, setLabel] = useState('Authenticator app');
  const start = useMutation({ mutationFn: startTotpEnrolment });
  // A refused code (or name) is told on its field, and the focus goes there to correct it: the
  // Confirm button that held it says nothing of what was wrong.
  const codeField = useRef<HTMLInputElement>(null);
  const labelField = useRef<HTMLInputElement>(null);
  const confirm = useMutation({
    mutationFn: confirmTotp,
    onSuccess: onEnrolled,
    onError: (error) => (refusedField(error) === 'label' ? labelField : codeField).current?.focus(),
  });
  const secret = start.data;
  const refused = refusedField(confirm.error);
  const fieldError = (field: 'code' | 'label') =>
    refused === field ? { error: true, helperText: problem(confirm.error) } : {};

  if (!secret) {
    return (
      <Box sx={{ display: 'grid', gap: 1.5 }}>
        <Problem error={start.error} />
        <Button variant="outlined" disabled={start.isPending} onClick={() => start.mutate()}>
          Set up an authenticator app
        </Button>
      </Box>
    );
  }
  return (
    <FactorForm
      label="Confirm the authenticator app"
      onSubmit={() => confirm.mutate({ code, label })}
    >
      {/* It replaces the button that was pressed: it takes the focus, which would drop to the
          page's top, and is read out first. */}
      <Typography tabIndex={-1} ref={focusOnMount} sx={{ outline: 'none' }}>
        Scan this code with your authenticator app, or type the key below into it. Then enter the
        6-digit code it shows.
      </Typography>
      <Box
        component="img"
        src={`data:image/svg+xml;utf8,${encodeURIComponent(secret.qrSvg)}`}
        alt="QR code of the authenticator key"
        sx={{ width: 180, height: 180, bgcolor: '#fff' }}
      />
      <Typography>
        Key:{' '}
        <Box component="code" data-testid="totp-secret" sx={{ wordBreak: 'break-all' }}>
          {secret.secret}
        </Box>
      </Typography>
      {refused === null && <Problem error={confirm.error} />}
      <FactorNameField
        label="App name"
        value={label}
        onChange={setLabel}
        inputRef={labelField}
        {...fieldError('label')}
      />
      <TextField
        id={codeId}
        label="6-digit code"
        value={code}
        onChange={(event) => setCode(event.target.value)}
        autoComplete="one-time-code"
        inputRef={codeField}
        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        required
        {...fieldError('code')}
      />
      <Button type="submit" variant="contained" disabled={confirm.isPending}>
        {confirm.isPending ? 'Checking…' : 'Confirm'}
      </Button>
    </FactorForm>
  );
}

const kindLabels = { totp: 'Authenticator app', passkey: 'Passkey' } as const;

/** A factor by its name, and its kind when the name does not already say it. */
export function factorName(factor: { label: string; kind: keyof typeof kindLabels }): string {
  const kind = kindLabels[factor.kind];
  return factor.label.trim().toLowerCase() === kind.toLowerCase()
    ? factor.label
    : `${factor.label} (${kind})`;
}
