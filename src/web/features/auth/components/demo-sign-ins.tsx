import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { roleLabels, type Role } from '../../../../contract/session';

/** The sandbox's seeded users; shown only when the BFF says it runs on the sandbox. */
const demoUsers: { email: string; role: Role }[] = [
  { email: 'investor@demo.test', role: 'investor' },
  { email: 'investor2@demo.test', role: 'investor' },
  { email: 'issuer@demo.test', role: 'issuer_staff' },
  { email: 'compliance@demo.test', role: 'compliance' },
  { email: 'admin@demo.test', role: 'admin' },
];
const DEFAULT_DEMO_PASSWORD = 'demo-password-2026';

export function DemoSignIns({ onUse }: { onUse: (email: string, password: string) => void }) {
  return (
    <Paper variant="outlined" component="section" aria-labelledby="demo-sign-ins" sx={{ p: 2 }}>
      <Typography component="h2" variant="h3" id="demo-sign-ins">
        Demo sign-ins
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
        This portal runs on the sandbox. Every demo user&apos;s password is{' '}
        <Box component="code" sx={{ fontFamily: 'monospace' }}>
          {DEFAULT_DEMO_PASSWORD}
        </Box>{' '}
        unless it was started with another DEMO_PASSWORD.
      </Typography>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, mt: 1 }}>
        {demoUsers.map((user) => (
          <Box
            component="li"
            key={user.email}
            sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 0.5 }}
          >
            <Box sx={{ flexGrow: 1, minWidth: 0 }}>
              <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                {user.email}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {roleLabels[user.role]}
              </Typography>
            </Box>
            <Button
              size="small"
              variant="outlined"
              onClick={() => onUse(user.email, DEFAULT_DEMO_PASSWORD)}
              aria-label={`Fill in ${user.email}`}
            >
              Fill in
            </Button>
          </Box>
        ))}
      </Box>
    </Paper>
  );
}
