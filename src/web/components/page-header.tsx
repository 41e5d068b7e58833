import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useDocumentTitle } from './document-title';

export type PageHeaderProps = {
  title: string;
  /**
   * What the browser's tab and history call the page, when the title names a person: a history
   * outlives the session and is read by whoever uses the browser next. The title by default.
   */
  tabTitle?: string;
  description?: ReactNode;
  /** Links or buttons for the page as a whole, placed at the end of the header. */
  actions?: ReactNode;
  /** Above the title: breadcrumbs or a back link. */
  above?: ReactNode;
};

/** The page's one h1; the layout moves focus to it after each navigation. */
export function PageHeader({ title, tabTitle, description, actions, above }: PageHeaderProps) {
  useDocumentTitle(tabTitle ?? title);
  return (
    <Box component="header" sx={{ mb: 3 }}>
      {above}
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'flex-start',
          justifyContent: 'space-between',
          gap: 2,
        }}
      >
        <Box sx={{ minWidth: 0 }}>
          <Typography
            component="h1"
            variant="h1"
            tabIndex={-1}
            data-page-title
            sx={{ outline: 'none', overflowWrap: 'anywhere' }}
          >
            {title}
          </Typography>
          {description && (
            <Typography color="textSecondary" sx={{ mt: 1 }}>
              {description}
            </Typography>
          )}
        </Box>
        {actions && <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>{actions}</Box>}
      </Box>
    </Box>
  );
}
