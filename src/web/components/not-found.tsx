import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router-dom';
import { homeHref } from '../config/paths';
import { ErrorPage } from './errors/error-page';

type NotFoundProps = {
  title?: string;
  message?: string;
  backTo?: { href: string; label: string };
  standalone?: boolean;
};

export function NotFound({
  title = 'Page not found',
  message = 'The address may be mistyped, or the page may have moved.',
  backTo = { href: homeHref(), label: 'Go to the start page' },
  standalone = false,
}: NotFoundProps) {
  return (
    <ErrorPage
      standalone={standalone}
      title={title}
      message={message}
      action={
        <Button component={RouterLink} to={backTo.href} variant="contained">
          {backTo.label}
        </Button>
      }
    />
  );
}
