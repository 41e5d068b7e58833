import fastJsonStringify from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { $ZodType } from 'zod/v4/core';

export interface ReplySerializerOptions {
  /**
   * Check each reply against its contract (zod) before writing it; a reply the contract refuses
   * is a logged 500. On in tests and development, off under `npm start` (REPLY_CHECK).
   */
  checkReplies: boolean;
}

type Serialize = (data: unknown) => string;

/**
 * The serializer of each route's reply: fast-json-stringify compiled once, at its first reply, from
 * the JSON Schema of the route's contract (zod's own conversion, the one the OpenAPI document is
 * written from). It writes only the properties the contract names, at any depth, so a field the
 * contract does not name (a raw upstream field, a tax id) never leaves the BFF, checked or not.
 *
 * Why the contract check is not run on every reply in production: the replies are data the BFF
 * itself produced, from upstream answers already read against the interface document's rules and
 * typed against the contract at compile time, and the check was most of a reply's serialization
 * cost (8–9 µs of 12 for an account; docs/benchmarks.md). What skipping it lets out, and only
 * through a fault of ours that the types did not catch (a cast): a value of the wrong kind where
 * fast-json-stringify does not refuse it. It refuses a missing required field and a number that
 * is not one (each a 500, as before); it writes a constant as the contract's constant and a
 * number as text where text is due, and lets through text that breaks a pattern (a date's form)
 * or lies outside an enumeration. Tests and development keep the check (`checkReplies`), so
 * every route test fails on such a reply. A schema the conversion cannot express falls back to
 * zod's own serializer, the check included.
 */
export function replySerializerCompiler(
  options: ReplySerializerOptions,
): FastifySerializerCompiler<$ZodType> {
  return (route) => {
    const schema = route.schema;
    // Compiled at a route's first reply, not at registration: all routes' serializers together
    // take a third of a second or more, which start-up would pay (docs/benchmarks.md, "Start").
    let compiled: Serialize | null = null;
    const write: Serialize = (data) => {
      if (!compiled) {
        try {
          compiled = fastJsonStringify(
            forWriting(z.toJSONSchema(schema, { io: 'output', target: 'draft-7' })) as never,
          ) as Serialize;
        } catch {
          compiled = zodSerializerCompiler(route as never) as Serialize;
        }
      }
      return compiled(data);
    };
    // `encode`, as the zod serializer did: the reply is the output side of its contract.
    const refusal = (data: unknown) => {
      const checked = z.safeEncode(schema, data as never);
      return checked.success ? null : checked.error;
    };
    const refused = (cause: unknown) =>
      new ResponseSerializationError(route.method, route.url, { cause: cause as never });
    const { checkReplies } = options;
    return (data) => {
      if (checkReplies) {
        const error = refusal(data);
        if (error) throw refused(error);
      }
      // What is written is the reply as the handler made it, through the production serializer:
      // with the check on, every test proves that serializer's stripping and the check together.
      try {
        return write(data);
      } catch {
        // fast-json-stringify's messages quote the value, which may be personal data: the logged
        // error carries the contract's issues (field and rule) instead, or none.
        throw refused((checkReplies ? null : refusal(data)) ?? new Error('reply not writable'));
      }
    };
  };
}

type JsonSchema = { [key: string]: unknown };
const SCALAR_TYPES = new Set(['string', 'number', 'integer', 'boolean', 'null']);

/** The JSON types a schema allows, when it is nothing but one or more scalar types (else null). */
function scalarTypes(schema: JsonSchema): string[] | null {
  const types = Array.isArray(schema.type) ? (schema.type as string[]) : [schema.type as string];
  if (!types.every((type) => SCALAR_TYPES.has(type))) return null;
  // What only validates a value (never how it is written) may go; a constant or a list of
  // values decides what is written, so such a branch stays a branch.
  const rest = Object.keys(schema).filter(
    (key) => !['type', 'pattern', 'minLength', 'maxLength', 'description'].includes(key),
  );
  return rest.length === 0 ? types : null;
}

/**
 * The contract's JSON Schema as fast-json-stringify writes it fastest, writing the same JSON: a
 * union of scalar types (a date's text or null, a decimal or null) becomes one list of types.
 * As a union, each value would be matched against every branch by a validator (ajv) just to pick
 * how to write it; a list of types is picked by `typeof`. The patterns and lengths it drops were
 * never checked on writing anyway.
 */
function forWriting(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(forWriting);
  if (schema === null || typeof schema !== 'object') return schema;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) out[key] = forWriting(value);
  const anyOf = out.anyOf;
  if (
    Array.isArray(anyOf) &&
    Object.keys(out).every((key) => key === 'anyOf' || key === 'description')
  ) {
    // Nested unions first flattened: a date is one of two patterns, or null.
    const branches = (anyOf as JsonSchema[]).flatMap((branch) =>
      Array.isArray(branch.anyOf) && Object.keys(branch).length === 1
        ? (branch.anyOf as JsonSchema[])
        : [branch],
    );
    const types = branches.map(scalarTypes);
    if (types.every((list) => list !== null)) {
      return { type: [...new Set(types.flat())] };
    }
  }
  return out;
}
