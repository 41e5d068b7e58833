/** ping (named in §4.16; no public sample exists): an authenticated "are you there". */
import { type Operation, ok } from '../context.js';

export const ping: Operation = {
  name: 'ping',
  handle: () => ok({}),
};
