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
  'desk:scan',
  'desk:read',
] as const;
export type Permission = (typeof PERMISSIONS)[number];
export const permissionSchema = z.enum(PERMISSIONS);

export const ROLES = ['admin', 'registrar', 'lodging_desk', 'treasurer', 'arbiter', 'editor', 'readonly', 'desk'] as const;
export type Role = (typeof ROLES)[number];
export const roleSchema = z.enum(ROLES);

const READ_ALL: Permission[] = [
  'registrations:read',
  'participants:read',
  'lodging:read',
  'payments:read',
  'mail:read',
  'audit:read',
  'print:read',
  'desk:read',
];

export const ROLE_PERMISSIONS: Record<Role, readonly Permission[]> = {
  admin: PERMISSIONS,
  registrar: [...READ_ALL, 'members:write', 'registrations:write', 'participants:write', 'mail:write', 'print:write'],
  // The lodging desk staffs the venue's reception: it scans arrivals too (the roster shows nothing it cannot read already).
  lodging_desk: [...READ_ALL, 'lodging:write', 'mail:write', 'desk:scan'],
  treasurer: [...READ_ALL, 'payments:write', 'mail:write'],
  // Arbiters see who left early (desk:read: the departures), beside the families' absence requests.
  arbiter: ['participants:read', 'results:write', 'desk:read'],
  editor: ['content:write', 'files:write'],
  readonly: READ_ALL,
  /**
   * Volunteers at the venue's doors (decision 0012): the day's roster and recording scans, nothing else — not the
   * lists, payments, mail or audit trail that every other back-office role reads.
   */
  desk: ['desk:scan', 'desk:read'],
};

export function permissionsOfRoles(roles: readonly Role[]): Set<Permission> {
  return new Set(roles.flatMap((role) => ROLE_PERMISSIONS[role]));
}

/**
 * A route is either public (listed, reviewed), needs a permission, or needs a family's session (`family`: the
 * signed-in family's own data, never a manager's token).
 */
export type RouteAccess = 'public' | 'authenticated' | 'family' | Permission;
