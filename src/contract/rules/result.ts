import { z } from 'zod';

/**
 * The outcome of one domain rule: the normalized value, or one plain-English message that names
 * the field and the rule. Forms and the BFF show this message as is.
 */
export type RuleResult<T = string> = { ok: true; value: T } | { ok: false; message: string };

export const pass = <T>(value: T): RuleResult<T> => ({ ok: true, value });
export const fail = (message: string): RuleResult<never> => ({ ok: false, message });

/**
 * A string schema that validates with `rule` and outputs the rule's normalized value.
 *
 * Built with `superRefine` + `overwrite` rather than `transform`: the result stays a `ZodString`,
 * so it composes (`.optional()`, `.nullable()`), works with `zodResolver`, and can still be
 * rendered by `z.toJSONSchema` for the OpenAPI document, which rejects transforms.
 * `rule` must be idempotent on its own output, since it runs on the raw and the normalized value.
 */
export function ruleSchema(rule: (input: string) => RuleResult<string>, requiredMessage: string) {
  return z
    .string({ error: requiredMessage })
    .superRefine((input, ctx) => {
      const result = rule(input);
      if (!result.ok) ctx.addIssue({ code: 'custom', message: result.message });
    })
    .overwrite((input) => {
      const result = rule(input);
      return result.ok ? result.value : input;
    });
}
