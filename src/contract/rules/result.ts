import { z } from 'zod';

/**
 * The outcome of one domain rule: the normalized value, or one plain-English message that names
 * the field and the rule. Forms and the BFF show this message as is.
 */
export type RuleResult<T = string> = { ok: true; value: T } | { ok: false; message: string };

export const pass = <T>(value: T): RuleResult<T> => ({ ok: true, value });
export const fail = (message: string): RuleResult<never> => ({ ok: false, message });

/**
 * The message of a text field that is missing or not text: "<Field> is required" when it is not
 * there, and "<Field> must be text, such as "1250.50"" when it is there as something else (a JSON
 * number, which would already have lost the precision of an amount, or a list). Telling such a
 * field "required" sends the caller looking for a field that is there.
 */
export function requiredText(requiredMessage: string, example?: string) {
  const label = /^(.+) is required$/.exec(requiredMessage)?.[1];
  return (issue: { input?: unknown }): string => {
    if (issue.input === undefined || issue.input === null || !label) return requiredMessage;
    const given = Array.isArray(issue.input) ? 'a list' : `a ${typeof issue.input}`;
    return `${label} must be text${example ? ` in quotes, such as "${example}"` : ''}, not ${given}`;
  };
}

/**
 * A string schema that validates with `rule` and outputs the rule's normalized value.
 *
 * Built with `superRefine` + `overwrite` rather than `transform`: the result stays a `ZodString`,
 * so it composes (`.optional()`, `.nullable()`), works with `zodResolver`, and can still be
 * rendered by `z.toJSONSchema` for the OpenAPI document, which rejects transforms.
 * `rule` must be idempotent on its own output, since it runs on the raw and the normalized value.
 */
export function ruleSchema(
  rule: (input: string) => RuleResult<string>,
  requiredMessage: string,
  example?: string,
) {
  return z
    .string({ error: requiredText(requiredMessage, example) })
    .superRefine((input, ctx) => {
      const result = rule(input);
      if (!result.ok) ctx.addIssue({ code: 'custom', message: result.message });
    })
    .overwrite((input) => {
      const result = rule(input);
      return result.ok ? result.value : input;
    });
}
