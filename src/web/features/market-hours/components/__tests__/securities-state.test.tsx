// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { SecurityList } from '../../../../../contract/security-hours';
import { loadedQuery } from '../../../../testing/query';
import { ListedSecurities } from '../securities-state';

afterEach(cleanup);

const shown = (data: SecurityList) =>
  render(
    <ListedSecurities securities={loadedQuery(data)} empty={<p>None traded</p>}>
      {(listed) => <p>Offered: {listed.map((s) => s.securityId).join(', ')}</p>}
    </ListedSecurities>,
  );

describe('the securities to choose from', () => {
  it('are offered, with what of the order book could not be read said above them', () => {
    shown({
      securities: [{ securityId: '10001', securityName: 'Solar Fund I' }],
      gaps: ['Orders after 2 PM could not be read.'],
    });
    expect(screen.getByText('Orders after 2 PM could not be read.')).toBeTruthy();
    expect(screen.getByText('Offered: 10001')).toBeTruthy();
    expect(screen.queryByText('None traded')).toBeNull();
  });

  it('are a partial list, not an empty one, when the book could not be read and none is listed', () => {
    shown({ securities: [], gaps: ['The order book could not be read.'] });
    expect(screen.getByText('The order book could not be read.')).toBeTruthy();
    expect(screen.queryByText('None traded')).toBeNull();
    expect(screen.queryByText(/^Offered/)).toBeNull();
  });

  it('say the page’s empty state when none traded and all was read', () => {
    shown({ securities: [], gaps: [] });
    expect(screen.getByText('None traded')).toBeTruthy();
  });
});
