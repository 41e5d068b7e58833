import type { ComponentType } from 'react';
import type { SvgIconProps } from '@mui/material/SvgIcon';
import AccountBalanceWalletOutlined from '@mui/icons-material/AccountBalanceWalletOutlined';
import StorefrontOutlined from '@mui/icons-material/StorefrontOutlined';
import PieChartOutlineOutlined from '@mui/icons-material/PieChartOutlineOutlined';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import BusinessCenterOutlined from '@mui/icons-material/BusinessCenterOutlined';
import AccountBalanceOutlined from '@mui/icons-material/AccountBalanceOutlined';
import ManageSearchOutlined from '@mui/icons-material/ManageSearchOutlined';
import SwapHorizOutlined from '@mui/icons-material/SwapHorizOutlined';
import HistoryEduOutlined from '@mui/icons-material/HistoryEduOutlined';
import QueryStatsOutlined from '@mui/icons-material/QueryStatsOutlined';
import ScheduleOutlined from '@mui/icons-material/ScheduleOutlined';
import EditCalendarOutlined from '@mui/icons-material/EditCalendarOutlined';
import ManageAccountsOutlined from '@mui/icons-material/ManageAccountsOutlined';
import FactCheckOutlined from '@mui/icons-material/FactCheckOutlined';
import type { Role } from '../../contract/session';
import { paths } from '../config/paths';
import { REVIEWERS } from './session-guard';

/** What an investor's menu and page call the approvals page: their own disbursements held there. */
export const HELD_DISBURSEMENTS = 'Held disbursements';

export type NavigationItem = {
  label: string;
  href: string;
  /** The roles that see the entry; the BFF still decides what each may do. */
  roles: readonly Role[];
  /** Another label for some roles: a reviewer's offerings are no "my offerings". */
  labelFor?: Partial<Record<Role, string>>;
  icon: ComponentType<SvgIconProps>;
};

const everyone: readonly Role[] = ['investor', 'issuer_staff', 'compliance', 'admin'];

/** One line per page in the main navigation, in the order shown. */
const navigationItems: NavigationItem[] = [
  {
    label: 'My accounts',
    href: paths.app.accounts.getHref(),
    roles: ['investor'],
    icon: AccountBalanceWalletOutlined,
  },
  {
    label: 'My investments',
    href: paths.app.holdings.getHref(),
    roles: ['investor'],
    icon: PieChartOutlineOutlined,
  },
  {
    label: 'Offerings',
    href: paths.app.offerings.getHref(),
    roles: everyone,
    icon: StorefrontOutlined,
  },
  {
    label: 'My offerings',
    href: paths.app.issuerOfferings.getHref(),
    roles: ['issuer_staff', ...REVIEWERS],
    labelFor: { compliance: 'Issuer offerings', admin: 'Issuer offerings' },
    icon: BusinessCenterOutlined,
  },
  {
    label: 'Issuer account',
    href: paths.app.issuerAccount.getHref(),
    roles: ['issuer_staff'],
    icon: AccountBalanceOutlined,
  },
  {
    label: 'Order book',
    href: paths.app.orderBook.getHref(),
    roles: everyone,
    icon: QueryStatsOutlined,
  },
  {
    label: 'Market hours',
    href: paths.app.marketHours.getHref(),
    roles: everyone,
    icon: ScheduleOutlined,
  },
  {
    label: 'Trading hours of my securities',
    href: paths.app.securityHours.getHref(),
    // Admins set any security's hours; compliance reads them on the market hours page.
    roles: ['issuer_staff', 'admin'],
    labelFor: { admin: 'Trading hours of securities' },
    icon: EditCalendarOutlined,
  },
  {
    label: 'Search',
    href: paths.app.complianceSearch.getHref(),
    roles: REVIEWERS,
    icon: ManageSearchOutlined,
  },
  {
    label: 'Fund moves',
    href: paths.app.complianceFundMoves.getHref(),
    roles: REVIEWERS,
    icon: SwapHorizOutlined,
  },
  {
    label: 'Money requests',
    href: paths.app.complianceMoneyRequests.getHref(),
    roles: REVIEWERS,
    icon: ReceiptLongOutlined,
  },
  {
    label: 'Audit log',
    href: paths.app.auditLog.getHref(),
    roles: REVIEWERS,
    icon: HistoryEduOutlined,
  },
  {
    label: 'Disbursement approvals',
    href: paths.app.approvals.getHref(),
    roles: ['investor', ...REVIEWERS],
    // An investor approves nothing there: the page lists their own disbursements held for a
    // second person's approval.
    labelFor: { investor: HELD_DISBURSEMENTS },
    // Whatever DISBURSEMENT_APPROVAL_ABOVE says, a disbursement asked from a sign-in an admin
    // set up or changed waits for a second person (lib/approval-total.ts): the page is always there.
    icon: FactCheckOutlined,
  },
  {
    label: 'Users',
    href: paths.app.adminUsers.getHref(),
    roles: ['admin'],
    icon: ManageAccountsOutlined,
  },
];

export const navigationFor = (role: Role) =>
  navigationItems
    .filter((item) => item.roles.includes(role))
    .map((item) => ({ ...item, label: item.labelFor?.[role] ?? item.label }));

/**
 * The one entry marked current for a path: the one whose address is the longest prefix of it,
 * so /market-hours/securities marks "Trading hours…" and not "Market hours" as well.
 */
export function currentNavigationHref(
  items: readonly Pick<NavigationItem, 'href'>[],
  pathname: string,
): string | null {
  let best: string | null = null;
  for (const { href } of items) {
    const matches = pathname === href || pathname.startsWith(`${href}/`);
    if (matches && (best === null || href.length > best.length)) best = href;
  }
  return best;
}
