import type { EditionSettings } from './edition.js';

/**
 * Enrolment phases from the edition settings (DOMAIN.md §3 closed state, §1 late date). A module of its own, free of
 * schemas: the enrolment wizard's first screen needs only this, not zod nor the phone number rules.
 */
export type EnrolmentPhase = 'notOpen' | 'open' | 'late' | 'closed';

export function enrolmentPhase(settings: EditionSettings, now: Date): EnrolmentPhase {
  const t = now.getTime();
  if (t < Date.parse(settings.enrolment.opensAt)) return 'notOpen';
  if (t > Date.parse(settings.enrolment.closesAt)) return 'closed';
  if (t >= Date.parse(settings.enrolment.lateFrom)) return 'late';
  return 'open';
}
