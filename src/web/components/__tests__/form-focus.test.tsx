// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Form, useZodForm } from '../form/form';
import { FormDialog } from '../form/form-dialog';
import { FormTextField } from '../form/form-text-field';

afterEach(cleanup);

const required = z.string().min(1, 'Required');

/** The page's own form, above whatever opens over it, with a field named `amount`. */
function PageForm() {
  const form = useZodForm(z.object({ amount: required }), { amount: '' });
  return (
    <Form form={form} onValid={() => {}} aria-label="Page form">
      <FormTextField control={form.control} name="amount" label="Page amount" />
    </Form>
  );
}

/** A second form, its `reason` first and an `amount` of its own below it. */
function SecondForm({ asDialog }: { asDialog: boolean }) {
  const form = useZodForm(z.object({ reason: required, amount: required }), {
    reason: '',
    amount: '',
  });
  const fields = (
    <>
      <FormTextField control={form.control} name="reason" label="Reason" />
      <FormTextField control={form.control} name="amount" id="second-amount" label="Amount" />
    </>
  );
  return asDialog ? (
    <FormDialog
      open
      setFormElement={form.setFormElement}
      onClose={() => {}}
      title="Second"
      onSubmit={() => void form.handleSubmit(() => {})()}
      pending={false}
      submitLabel="Send"
      pendingLabel="Sending"
    >
      {fields}
    </FormDialog>
  ) : (
    <Form form={form} onValid={() => {}} aria-label="Second form">
      {fields}
      <button type="submit">Send</button>
    </Form>
  );
}

/*
 * A dialog over a page's form may share a field's name with it. The first field in error is
 * judged in the submitted form's own order: found by name across the page, the page form's
 * `amount` (above the dialog) put the second form's `amount` ahead of its `reason`.
 */
describe.each([
  ['a second form on the page', false],
  ['a form dialog over the page', true],
])('with %s sharing a field name with the page form', (_name, asDialog) => {
  it('focuses the first field in error of the submitted form, in its own order', async () => {
    const user = userEvent.setup();
    render(
      <>
        <PageForm />
        <SecondForm asDialog={asDialog} />
      </>,
    );
    await user.click(screen.getByRole('button', { name: 'Send' }));
    const reason = screen.getByRole('textbox', { name: 'Reason' });
    await waitFor(() => expect(reason.getAttribute('aria-invalid')).toBe('true'));
    expect(document.activeElement).toBe(reason);
  });
});

/*
 * Enter in the field that is wrong submits from where the focus already is: moving it there
 * again is not announced, so the form says what was refused in a status of its own.
 */
/** The form's polite live region, which says why a submission was refused. */
const liveRegionOf = (form: HTMLElement) =>
  form.querySelector<HTMLElement>('[aria-live="polite"]')!;

describe('a submission refused from the field in error', () => {
  it('says nothing more when the focus moves to the field, which a screen reader says with its message', async () => {
    const user = userEvent.setup();
    render(<SecondForm asDialog={false} />);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    const reason = screen.getByRole('textbox', { name: 'Reason' });
    await waitFor(() => expect(document.activeElement).toBe(reason));
    expect(liveRegionOf(screen.getByRole('form', { name: 'Second form' })).textContent).toBe('');
  });

  it('is said, with the first message, and said again when refused again', async () => {
    const user = userEvent.setup();
    render(<PageForm />);
    const form = screen.getByRole('form', { name: 'Page form' });
    const amount = screen.getByRole('textbox', { name: 'Page amount' });
    await user.click(amount);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(amount.getAttribute('aria-invalid')).toBe('true'));
    expect(document.activeElement).toBe(amount);
    const status = liveRegionOf(form);
    expect(status.textContent?.trim()).toBe('1 field needs correcting. Required');
    const first = status.textContent;

    await user.keyboard('{Enter}');
    await waitFor(() => expect(status.textContent).not.toBe(first));
    expect(status.textContent?.trim()).toBe('1 field needs correcting. Required');
  });

  it('counts the fields and names the first in the form’s order', async () => {
    const user = userEvent.setup();
    render(<SecondForm asDialog={false} />);
    await user.click(screen.getByRole('textbox', { name: 'Reason' }));
    await user.keyboard('{Enter}');
    const form = screen.getByRole('form', { name: 'Second form' });
    await waitFor(() =>
      expect(liveRegionOf(form).textContent?.trim()).toBe(
        '2 fields need correcting. The first: Required',
      ),
    );
  });
});
