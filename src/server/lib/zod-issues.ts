import type { FieldIssue } from '../../contract/errors';

/** What a message needs of one zod issue: where, which rule, and the rule's own sentence. */
interface IssueLike {
  path: readonly PropertyKey[];
  code: string;
  message: string;
  keys?: readonly string[];
}

/**
 * Turns zod issues into field messages a person can act on: each names the field and the rule.
 * Only the path, the rule and zod's sentence are read, never the submitted value.
 */
function toFieldIssues(issues: readonly IssueLike[], prefix?: string) {
  return issues.map((issue): FieldIssue => {
    const field =
      [prefix, ...issue.path.map(String)].filter(Boolean).join('.') || (prefix ?? 'request');
    let message = issue.message;
    // zod's type sentence ("Invalid input: expected object, received undefined") in words: a
    // field left out is required; one of another kind names the kind it must be.
    const type = /^Invalid input: expected (\w+), received (\w+)$/.exec(message);
    if (type) {
      const [, expected, received] = type;
      message =
        received === 'undefined'
          ? `${field} is required`
          : `${field} must be ${/^[aeiou]/.test(expected) ? 'an' : 'a'} ${expected}`;
    } else if (issue.code === 'unrecognized_keys' && issue.keys) {
      message = `Unexpected field${issue.keys.length > 1 ? 's' : ''}: ${issue.keys.join(', ')}`;
    } else if (/^Invalid input|^Invalid option|^Too (big|small)|^Invalid string/.test(message)) {
      message = `${field} ${message.charAt(0).toLowerCase()}${message.slice(1)}`;
    }
    return { field, message };
  });
}

/**
 * One entry of Fastify's `error.validation` as fastify-type-provider-zod builds it from a zod
 * issue: the path as a JSON pointer, the zod code as `keyword`, the rest of the issue in `params`.
 */
interface ValidationEntry {
  instancePath: string;
  keyword: string;
  message?: string;
  params?: Record<string, unknown>;
}

/** Where Fastify found the invalid part, as the portal names it in `field`. */
const PREFIX: Record<string, string | undefined> = {
  params: 'params',
  querystring: 'query',
  headers: 'headers',
  body: undefined,
};

/** The field issues of a request Fastify refused in its validation step. */
export function fromValidation(
  validation: readonly ValidationEntry[],
  context: string | undefined,
): FieldIssue[] {
  return toFieldIssues(
    validation.map((entry) => ({
      path: entry.instancePath.split('/').filter(Boolean),
      code: entry.keyword,
      message: entry.message ?? 'Invalid input',
      keys: Array.isArray(entry.params?.keys) ? (entry.params.keys as string[]) : undefined,
    })),
    context ? PREFIX[context] : undefined,
  );
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
