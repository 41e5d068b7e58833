// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, expect, it, vi } from 'vitest';
import { SignInForm } from '../sign-in-form';

/** The rules' chunk, held back until the test lets it arrive (a slow link). */
const rulesArrive = vi.hoisted(() => {
  let release = () => {};
  const arrived = new Promise<void>((resolve) => (release = resolve));
  return { arrived, release: () => release() };
});
vi.mock('../../api/session-contract', async (original) => {
  const actual = await original<typeof import('../../api/session-contract')>();
  return {
    ...actual,
    signInSchema: () => rulesArrive.arrived.then(() => actual.signInSchema()),
  };
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

it('shows the sign-in under way while the field rules are still on their way, then sends it', async () => {
  const sent = vi.fn(() =>
    json(401, { error: { code: 'unauthenticated', message: 'Email or password is wrong.' } }),
  );
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url === '/api/config') return json(200, { sandbox: false, singleSignOn: null });
      if (url === '/api/session' && init?.method === 'POST') return sent();
      throw new Error(`unexpected ${init?.method} ${url}`);
    }),
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <SignInForm onSuccess={() => {}} SecondFactorStep={() => null} />
    </QueryClientProvider>,
  );
  fireEvent.change(screen.getByLabelText(/Email/), { target: { value: 'investor@demo.test' } });
  fireEvent.change(screen.getByLabelText(/Password/), { target: { value: 'long enough' } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));

  // Pressed, and the rules not here yet: the press shows, and nothing is sent unchecked.
  expect(await screen.findByRole('button', { name: 'Signing in…' })).toBeTruthy();
  expect(screen.getByRole('form', { name: 'Sign in' }).getAttribute('aria-busy')).toBe('true');
  expect(sent).not.toHaveBeenCalled();
  // A second press while waiting sends nothing more.
  fireEvent.click(screen.getByRole('button', { name: 'Signing in…' }));

  rulesArrive.release();
  expect((await screen.findByRole('alert')).textContent).toBe('Email or password is wrong.');
  expect(sent).toHaveBeenCalledTimes(1);
  expect(screen.getByRole('button', { name: 'Sign in' })).toBeTruthy();
});
