// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SignInForm } from '../sign-in-form';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

// The identity feature's step is passed in by the route; these tests end before it.
const SecondFactorStep = () => <p>Second factor</p>;

function renderForm(answers: Record<string, () => Response>) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const answer = answers[`${init?.method ?? 'GET'} ${url}`];
      if (!answer) throw new Error(`unexpected ${init?.method} ${url}`);
      return answer();
    }),
  );
  const onSuccess = vi.fn();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <SignInForm onSuccess={onSuccess} SecondFactorStep={SecondFactorStep} />
    </QueryClientProvider>,
  );
  return { onSuccess };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const configAnswer = () => json(200, { sandbox: false, singleSignOn: null });

describe('SignInForm', () => {
  it('says what is missing, on the fields themselves', async () => {
    renderForm({ 'GET /api/config': configAnswer });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    const email = await screen.findByLabelText(/Email/);
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('Email is required')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
    const describedBy = email.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(describedBy)?.textContent).toBe('Email is required');
  });

  it('moves focus to the first wrong field, and clears a message once the field is corrected', async () => {
    renderForm({ 'GET /api/config': configAnswer });
    fireEvent.change(screen.getByLabelText(/Password/), { target: { value: 'secret' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    const email = screen.getByLabelText(/Email/);
    await waitFor(() => expect(document.activeElement).toBe(email));
    fireEvent.change(email, { target: { value: 'investor@demo.test' } });
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBeNull());
    expect(screen.queryByText('Email is required')).toBeNull();
  });

  it("puts the BFF's field messages on the fields they name", async () => {
    const { onSuccess } = renderForm({
      'GET /api/config': configAnswer,
      'POST /api/session': () =>
        json(400, {
          error: {
            code: 'bad_request',
            message: 'password: Password is at most 200 characters',
            fields: [{ field: 'password', message: 'Password is at most 200 characters' }],
          },
        }),
    });
    fireEvent.change(screen.getByLabelText(/Email/), { target: { value: 'a@demo.test' } });
    fireEvent.change(screen.getByLabelText(/Password/), { target: { value: 'long enough' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    const password = screen.getByLabelText(/Password/);
    await waitFor(() => expect(password.getAttribute('aria-invalid')).toBe('true'));
    expect(document.activeElement).toBe(password);
    expect(screen.getByText('Password is at most 200 characters')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(onSuccess).not.toHaveBeenCalled();
  });

  it('announces a refusal from the BFF', async () => {
    renderForm({
      'GET /api/config': configAnswer,
      'POST /api/session': () =>
        json(401, { error: { code: 'unauthenticated', message: 'Email or password is wrong.' } }),
    });
    fireEvent.change(screen.getByLabelText(/Email/), { target: { value: 'a@demo.test' } });
    fireEvent.change(screen.getByLabelText(/Password/), { target: { value: 'nope' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Email or password is wrong.');
  });

  it('offers the demo users only on the sandbox', async () => {
    renderForm({ 'GET /api/config': () => json(200, { sandbox: true, singleSignOn: null }) });
    // The list is a lazy module: its first import may take longer than findBy's one second.
    fireEvent.click(
      await screen.findByRole('button', { name: 'Fill in admin@demo.test' }, { timeout: 10_000 }),
    );
    expect((screen.getByLabelText(/Email/) as HTMLInputElement).value).toBe('admin@demo.test');
  });
});
