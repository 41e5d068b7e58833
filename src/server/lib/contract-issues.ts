import { z } from 'zod';

/**
 * The first few issues of a zod failure with their path, rule and zod's sentence only: never the
 * value itself (`input`, or the received value some messages quote), which may be personal data.
 */
export function contractIssues(error: unknown, limit = 5) {
  if (!(error instanceof z.core.$ZodError)) return [];
  return error.issues.slice(0, limit).map((issue) => ({
    path: issue.path.map(String).join('.'),
    code: issue.code,
    message: issue.message,
  }));
}
