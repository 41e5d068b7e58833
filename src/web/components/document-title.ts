import { useEffect } from 'react';

export const APP_NAME = 'Transact Portal';

/**
 * Names the browser tab after the page. A module of its own, apart from PageHeader: the sign-in and
 * error pages use it without loading MUI, which the page header is drawn with.
 */
export function useDocumentTitle(title: string) {
  useEffect(() => {
    document.title = title ? `${title} · ${APP_NAME}` : APP_NAME;
  }, [title]);
}
