import { useId, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Snackbar from '@mui/material/Snackbar';
import Typography from '@mui/material/Typography';
import AccountCircleOutlined from '@mui/icons-material/AccountCircleOutlined';
import LogoutOutlined from '@mui/icons-material/LogoutOutlined';
import KeyOutlined from '@mui/icons-material/KeyOutlined';
import DevicesOutlined from '@mui/icons-material/DevicesOutlined';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '../../config/paths';
import { roleLabels, type SessionUser } from '../../../contract/session';
import { errorMessage } from '../../lib/api-client';
import { useSignOut } from '../../lib/use-sign-out';

/** The person's own settings, one menu item each. */
const settingsPages = [
  { href: paths.app.security.getHref(), Icon: KeyOutlined, label: 'Security settings' },
  { href: paths.app.sessions.getHref(), Icon: DevicesOutlined, label: 'My sessions' },
];

export function UserMenu({ user }: { user: SessionUser }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const signOut = useSignOut();
  const menuId = useId();
  const open = Boolean(anchor);
  const role = roleLabels[user.role];

  return (
    <>
      <Button
        color="inherit"
        onClick={(event) => setAnchor(event.currentTarget)}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        startIcon={<AccountCircleOutlined />}
        sx={{ minWidth: 0, textAlign: 'left' }}
      >
        <span>
          <Typography
            component="span"
            sx={{ display: { xs: 'none', sm: 'block' }, lineHeight: 1.2, fontWeight: 600 }}
          >
            {user.name}
          </Typography>
          <Typography component="span" variant="caption" sx={{ display: 'block', lineHeight: 1.2 }}>
            {role}
          </Typography>
        </span>
        <span className="visually-hidden">, account menu</span>
      </Button>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={open}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        {/* A long name or address breaks anywhere, inside the menu on a phone's screen. */}
        <li role="none" style={{ padding: '6px 16px 8px', overflowWrap: 'anywhere' }}>
          <Typography sx={{ fontWeight: 600 }}>{user.name}</Typography>
          <Typography variant="body2" color="textSecondary">
            {user.email}
          </Typography>
          <Typography variant="body2" color="textSecondary">
            Signed in as {role}
          </Typography>
        </li>
        <Divider component="li" role="none" />
        {settingsPages.map(({ href, Icon, label }) => (
          <MenuItem key={label} component={RouterLink} to={href} onClick={() => setAnchor(null)}>
            <ListItemIcon>
              <Icon fontSize="small" />
            </ListItemIcon>
            {label}
          </MenuItem>
        ))}
        <MenuItem
          onClick={() => {
            setAnchor(null);
            signOut.mutate();
          }}
          disabled={signOut.isPending}
        >
          <ListItemIcon>
            <LogoutOutlined fontSize="small" />
          </ListItemIcon>
          Sign out
        </MenuItem>
      </Menu>
      <Snackbar
        open={signOut.isError}
        onClose={() => signOut.reset()}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      >
        <Alert severity="error" role="alert" onClose={() => signOut.reset()}>
          You are still signed in. {errorMessage(signOut.error)}
        </Alert>
      </Snackbar>
    </>
  );
}
