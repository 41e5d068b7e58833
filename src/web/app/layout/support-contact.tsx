import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import { usePortalConfig } from '../../features/auth/api/get-portal-config';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Whom the portal's "contact support" means (SUPPORT_CONTACT), under the navigation of every
 * signed-in page: an email address as a link that writes to it, anything else (a phone number, a
 * desk's name) as said. Nothing while the settings are on their way or none is set. A landmark of
 * its own ("Support"), beside the navigation: a screen reader that lists landmarks finds it, and
 * no text of the page lies outside one (axe, region).
 */
export function SupportContact() {
  const contact = usePortalConfig().data?.supportContact;
  if (!contact) return null;
  return (
    <Box
      component="aside"
      aria-label="Support"
      sx={{
        m: 0,
        mt: 'auto',
        px: 2,
        py: 1.5,
        typography: 'body2',
        color: 'text.secondary',
        overflowWrap: 'anywhere',
      }}
    >
      Need help? Contact support:{' '}
      {EMAIL.test(contact) ? <Link href={`mailto:${contact}`}>{contact}</Link> : contact}
    </Box>
  );
}
