import { describe, expect, it } from 'vitest';
import { paths } from '../../config/paths';
import { currentNavigationHref, navigationFor } from '../navigation';

const off = { disbursementApprovals: false };

describe('a person follows the main navigation', () => {
  it('on the trading-hours page, only "Trading hours…" is current, not "Market hours" too', () => {
    const items = navigationFor('issuer_staff', off);
    expect(currentNavigationHref(items, paths.app.securityHours.getHref())).toBe(
      paths.app.securityHours.getHref(),
    );
    expect(currentNavigationHref(items, paths.app.marketHours.getHref())).toBe(
      paths.app.marketHours.getHref(),
    );
    expect(currentNavigationHref(items, '/accounts/A1/fund-moves')).toBeNull();
  });

  it.each(['compliance', 'admin'] as const)(
    'as %s, reaches offerings (and their purchase history) from the menu, without "my"',
    (role) => {
      const items = navigationFor(role, off);
      const offerings = items.find((i) => i.href === paths.app.issuerOfferings.getHref());
      expect(offerings?.label).toBe('Issuer offerings');
      expect(items.map((i) => i.label).join(' ')).not.toMatch(/\bmy\b/i);
    },
  );

  it('as admin, reaches the security hours they may set from the menu', () => {
    const hours = navigationFor('admin', off).find(
      (i) => i.href === paths.app.securityHours.getHref(),
    );
    expect(hours?.label).toBe('Trading hours of securities');
  });
});

describe('the disbursement approvals entry', () => {
  const roles = ['investor', 'issuer_staff', 'compliance', 'admin'] as const;
  const hasApprovals = (role: (typeof roles)[number], disbursementApprovals: boolean) =>
    navigationFor(role, { disbursementApprovals }).some(
      (item) => item.href === paths.app.approvals.getHref(),
    );

  it('is in no menu while nothing is ever held for approval (the setting is off)', () => {
    expect(roles.filter((role) => hasApprovals(role, false))).toEqual([]);
  });

  it('is in the menus of investors and reviewers once large disbursements wait for approval', () => {
    expect(roles.filter((role) => hasApprovals(role, true))).toEqual([
      'investor',
      'compliance',
      'admin',
    ]);
  });
});
