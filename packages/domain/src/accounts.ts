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

const displayNameSchema = z.string().trim().min(1).max(100);

/** An admin creates a manager; without a password the account can only sign in through the identity provider. */
export const accountCreateSchema = z.object({
  email: z.email().max(254),
  displayName: displayNameSchema,
  roles: z.array(z.enum(ROLES)).max(ROLES.length),
  password: passwordSchema.optional(),
});
export type AccountCreate = z.infer<typeof accountCreateSchema>;

/** Disabling (`enabled: false`) revokes every session of the account at once. */
export const accountUpdateSchema = z.object({
  displayName: displayNameSchema,
  roles: z.array(z.enum(ROLES)).max(ROLES.length),
  enabled: z.boolean(),
});
export type AccountUpdate = z.infer<typeof accountUpdateSchema>;

export const passwordResetSchema = z.object({ password: passwordSchema });
export type PasswordReset = z.infer<typeof passwordResetSchema>;

export const accountListSchema = z.array(accountSchema.extend({ createdAt: z.string(), hasPassword: z.boolean() }));
export type AccountListItem = z.infer<typeof accountListSchema>[number];

export const accountIdParamsSchema = z.object({ id: z.uuid() });
