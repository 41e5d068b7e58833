/**
 * `read`, or `late()` when it has not settled `graceMs` after `first` settled (either way): a part
 * of a page's answer that may not keep the rest waiting long once the part the page cannot do
 * without is in (TRANSACT_SIDE_READ_GRACE_MS, 3 s by default; the interface document states no
 * response times, and a read may take ~30 s to fail, three attempts of TRANSACT_TIMEOUT_MS). The
 * read goes on unheeded: it changes nothing (it is a read), and what it answers then is dropped.
 * The caller handles `read`'s failure itself (a value of its own for it), as with any part.
 */
export function inTimeAfter<T>(
  first: Promise<unknown>,
  read: Promise<T>,
  late: () => T,
  graceMs: number,
): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  let done = false;
  const settled = read.finally(() => {
    done = true;
    clearTimeout(timer);
  });
  const deadline = new Promise<T>((resolve) => {
    const start = () => {
      if (!done) timer = setTimeout(() => resolve(late()), graceMs);
    };
    first.then(start, start);
  });
  // A read dropped for being late may still fail later: nobody waits for it.
  settled.catch(() => {});
  return Promise.race([settled, deadline]);
}
