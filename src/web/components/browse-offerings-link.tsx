import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '../config/paths';

/** The next step for an investor with nothing yet: the list of offerings. */
export function BrowseOfferingsLink() {
  return (
    <Link component={RouterLink} to={paths.app.offerings.getHref()}>
      Browse offerings
    </Link>
  );
}
