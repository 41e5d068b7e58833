import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useDocumentTitle } from '../page-header';
import { PlainButton } from '../plain-button';

type ErrorPageProps = {
  title: string;
  message: ReactNode;
  onRetry?: () => void;
  retryLabel?: string;
  /** A way out, such as a link home, shown next to the retry. */
  action?: ReactNode;
  /** Full-page variant for errors outside the signed-in layout. */
  standalone?: boolean;
};

/** A friendly explanation of what went wrong and what the person can do next. */
export function ErrorPage({
  title,
  message,
  onRetry,
  retryLabel = 'Try again',
  action,
  standalone = false,
}: ErrorPageProps) {
  useDocumentTitle(title);
  const content = (
    <Box sx={{ maxWidth: 560, mx: 'auto', py: { xs: 4, md: 8 }, px: 2, textAlign: 'center' }}>
      <Typography
        component="h1"
        variant="h1"
        gutterBottom
        tabIndex={-1}
        data-page-title
        sx={{ outline: 'none' }}
      >
        {title}
      </Typography>
      <Typography component="div" color="text.secondary" sx={{ mb: 3 }}>
        {message}
      </Typography>
      <Box
        sx={{
          display: 'flex',
          flexDirection: { xs: 'column', sm: 'row' },
          gap: 2,
          justifyContent: 'center',
        }}
      >
        {onRetry && (
          <PlainButton type="button" onClick={onRetry}>
            {retryLabel}
          </PlainButton>
        )}
        {action}
      </Box>
    </Box>
  );
  return standalone ? <main id="main-content">{content}</main> : content;
}
