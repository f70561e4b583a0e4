import { loginResponseSchema, type LoginResponse } from '@bjk/domain/accounts';
import { editionSettingsSchema, publicEditionSchema, type EditionSettings, type PublicEdition } from '@bjk/domain/edition';
import { ROLE_PERMISSIONS, type Role } from '@bjk/domain/permissions';
import demoEdition from '../../../server/seed/demo-edition.json';

const DAY = 24 * 60 * 60 * 1000;
const fromNow = (days: number) => new Date(Date.now() + days * DAY).toISOString();

/**
 * The demo edition the server seeds (`apps/server/seed/demo-edition.json`), with its enrolment and lodging windows
 * open today (opened a month ago, closing in two): the wizards show their forms whatever day the test runs.
 * The championship's own dates stay the seed's, so prices and ages are the same on every run.
 */
export function editionSettings(change: (settings: EditionSettings) => void = () => undefined): EditionSettings {
  const settings = editionSettingsSchema.parse(structuredClone(demoEdition));
  settings.enrolment = { opensAt: fromNow(-30), lateFrom: fromNow(30), closesAt: fromNow(60) };
  settings.lodging = { ...settings.lodging, opensAt: fromNow(-30), closesAt: fromNow(60) };
  change(settings);
  return editionSettingsSchema.parse(settings);
}

/** What `GET /api/v1/stay/common` answers. */
export function publicEdition(settings: EditionSettings = editionSettings()): PublicEdition {
  return publicEditionSchema.parse({ settings, updatedAt: '2026-09-01T10:00:00.000Z' });
}

/** A manager's login answer with the permissions of `roles`, valid for a day. */
export function managerLogin(roles: Role[] = ['admin']): LoginResponse {
  return loginResponseSchema.parse({
    token: 'test-session-token',
    expiresAt: fromNow(1),
    account: {
      id: 'a0000000-0000-4000-8000-000000000001',
      email: 'manager@example.org',
      displayName: 'Marie Manager',
      roles,
      permissions: [...new Set(roles.flatMap((role) => ROLE_PERMISSIONS[role]))],
      enabled: true,
      lastLoginAt: null,
    },
  });
}
