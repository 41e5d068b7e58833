import { homeHref } from '../config/paths';
import { ErrorPage } from './errors/error-page';
import { PlainButtonLink } from './plain-button';

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
      action={<PlainButtonLink to={backTo.href}>{backTo.label}</PlainButtonLink>}
    />
  );
}
