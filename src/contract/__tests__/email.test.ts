import { describe, expect, it } from 'vitest';
import { createUserSchema } from '../identity';
import { signInSchema } from '../session';

const emailMessages = (schema: typeof createUserSchema | typeof signInSchema, email: unknown) =>
  schema
    .safeParse({ email, name: 'Bo', role: 'investor', password: 'correct horse battery' })
    .error?.issues.filter((issue) => issue.path[0] === 'email')
    .map((issue) => issue.message) ?? [];

describe.each([
  ['an admin creating a user', createUserSchema],
  ['a person signing in', signInSchema],
])('%s is told about the email', (_who, schema) => {
  it.each([undefined, ''])('left empty (%j): it is required, and nothing else', (email) => {
    expect(emailMessages(schema, email)).toEqual(['Email is required']);
  });

  it('written wrong: it must be a valid address', () => {
    expect(emailMessages(schema, 'ada at example.test')).toEqual([
      'Email must be a valid email address',
    ]);
  });

  it('written right: nothing', () => {
    expect(emailMessages(schema, 'ada@example.test')).toEqual([]);
  });
});
