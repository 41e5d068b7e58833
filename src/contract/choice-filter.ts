import { z } from 'zod';

/** How much of a refused value the message repeats: enough to recognise a typo, not a page of text. */
const ECHO_MAX = 40;

/**
 * A filter that keeps one value of a fixed set, as a page's address names it: compared in any
 * letter case and without surrounding spaces, blank for no filter. Any other value is refused
 * under the field's label with the choices in the words the page's select shows, and names what
 * the link said: a shared or hand-edited link is never read as "any" over a filter still applied.
 */
export function choiceFilterSchema<Value extends string>(
  label: string,
  labels: Record<Value, string>,
) {
  const values = Object.keys(labels) as [Value, ...Value[]];
  const rule = `${label} must be one of ${Object.values<string>(labels).join(', ')}`;
  return z.preprocess(
    (raw) => (typeof raw === 'string' ? raw.trim().toLowerCase() || undefined : raw),
    z
      .enum(values, {
        error: ({ input }) => {
          const said = String(input);
          const echo = said.length > ECHO_MAX ? `${said.slice(0, ECHO_MAX)}…` : said;
          return `${rule} (the link said “${echo}”)`;
        },
      })
      .optional(),
  );
}
