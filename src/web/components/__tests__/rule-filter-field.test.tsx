// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { accountFilterSchema } from '../../../contract/account-views';
import { descriptionOf } from '../../testing/render';
import { RuleFilterField } from '../rule-filter-field';

afterEach(cleanup);

/** The field as a page holds it: the account applied is the list's filter. */
function AccountFilter() {
  const [applied, setApplied] = useState<string | undefined>('A1040000');
  return (
    <>
      <RuleFilterField
        label="Account"
        applied={applied}
        rule={accountFilterSchema}
        onApply={setApplied}
      />
      <p>Listing {applied ?? 'every account'}</p>
    </>
  );
}

describe('a filter by one value typed', () => {
  it('says a value typed is not applied yet, drops a message about the text before as typing starts, and applies on Enter', async () => {
    const user = userEvent.setup({ delay: null });
    render(<AccountFilter />);
    const field = screen.getByRole('textbox', { name: 'Account' });

    await user.clear(field);
    await user.type(field, 'garbage!!{Enter}');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(descriptionOf(field)).toMatch(/^Account must be an account id/);
    expect(screen.getByText('Listing A1040000')).toBeTruthy();

    // Typing again: the refusal was about "garbage!!", and the list still shows the account before.
    await user.clear(field);
    await user.type(field, 'A1041384');
    expect(field.getAttribute('aria-invalid')).toBe('false');
    expect(descriptionOf(field)).toBe('Press Enter to apply');
    expect(screen.getByText('Listing A1040000')).toBeTruthy();

    await user.keyboard('{Enter}');
    expect(screen.getByText('Listing A1041384')).toBeTruthy();
    expect(descriptionOf(field)).toBe('');

    // Typed as the rule reads it otherwise (small letters, spaces), it is the filter applied.
    await user.clear(field);
    await user.type(field, ' a1041384 ');
    expect(descriptionOf(field)).toBe('');
  });
});
