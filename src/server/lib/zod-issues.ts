import type { z } from 'zod';
import type { FieldIssue } from '../../contract/errors';

/** Turns zod issues into field messages a person can act on: each names the field and the rule. */
export function toFieldIssues(error: z.ZodError, prefix?: string): FieldIssue[] {
  return error.issues.map((issue) => {
    const field =
      [prefix, ...issue.path.map(String)].filter(Boolean).join('.') || (prefix ?? 'request');
    let message = issue.message;
    if (issue.code === 'unrecognized_keys') {
      message = `Unexpected field${issue.keys.length > 1 ? 's' : ''}: ${issue.keys.join(', ')}`;
    } else if (/^Invalid input|^Invalid option|^Too (big|small)|^Invalid string/.test(message)) {
      message = `${field} ${message.charAt(0).toLowerCase()}${message.slice(1)}`;
    }
    return { field, message };
  });
}

export function summarize(fields: FieldIssue[]): string {
  const first = fields[0];
  if (!first) return 'The request is not valid.';
  const more =
    fields.length > 1
      ? ` (and ${fields.length - 1} more problem${fields.length > 2 ? 's' : ''})`
      : '';
  return `${first.message.startsWith(first.field) ? '' : `${first.field}: `}${first.message}${more}`;
}
