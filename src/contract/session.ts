import { z } from 'zod';

export const roleSchema = z.enum(['investor', 'issuer_staff', 'compliance', 'admin']);
export type Role = z.infer<typeof roleSchema>;

export const roleLabels: Record<Role, string> = {
  investor: 'Investor',
  issuer_staff: 'Issuer staff',
  compliance: 'Compliance reviewer',
  admin: 'Administrator',
};

export const signInSchema = z.object({
  email: z.email('Email must be a valid email address').max(254),
  password: z
    .string()
    .min(1, 'Password is required')
    .max(200, 'Password is at most 200 characters'),
});
export type SignIn = z.infer<typeof signInSchema>;

export const sessionUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: roleSchema,
  /** Upstream ids linked to this user: what they may act on. */
  accountIds: z.array(z.string()),
  issuerIds: z.array(z.string()),
  offeringIds: z.array(z.string()),
  securityIds: z.array(z.string()),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const sessionSchema = z.object({
  user: sessionUserSchema,
  /** When the session ends if idle, and at the latest (ISO instants). */
  idleExpiresAt: z.string(),
  absoluteExpiresAt: z.string(),
  /** True only when the portal runs on the bundled sandbox. */
  sandbox: z.boolean(),
});
export type Session = z.infer<typeof sessionSchema>;
