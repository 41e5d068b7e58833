import type { ReactNode } from 'react';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { DescriptionList } from '../../../components/description-list';
import { focusOnMount } from '../../../lib/focus';

/**
 * What the IRA page shows instead of the wizard when a request would duplicate what the account
 * has or waits for (ira-already-open.tsx, waiting-ira-request.tsx): a heading, why the form is
 * not offered, what there is, and where to follow it.
 */
export function InPlaceOfTheWizard({
  id,
  title,
  why,
  items,
  links,
  takeFocus,
}: {
  /** The heading's id, which names the section. */
  id: string;
  title: string;
  why: string;
  items: [string, ReactNode][];
  links: { to: string; text: string }[];
  /** It replaces the form the person was using: its heading takes the focus. */
  takeFocus: boolean;
}) {
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={id}
      sx={{ p: { xs: 2, md: 3 }, maxWidth: 720 }}
    >
      <Typography
        component="h2"
        variant="h2"
        id={id}
        tabIndex={-1}
        ref={takeFocus ? focusOnMount : undefined}
        sx={{ outline: 'none' }}
      >
        {title}
      </Typography>
      <Typography sx={{ mt: 1 }}>{why}</Typography>
      <DescriptionList items={items} />
      {links.map((link, i) => (
        <Typography key={link.to} sx={{ mt: i === 0 ? 2 : 1 }}>
          <Link component={RouterLink} to={link.to} className="tap-target">
            {link.text}
          </Link>
        </Typography>
      ))}
    </Paper>
  );
}
