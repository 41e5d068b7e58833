import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';

/** Terms and values side by side on wide screens, stacked on narrow ones. */
export function DescriptionList({ items }: { items: [string, ReactNode][] }) {
  return (
    <Box
      component="dl"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'minmax(10rem, auto) minmax(0, 1fr)' },
        columnGap: 2,
        rowGap: { xs: 0.25, sm: 1 },
        mt: 1,
        mb: 0,
      }}
    >
      {items.map(([term, value]) => (
        <Box key={term} sx={{ display: 'contents' }}>
          <Typography component="dt" color="textSecondary" sx={{ mt: { xs: 1, sm: 0 } }}>
            {term}
          </Typography>
          {/* break-word, not anywhere: a figure such as $779,050.00 breaks only if it cannot fit. */}
          <Typography component="dd" sx={{ m: 0, overflowWrap: 'break-word', minWidth: 0 }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/** The id of a SectionCard's heading, which a link's `#…` lands on (see app-layout). */
export const sectionId = (title: string) => `section-${title.toLowerCase().replace(/\W+/g, '-')}`;

/** A titled card; its h2 names the region for screen readers. */
export function SectionCard({
  title,
  actions,
  children,
}: {
  title: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const id = sectionId(title);
  return (
    <Paper variant="outlined" component="section" aria-labelledby={id} sx={{ p: { xs: 2, md: 3 } }}>
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          gap: 1,
          justifyContent: 'space-between',
          alignItems: 'center',
        }}
      >
        <Typography component="h2" variant="h2" id={id}>
          {title}
        </Typography>
        {actions}
      </Box>
      {children}
    </Paper>
  );
}

/**
 * A SectionCard's tighter sibling, for pages with many sections (a review, a purchase history):
 * less padding and a smaller h2, which names the region for screen readers through `id`.
 */
export function TitledPanel({
  id,
  title,
  sx,
  children,
}: {
  id: string;
  title: string;
  sx?: SxProps<Theme>;
  children: ReactNode;
}) {
  return (
    <Paper
      variant="outlined"
      sx={[{ p: 2 }, ...(Array.isArray(sx) ? sx : [sx])]}
      component="section"
      aria-labelledby={id}
    >
      <Typography id={id} component="h2" variant="h3" gutterBottom>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/** An identifier shown as written: monospace, never translated. */
export function Code({ value }: { value: string }) {
  return (
    <Box component="span" translate="no" sx={{ fontFamily: 'monospace' }}>
      {value}
    </Box>
  );
}
