/** The hash of every input's path and bytes (tests left out); see inputs-hash.mjs. */
export function inputsHash(inputs: string[], root?: string): string;
