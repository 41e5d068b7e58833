import Breadcrumbs from '@mui/material/Breadcrumbs';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';

/** Where the page sits: links to the pages above it, then the page itself (not a link). */
export function Trail({
  links,
  current,
}: {
  links: readonly { label: string; href: string }[];
  current: string;
}) {
  return (
    <Breadcrumbs aria-label="Breadcrumb" sx={{ mb: 1 }}>
      {links.map(({ label, href }) => (
        <Link key={href} component={RouterLink} to={href} className="tap-target">
          {label}
        </Link>
      ))}
      <Typography color="textPrimary" aria-current="page">
        {current}
      </Typography>
    </Breadcrumbs>
  );
}
