import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { homeHref } from '../../config/paths';
import { isApiClientError, partMayPassOnRetry } from '../../lib/api-client';
import { NotFound } from '../not-found';
import { PlainButtonLink } from '../plain-button';
import { ErrorPage } from './error-page';

/** A chunk that no longer exists after a deploy can only be fixed by loading the page again. */
const isStaleChunk = (error: unknown) =>
  error instanceof Error &&
  /dynamically imported module|Importing a module script/i.test(error.message);

/** The errorElement of every route: loaders and rendering errors end up here. */
export function RouteError({ standalone = false }: { standalone?: boolean }) {
  const error = useRouteError();

  if (isRouteErrorResponse(error) && error.status === 404)
    return <NotFound standalone={standalone} />;
  if (isApiClientError(error) && error.status === 404) return <NotFound standalone={standalone} />;

  const forbidden =
    (isRouteErrorResponse(error) && error.status === 403) ||
    (isApiClientError(error) && error.status === 403);

  if (forbidden) {
    return (
      <ErrorPage
        standalone={standalone}
        title="You do not have access to this page"
        message="Your role does not include this part of the portal. If you think it should, ask an administrator."
        action={
          <PlainButtonLink to={homeHref()} variant="outlined">
            Go to the start page
          </PlainButtonLink>
        }
      />
    );
  }

  if (!isApiClientError(error)) console.error('Route error', error);
  const message = isApiClientError(error)
    ? error.message
    : isStaleChunk(error)
      ? 'A newer version of the portal is available. Reload to continue.'
      : 'This page could not be shown. Try again, and if it keeps happening, come back a little later.';

  return (
    <ErrorPage
      standalone={standalone}
      title="Something went wrong"
      message={message}
      retryLabel="Reload the page"
      // Not where the page would be refused alike (the portal's own access to the platform set
      // up wrong): the message sends the person to support.
      onRetry={
        isApiClientError(error) && !partMayPassOnRetry(error)
          ? undefined
          : () => window.location.reload()
      }
      action={
        <PlainButtonLink to={homeHref()} variant="outlined">
          Go to the start page
        </PlainButtonLink>
      }
    />
  );
}
