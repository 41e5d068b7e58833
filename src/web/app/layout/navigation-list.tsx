import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import { NavLink, useLocation } from 'react-router-dom';
import type { Role } from '../../../contract/session';
import { navigationFor } from '../navigation';

type NavigationListProps = { role: Role; onNavigate?: () => void };

export function NavigationList({ role, onNavigate }: NavigationListProps) {
  const { pathname } = useLocation();
  return (
    <nav aria-label="Main">
      <List>
        {navigationFor(role).map((item) => {
          const current = pathname === item.href || pathname.startsWith(`${item.href}/`);
          const Icon = item.icon;
          return (
            <li key={item.href}>
              <ListItemButton
                component={NavLink}
                to={item.href}
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
