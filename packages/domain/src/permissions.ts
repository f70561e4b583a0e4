import { z } from 'zod';

/**
 * Named permissions, `<area>:<level>`. Every non-public endpoint declares one; roles group them.
 * Deny by default: a route without a declared permission fails at start-up.
 */
export const PERMISSIONS = [
  'accounts:admin',
  'edition:write',
  'audit:read',
  'members:write',
  'registrations:read',
  'registrations:write',
  'participants:read',
  'participants:write',
  'lodging:read',
  'lodging:write',
  'payments:read',
  'payments:write',
  'content:write',
  'files:write',
  'results:write',
  'print:read',
  'print:write',
  'mail:read',
  'mail:write',
] as const;
export type Permission = (typeof PERMISSIONS)[number];
export const permissionSchema = z.enum(PERMISSIONS);

export const ROLES = ['admin', 'registrar', 'lodging_desk', 'treasurer', 'arbiter', 'editor', 'readonly'] as const;
export type Role = (typeof ROLES)[number];
export const roleSchema = z.enum(ROLES);

const READ_ALL: Permission[] = ['registrations:read', 'participants:read', 'lodging:read', 'payments:read', 'mail:read', 'audit:read', 'print:read'];

export const ROLE_PERMISSIONS: Record<Role, readonly Permission[]> = {
  admin: PERMISSIONS,
  registrar: [...READ_ALL, 'members:write', 'registrations:write', 'participants:write', 'mail:write', 'print:write'],
  lodging_desk: [...READ_ALL, 'lodging:write', 'mail:write'],
  treasurer: [...READ_ALL, 'payments:write', 'mail:write'],
  arbiter: ['participants:read', 'results:write'],
  editor: ['content:write', 'files:write'],
  readonly: READ_ALL,
};

export function permissionsOfRoles(roles: readonly Role[]): Set<Permission> {
  return new Set(roles.flatMap((role) => ROLE_PERMISSIONS[role]));
}

/** A route is either public (listed, reviewed) or needs a permission. */
export type RouteAccess = 'public' | 'authenticated' | Permission;
