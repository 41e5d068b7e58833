import Breadcrumbs from '@mui/material/Breadcrumbs';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '../../../../config/paths';

/** My accounts › Account › … ; the last crumb is the current page. */
export function AccountBreadcrumbs({
  accountId,
  current,
}: {
  accountId: string;
  current?: string;
}) {
  return (
    <Breadcrumbs aria-label="Breadcrumb" sx={{ mb: 1 }}>
      <Link component={RouterLink} to={paths.app.accounts.getHref()}>
        My accounts
      </Link>
      {current ? (
        <Link component={RouterLink} to={paths.app.account.getHref(accountId)}>
          Account {accountId}
        </Link>
      ) : (
        <Typography color="text.primary" aria-current="page">
          Account {accountId}
        </Typography>
      )}
      {current && (
        <Typography color="text.primary" aria-current="page">
          {current}
        </Typography>
      )}
    </Breadcrumbs>
  );
}
