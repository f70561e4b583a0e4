import { z } from 'zod';
import { isoDateTimeSchema } from './date-schemas.js';

/**
 * Consent per purpose for a player (issue #26, decision 0020): a minor's parent chooses, in the enrolment wizard and
 * later on the family page, whether the child's photo is printed on the badge, whether photos of the child may appear
 * on the website and social media, and whether the child's name is shown on the public participants list.
 * Publishing results (pairings, standings, games) is not a choice: it is a condition of taking part (the federation
 * rates the games), said on the consent step and in the rules.
 */
// The purposes without the schemas (the family page lists them, and loads no zod): a module of their own.
import { CONSENT_PURPOSES, type ConsentPurpose } from './consent-purposes.js';
export { CONSENT_PURPOSES, type ConsentPurpose } from './consent-purposes.js';

export const consentChoicesSchema = z.object({ badgePhoto: z.boolean(), webPhoto: z.boolean(), publicName: z.boolean() });
export type ConsentChoices = z.infer<typeof consentChoicesSchema>;

/** Who last set a player's consents: the enrolment wizard, the family on its page, a manager, or the migration's default. */
export const CONSENT_SOURCES = ['enrolment', 'family', 'manager', 'default'] as const;
export const consentSourceSchema = z.enum(CONSENT_SOURCES);
export type ConsentSource = z.infer<typeof consentSourceSchema>;

/** The consents as stored on a registration and its participant: the choices, when and by whom they were last set. */
export const consentsSchema = consentChoicesSchema.extend({
  changedAt: isoDateTimeSchema.nullable(),
  changedBy: consentSourceSchema,
});
export type Consents = z.infer<typeof consentsSchema>;

/**
 * The edition's settings: which purposes a family may refuse. A purpose that is not optional is a condition of taking
 * part, like results publication: the wizard shows it as such and the server refuses a refusal.
 */
export const optionalConsentsSchema = z.object({ badgePhoto: z.boolean(), webPhoto: z.boolean(), publicName: z.boolean() });
export type OptionalConsents = z.infer<typeof optionalConsentsSchema>;
export const OPTIONAL_CONSENTS_DEFAULT: OptionalConsents = { badgePhoto: true, webPhoto: true, publicName: true };

/**
 * What the single consent of before (the wizard's one checkbox) covered, and what a confirmation without a choice per
 * purpose means (decision 0020): "the photo is used for the badge", the start list was public; close-ups of the player
 * "only with permission", so no photo on the website.
 */
export const SINGLE_CONSENT_MEANS: ConsentChoices = { badgePhoto: true, webPhoto: false, publicName: true };

/** The purposes refused although the edition makes them a condition of taking part. */
export function refusedRequiredConsents(optional: OptionalConsents | undefined, choices: ConsentChoices): ConsentPurpose[] {
  const settings = optional ?? OPTIONAL_CONSENTS_DEFAULT;
  return CONSENT_PURPOSES.filter((purpose) => !settings[purpose] && !choices[purpose]);
}
