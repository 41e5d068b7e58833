import type { ReactNode } from 'react';
import { useDocumentTitle } from '../document-title';
import { PlainButton } from '../plain-button';
import '../plain.css';

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

/**
 * A friendly explanation of what went wrong and what the person can do next. Drawn without MUI
 * (plain.css): it shows before the signed-in pages have loaded it, or when loading them failed.
 */
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
    <div className="error-page">
      <h1 className="plain-h1" data-gutter tabIndex={-1} data-page-title>
        {title}
      </h1>
      <div className="error-page__message">{message}</div>
      <div className="error-page__actions">
        {onRetry && (
          <PlainButton type="button" onClick={onRetry}>
            {retryLabel}
          </PlainButton>
        )}
        {action}
      </div>
    </div>
  );
  return standalone ? <main id="main-content">{content}</main> : content;
}
