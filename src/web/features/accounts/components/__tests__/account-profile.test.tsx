// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { accountView } from '../../../../testing/account';
import { AccountProfile } from '../account-profile';

afterEach(cleanup);

const limitShown = (singleInvestment: string | null) => {
  render(
    <AccountProfile
      account={accountView({ limits: { rule506c: null, accountTotal: null, singleInvestment } })}
    />,
  );
  return screen.getByText('Single investment limit').nextElementSibling?.textContent;
};

describe('an investor reads the single investment limit of their account (§2.5)', () => {
  it.each([
    ['none set', null, 'None set'],
    ['zero, read as none set (as the invest checklist reads it)', '0.000000', 'None set'],
    ['a limit', '5000.000000', '$5,000.00'],
  ])('%s', (_, value, shown) => {
    expect(limitShown(value)).toBe(shown);
  });
});
