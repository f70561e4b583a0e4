import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';
import type { EditionSettings } from '@bjk/domain/edition';
import { reservationWizardSchema, type ReservationWizardValues } from '@bjk/domain/lodging';

export { toMakeReservation } from '@bjk/domain/lodging';

const resolvers = new WeakMap<EditionSettings, Resolver<ReservationWizardValues>>();

/** The wizard form's checks: the domain's schema (zod, phone numbers), built once per edition settings. */
export function wizardResolver(settings: EditionSettings): Resolver<ReservationWizardValues> {
  let resolver = resolvers.get(settings);
  if (!resolver) {
    resolver = zodResolver(reservationWizardSchema(settings));
    resolvers.set(settings, resolver);
  }
  return resolver;
}
