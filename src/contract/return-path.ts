/** Any origin would do: it only lets the URL parser say where a path would lead. */
const PROBE_ORIGIN = 'http://return-path.invalid';

/**
 * Whether a return path (where the browser goes after signing in) stays on this site. The BFF
 * checks it before single sign-on sends the browser back to it, and the sign-in page before it
 * goes on to it: either would otherwise be an open redirect.
 *
 * A browser's URL parser drops tabs and newlines anywhere in a URL and reads `\` as `/`, so
 * `/\t/evil.example` leads to `//evil.example`, another site. A path that holds no control
 * character, space or backslash, starts with one `/`, and resolves on the probe origin, leads
 * where it says.
 */
export function isSameSitePath(value: string): boolean {
  // eslint-disable-next-line no-control-regex -- control characters are what this looks for
  if (!/^\/(?!\/)[^\\\u0000-\u0020\u007f]*$/.test(value)) return false;
  try {
    return new URL(value, PROBE_ORIGIN).origin === PROBE_ORIGIN;
  } catch {
    return false;
  }
}
