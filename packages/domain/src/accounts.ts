import { z } from 'zod';
import { PERMISSIONS, ROLES } from './permissions.js';

export const accountSchema = z.object({
  id: z.string(),
  email: z.email(),
  displayName: z.string(),
  roles: z.array(z.enum(ROLES)),
  permissions: z.array(z.enum(PERMISSIONS)),
  enabled: z.boolean(),
  lastLoginAt: z.string().nullable(),
});
export type Account = z.infer<typeof accountSchema>;

/** The specification's login call: `{ logintype, username, password }`. */
export const emailLoginSchema = z.object({
  logintype: z.literal('email'),
  username: z.string().trim().min(1).max(254),
  password: z.string().min(1).max(1024),
});
export const loginRequestSchema = z.discriminatedUnion('logintype', [emailLoginSchema]);
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const loginResponseSchema = z.object({
  token: z.string(),
  expiresAt: z.string(),
  account: accountSchema,
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** Minimum strength of a manager password. */
export const passwordSchema = z.string().min(12, 'Too short').max(1024);

/** The detail the web maps to "Wrong combination of username and password" (the specification's wording). */
export const WRONG_CREDENTIALS_DETAIL = 'WrongUsernamePasswordCombination';
