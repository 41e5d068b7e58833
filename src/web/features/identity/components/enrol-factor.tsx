import { useId, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { errorMessage, isApiClientError } from '../../../lib/api-client';
import { confirmTotp, enrolPasskey, startTotpEnrolment } from '../api/second-factors';

type Enrolled = { recoveryCodes: string[] | null };
type Props = { onEnrolled: (result: Enrolled) => void };

function problem(err: unknown): string {
  if (isApiClientError(err)) return err.fields[0]?.message ?? errorMessage(err);
  if (err instanceof Error && err.name === 'NotAllowedError')
    return 'The passkey was not created (cancelled or timed out).';
  return 'This device could not create a passkey. Try the authenticator app instead.';
}

/** Adds a passkey: the browser asks the authenticator, the BFF verifies and stores it. */
export function EnrolPasskey({ onEnrolled }: Props) {
  const labelId = useId();
  const [label, setLabel] = useState('My passkey');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <Box
      component="form"
      noValidate
      aria-label="Add a passkey"
      sx={{ display: 'grid', gap: 1.5 }}
      onSubmit={(event) => {
        event.preventDefault();
        setBusy(true);
        setError(null);
        enrolPasskey(label)
          .then(onEnrolled)
          .catch((err: unknown) => setError(problem(err)))
          .finally(() => setBusy(false));
      }}
    >
      {error && (
        <Typography role="alert" color="error">
          {error}
        </Typography>
      )}
      <TextField
        id={labelId}
        label="Passkey name"
        value={label}
        onChange={(event) => setLabel(event.target.value)}
        helperText="Such as the device or security key it lives on"
        required
      />
      <Button type="submit" variant="contained" disabled={busy}>
        {busy ? 'Waiting for your device…' : 'Create passkey'}
      </Button>
    </Box>
  );
}

/** Adds an authenticator app: scan the code (or type the key), then confirm with one code. */
export function EnrolTotp({ onEnrolled }: Props) {
  const codeId = useId();
  const labelId = useId();
  const [secret, setSecret] = useState<{ secret: string; qrSvg: string } | null>(null);
  const [code, setCode] = useState('');
  const [label, setLabel] = useState('Authenticator app');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  if (!secret) {
    return (
      <Box sx={{ display: 'grid', gap: 1.5 }}>
        {error && (
          <Typography role="alert" color="error">
            {error}
          </Typography>
        )}
        <Button
          variant="outlined"
          disabled={busy}
          onClick={() => {
            setBusy(true);
            setError(null);
            startTotpEnrolment()
              .then(setSecret)
              .catch((err: unknown) => setError(problem(err)))
              .finally(() => setBusy(false));
          }}
        >
          Set up an authenticator app
        </Button>
      </Box>
    );
  }
  return (
    <Box
      component="form"
      noValidate
      aria-label="Confirm the authenticator app"
      sx={{ display: 'grid', gap: 1.5 }}
      onSubmit={(event) => {
        event.preventDefault();
        setBusy(true);
        setError(null);
        confirmTotp({ code, label })
          .then(onEnrolled)
          .catch((err: unknown) => setError(problem(err)))
          .finally(() => setBusy(false));
      }}
    >
      <Typography>
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
      {error && (
        <Typography role="alert" color="error">
          {error}
        </Typography>
      )}
      <TextField
        id={labelId}
        label="App name"
        value={label}
        onChange={(event) => setLabel(event.target.value)}
        required
      />
      <TextField
        id={codeId}
        label="6-digit code"
        value={code}
        onChange={(event) => setCode(event.target.value)}
        autoComplete="one-time-code"
        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        required
      />
      <Button type="submit" variant="contained" disabled={busy}>
        {busy ? 'Checking…' : 'Confirm'}
      </Button>
    </Box>
  );
}

/** Shown once: the codes are stored only as hashes. */
export function RecoveryCodes({ codes }: { codes: string[] }) {
  return (
    <Box role="status" sx={{ display: 'grid', gap: 1 }}>
      <Typography sx={{ fontWeight: 600 }}>Your recovery codes</Typography>
      <Typography>
        Keep them somewhere safe: each works once if you lose your passkey or app. They are shown
        only now.
      </Typography>
      <Box
        component="ul"
        aria-label="Recovery codes"
        sx={{ fontFamily: 'monospace', columns: { xs: 1, sm: 2 }, m: 0 }}
      >
        {codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </Box>
    </Box>
  );
}
