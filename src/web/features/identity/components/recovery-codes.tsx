import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { saveBlob } from '../../../lib/download';
import { focusOnMount } from '../../../lib/focus';
import { formatInstant, viewerDayOf } from '../../../lib/format';
import './recovery-codes.css';

const PORTAL = 'Transact Portal';

/**
 * The codes as a text file: named for the portal and the day (the viewer's), a line saying what
 * they are, then one code a line, so a person who finds the file later knows what it holds.
 */
function recoveryCodesFile(codes: readonly string[], now = new Date()) {
  const day = viewerDayOf(now.toISOString()) ?? now.toISOString().slice(0, 10);
  const text = [
    `${PORTAL} recovery codes, made ${formatInstant(now.toISOString())}.`,
    'Each works once, to sign in or confirm it is you without your passkey or authenticator app.',
    'Making new codes in Security settings ends these.',
    '',
    ...codes,
    '',
  ].join('\n');
  return { name: `transact-portal-recovery-codes-${day}.txt`, text };
}

type Told = { ok: boolean; text: string } | null;

/**
 * Shown once: the codes are stored only as hashes. Focus goes to their heading as they appear:
 * the form or button that made them is replaced, and focus would drop to the start of the page.
 * They can be downloaded as a text file, copied or printed (only the codes are printed,
 * recovery-codes.css), as a person keeps them in a password manager, a file or on paper.
 * `replaced`: they were made in place of earlier codes, which no longer work.
 */
export function RecoveryCodes({
  codes,
  replaced = false,
}: {
  codes: readonly string[];
  replaced?: boolean;
}) {
  const [told, setTold] = useState<Told>(null);
  const [madeAt] = useState(() => new Date());
  const file = recoveryCodesFile(codes, madeAt);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(file.text);
      setTold({
        ok: true,
        text: `Copied the ${codes.length} codes. Paste them somewhere safe, such as a password manager.`,
      });
    } catch {
      setTold({
        ok: false,
        text: 'This browser did not let the page copy them: download or print them instead.',
      });
    }
  };
  const print = () => {
    // Only the codes are printed while this mark is on the page (recovery-codes.css).
    document.body.dataset.printing = 'recovery-codes';
    const done = () => delete document.body.dataset.printing;
    window.addEventListener('afterprint', done, { once: true });
    window.print();
  };

  return (
    <Box className="recovery-codes" sx={{ display: 'grid', gap: 1 }}>
      <Typography component="h2" variant="h2" tabIndex={-1} ref={focusOnMount}>
        Your recovery codes
      </Typography>
      <Typography className="recovery-codes__print-only">
        {PORTAL}, made {formatInstant(madeAt.toISOString())}.
      </Typography>
      {replaced && <Typography>Your earlier recovery codes no longer work.</Typography>}
      <Typography>
        Keep them somewhere safe: each works once if you lose your passkey or app. They are shown
        only now: download, copy or print them before you leave this page.
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
      <Box className="recovery-codes__actions" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        <Button
          variant="outlined"
          onClick={() => saveBlob(new Blob([file.text], { type: 'text/plain' }), file.name)}
        >
          Download (.txt)
        </Button>
        <Button variant="outlined" onClick={() => void copy()}>
          Copy
        </Button>
        <Button variant="outlined" onClick={print}>
          Print
        </Button>
      </Box>
      <Typography
        className="recovery-codes__actions"
        role="status"
        color={told && !told.ok ? 'error' : undefined}
      >
        {told?.text}
      </Typography>
    </Box>
  );
}
