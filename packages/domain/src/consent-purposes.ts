/** The purposes a player's consent is asked for, one by one (`consents.ts`, decision 0020): no schemas here. */
export const CONSENT_PURPOSES = ['badgePhoto', 'webPhoto', 'publicName'] as const;
export type ConsentPurpose = (typeof CONSENT_PURPOSES)[number];
