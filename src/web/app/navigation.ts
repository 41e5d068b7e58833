import type { ComponentType } from 'react';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import StorefrontOutlined from '@mui/icons-material/StorefrontOutlined';
import type { Role } from '../../contract/session';
import { paths } from '../config/paths';

export type NavigationItem = {
  label: string;
  href: string;
  /** The roles that see the entry; the BFF still decides what each may do (decision 1). */
  roles: readonly Role[];
  icon: ComponentType<SvgIconProps>;
};

const everyone: readonly Role[] = ['investor', 'issuer_staff', 'compliance', 'admin'];

/** One line per page in the main navigation, in the order shown. */
export const navigationItems: NavigationItem[] = [
  {
    label: 'Offerings',
    href: paths.app.offerings.getHref(),
    roles: everyone,
    icon: StorefrontOutlined,
  },
];

export const navigationFor = (role: Role) =>
  navigationItems.filter((item) => item.roles.includes(role));
