/** What of a programme event (`EditionEvent`) tells a round's start. */
export type RoundEvent = { kind: string; categories: readonly string[]; start: string };

/**
 * When round `round` of a category starts by the programme: the programme names no round numbers, so the category's
 * round events (its own or everyone's) in time order are rounds 1, 2, 3 …; undefined when the programme has fewer.
 * A module of its own, without the edition's schemas: the public results page imports it and not zod's schemas.
 */
export function roundStartOf(events: readonly RoundEvent[], category: string, round: number): string | undefined {
  const rounds = events
    .filter((e) => e.kind === 'round' && (e.categories.length === 0 || e.categories.includes(category)))
    .sort((a, b) => Date.parse(a.start) - Date.parse(b.start));
  return round >= 1 ? rounds[round - 1]?.start : undefined;
}
