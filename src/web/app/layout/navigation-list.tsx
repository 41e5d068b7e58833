import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import { Link, useLocation } from 'react-router-dom';
import type { Role } from '../../../contract/session';
import { currentNavigationHref, navigationFor } from '../navigation';

type NavigationListProps = { role: Role; onNavigate?: () => void };

export function NavigationList({ role, onNavigate }: NavigationListProps) {
  const { pathname } = useLocation();
  const items = navigationFor(role);
  const currentHref = currentNavigationHref(items, pathname);
  return (
    <nav aria-label="Main">
      <List>
        {items.map((item) => {
          const current = item.href === currentHref;
          const Icon = item.icon;
          return (
            <li key={item.href}>
              <ListItemButton
                // A plain Link: NavLink would mark every prefix current on its own.
                component={Link}
                to={item.href}
                aria-current={current ? 'page' : undefined}
                selected={current}
                onClick={onNavigate}
              >
                <ListItemIcon>
                  <Icon />
                </ListItemIcon>
                <ListItemText primary={item.label} />
              </ListItemButton>
            </li>
          );
        })}
      </List>
    </nav>
  );
}
