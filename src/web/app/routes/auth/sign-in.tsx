import type { QueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { redirect, useNavigate, useSearchParams, type LoaderFunctionArgs } from 'react-router-dom';
import { Notice } from '../../../components/notice';
import { useDocumentTitle } from '../../../components/page-header';
import { homeHref, safeReturnPath } from '../../../config/paths';
import { sessionQueryOptions } from '../../../features/auth/api/get-session';
import { portalConfigQueryOptions } from '../../../features/auth/api/get-portal-config';
import { SignInForm } from '../../../features/auth/components/sign-in-form';

export const clientLoader =
  (queryClient: QueryClient) =>
  async ({ request }: LoaderFunctionArgs) => {
    const search = new URL(request.url).searchParams;
    void queryClient.prefetchQuery(portalConfigQueryOptions());
    // Someone already signed in has nothing to do here, unless they just signed out.
    if (search.get('reason') !== 'signed-out') {
      const session = await queryClient.ensureQueryData(sessionQueryOptions()).catch(() => null);
      if (session) throw redirect(safeReturnPath(search.get('redirectTo')) ?? homeHref());
    }
    return null;
  };

const notices: Record<string, { severity: 'info' | 'success'; text: string }> = {
  expired: { severity: 'info', text: 'Your session has ended, please sign in again.' },
  'signed-out': { severity: 'success', text: 'You have signed out.' },
};

export default function SignInRoute() {
  useDocumentTitle('Sign in');
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const notice = notices[search.get('reason') ?? ''];
  const returnPath = safeReturnPath(search.get('redirectTo'));

  return (
    <Box
      component="main"
      id="main-content"
      sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 2 }}
    >
      <Box
        sx={{
          width: '100%',
          maxWidth: 440,
          p: { xs: 3, sm: 4 },
          bgcolor: 'background.paper',
          border: 1,
          borderColor: 'divider',
          borderRadius: 2,
        }}
      >
        <Typography component="p" variant="overline" color="primary" sx={{ fontWeight: 700 }}>
          Transact Portal
        </Typography>
        <Typography component="h1" variant="h1" gutterBottom>
          Sign in
        </Typography>
        {notice && (
          <Box sx={{ mb: 2 }}>
            <Notice severity={notice.severity}>{notice.text}</Notice>
          </Box>
        )}
        <SignInForm onSuccess={() => void navigate(returnPath ?? homeHref(), { replace: true })} />
      </Box>
    </Box>
  );
}
