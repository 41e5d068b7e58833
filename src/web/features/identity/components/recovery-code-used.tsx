import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { focusOnMount } from '../../../lib/focus';
import { countOf } from '../../../lib/format';

/**
 * After a recovery code proved who a person is (signing in, or confirming it before money moves):
 * the code is spent, how many are left, and where to put things right. A person who reached for
 * a recovery code has most likely lost their passkey or app, and should hear it before the codes
 * run out. It takes the focus (the code form it replaces had it) and is read out as it appears;
 * the caller puts the buttons that go on beside it: Continue, and where the page may be left,
 * one to Security settings.
 */
export function RecoveryCodeUsed({ left, when }: { left: number; when: 'sign-in' | 'step-up' }) {
  return (
    <Box role="status" tabIndex={-1} ref={focusOnMount} sx={{ outline: 'none' }}>
      <Typography component="h2" variant="h2" gutterBottom>
        {when === 'sign-in'
          ? 'You signed in with a recovery code'
          : 'You confirmed it is you with a recovery code'}
      </Typography>
      <Typography>
        {left === 0
          ? 'It cannot be used again, and it was your last one: you have no recovery codes left.'
          : `It cannot be used again: you have ${countOf(left, 'recovery code', 'recovery codes')} left.`}{' '}
        If you have lost your passkey or authenticator app, add a new one in Security settings (in
        the menu under your name) and make new recovery codes there.
      </Typography>
    </Box>
  );
}
