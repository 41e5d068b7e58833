/**
 * The keys of a table of words, in the order written, as the non-empty tuple `z.enum` takes: an
 * enum built from its labels names each value once, and no value can lack its words. It builds no
 * schema itself, so full zod and zod/mini (the sign-in page's, session.ts) both call it.
 *
 * Keys keep their written order unless they look like array indexes; no value of ours does, and
 * the order is the one the OpenAPI document lists.
 */
export function keysOf<K extends string>(table: Record<K, unknown>): [K, ...K[]] {
  return Object.keys(table) as [K, ...K[]];
}
