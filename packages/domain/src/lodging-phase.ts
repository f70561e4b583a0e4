/**
 * The reservation wizard's phase, from the edition's lodging window and the clock. A module of its own, free of
 * schemas: the wizard's first screen needs only this, not zod nor the phone number rules.
 */
export type LodgingPhase = 'notStarted' | 'open' | 'closed';

export function lodgingPhaseAt(lodging: { opensAt: string; closesAt: string }, now: Date): LodgingPhase {
  if (now.getTime() < Date.parse(lodging.opensAt)) return 'notStarted';
  if (now.getTime() > Date.parse(lodging.closesAt)) return 'closed';
  return 'open';
}
