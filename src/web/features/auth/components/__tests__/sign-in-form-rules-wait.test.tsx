// @vitest-environment jsdom
import { afterAll, afterEach, expect, it, vi } from 'vitest';

/** The rules' chunk, held back until the test lets it arrive (a slow link). */
let release = () => {};
const arrived = new Promise<void>((resolve) => (release = resolve));

/*
 * The form loads its rules through api/session-contract, and test files share modules here: an
 * earlier file may have loaded the form with the real loader. So the form is loaded afresh, over
 * a loader that waits for the test.
 */
async function freshForm() {
  vi.resetModules();
  vi.doMock('../../api/session-contract', async (original) => {
    const actual = await original<typeof import('../../api/session-contract')>();
    return { ...actual, signInSchema: () => arrived.then(() => actual.signInSchema()) };
  });
  const testing = await import('@testing-library/react');
  const query = await import('@tanstack/react-query');
  const { SignInForm } = await import('../sign-in-form');
  testing.render(
    <query.QueryClientProvider client={new query.QueryClient()}>
      <SignInForm onSuccess={() => {}} SecondFactorStep={() => null} />
    </query.QueryClientProvider>,
  );
  return testing;
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

let cleanup: (() => void) | undefined;
afterEach(() => {
  cleanup?.();
  vi.unstubAllGlobals();
});
afterAll(() => {
  vi.doUnmock('../../api/session-contract');
  vi.resetModules();
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
  const { screen, fireEvent, cleanup: unmount } = await freshForm();
  cleanup = unmount;
  fireEvent.change(screen.getByLabelText(/Email/), { target: { value: 'investor@demo.test' } });
  fireEvent.change(screen.getByLabelText(/Password/), { target: { value: 'long enough' } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));

  // Pressed, and the rules not here yet: the press shows, and nothing is sent unchecked.
  expect(await screen.findByRole('button', { name: 'Signing in…' })).toBeTruthy();
  expect(screen.getByRole('form', { name: 'Sign in' }).getAttribute('aria-busy')).toBe('true');
  expect(sent).not.toHaveBeenCalled();
  // A second press while waiting sends nothing more.
  fireEvent.click(screen.getByRole('button', { name: 'Signing in…' }));

  release();
  expect((await screen.findByRole('alert')).textContent).toBe('Email or password is wrong.');
  expect(sent).toHaveBeenCalledTimes(1);
  expect(screen.getByRole('button', { name: 'Sign in' })).toBeTruthy();
});
