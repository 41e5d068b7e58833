import { expect, it, vi } from 'vitest';
import { keepServingOnStrayRejections } from '../stray-rejections';

/*
 * A failed promise nobody awaited is logged with its error and the portal keeps serving, instead
 * of Node's default of ending the process (and the bundled sandbox with it). The listener is
 * called here directly: a real stray rejection would also reach the test runner's own listener.
 */
it('logs a stray rejection with its error instead of ending the process, until removed', () => {
  const before = process.listeners('unhandledRejection');
  const log = { error: vi.fn() };
  const remove = keepServingOnStrayRejections(log);
  const added = process.listeners('unhandledRejection').filter((l) => !before.includes(l));
  expect(added).toHaveLength(1);

  const err = new Error('Query read timeout');
  added[0](err, Promise.resolve());
  expect(log.error).toHaveBeenCalledWith(
    { err },
    'a failed promise nobody awaited (a defect to fix); the portal keeps serving',
  );

  remove();
  expect(process.listeners('unhandledRejection')).toEqual(before);
});
