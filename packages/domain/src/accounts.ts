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
export type EmailLoginRequest = z.infer<typeof emailLoginSchema>;
/**
 * Sign-in through the identity provider (OpenID Connect, when configured): `token` is the provider's id token
 * (a JWT) and `nonce` the value the browser put in the authorisation request, which the token must carry.
 */
export const oidcLoginSchema = z.object({
  logintype: z.literal('oidc'),
  token: z
    .string()
    .min(20)
    .max(16_384)
    .regex(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/),
  nonce: z.string().min(16).max(200),
});
export const loginRequestSchema = z.discriminatedUnion('logintype', [emailLoginSchema, oidcLoginSchema]);
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const loginResponseSchema = z.object({
  token: z.string(),
  expiresAt: z.string(),
  account: accountSchema,
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/**
 * The sign-in methods the login page offers besides e-mail and password: the identity provider when one is
 * configured, with what the browser needs to send the manager there (all published facts, no secret).
 */
export const loginProvidersSchema = z.object({
  oidc: z
    .object({
      name: z.string(),
      issuer: z.string(),
      clientId: z.string(),
      /** From the issuer's discovery document; the browser cannot fetch it itself (Content Security Policy). */
      authorizationEndpoint: z.url(),
    })
    .nullable(),
});
export type LoginProviders = z.infer<typeof loginProvidersSchema>;

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

export const ACCOUNTS_ERRORS = {
  notFound: 'accounts.not_found',
  emailTaken: 'accounts.email_taken',
  lastAdmin: 'accounts.last_admin',
  wrongCredentials: 'accounts.wrong_credentials',
  tooManyAttempts: 'accounts.too_many_attempts',
  loginLocked: 'accounts.login_locked',
  oidcNotConfigured: 'accounts.oidc_not_configured',
  oidcInvalidToken: 'accounts.oidc_invalid_token',
  oidcNoAccount: 'accounts.oidc_no_account',
  oidcUnavailable: 'accounts.oidc_unavailable',
} as const;
