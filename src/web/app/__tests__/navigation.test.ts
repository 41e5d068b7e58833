import { describe, expect, it } from 'vitest';
import { paths } from '../../config/paths';
import { currentNavigationHref, navigationFor } from '../navigation';

describe('a person follows the main navigation', () => {
  it('on the trading-hours page, only "Trading hours…" is current, not "Market hours" too', () => {
    const items = navigationFor('issuer_staff');
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
      const items = navigationFor(role);
      const offerings = items.find((i) => i.href === paths.app.issuerOfferings.getHref());
      expect(offerings?.label).toBe('Issuer offerings');
      expect(items.map((i) => i.label).join(' ')).not.toMatch(/\bmy\b/i);
    },
  );

  it('as admin, reaches the security hours they may set from the menu', () => {
    const hours = navigationFor('admin').find((i) => i.href === paths.app.securityHours.getHref());
    expect(hours?.label).toBe('Trading hours of securities');
  });
});

describe('the disbursement approvals entry', () => {
  const roles = ['investor', 'issuer_staff', 'compliance', 'admin'] as const;

  // Whatever the amount limit, a disbursement asked from a sign-in an admin set up waits there.
  it('is in the menus of investors and reviewers, whatever the settings', () => {
    expect(
      roles.filter((role) =>
        navigationFor(role).some((item) => item.href === paths.app.approvals.getHref()),
      ),
    ).toEqual(['investor', 'compliance', 'admin']);
  });
});
