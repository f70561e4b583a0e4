import type { FieldPath } from 'react-hook-form';
import type { ReservationWizardValues } from '@bjk/domain/lodging';

/**
 * The fields the guests step checks: each guest's own fields and the list. Named one by one so the resolver keeps
 * both a guest's error (a missing birth date) and the list's count rule (under `guests.root`), where checking
 * `guests` alone let the count rule overwrite the guests' errors and neither was shown.
 */
export function guestStepFields(count: number): FieldPath<ReservationWizardValues>[] {
  const perGuest = Array.from({ length: count }, (_, i) => [`guests.${i}.firstName`, `guests.${i}.lastName`, `guests.${i}.birthDate`] as const).flat();
  return ['guests', ...perGuest];
}
