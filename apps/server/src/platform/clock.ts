/** The time source; tests pass a fixed clock so deadlines (enrolment, lodging phases) are reproducible. */
export type Clock = { now(): Date };

export const systemClock: Clock = { now: () => new Date() };

/** A clock standing still at `instant`, movable by tests. */
export function fixedClock(instant: Date | string): Clock & { set(instant: Date | string): void } {
  let current = new Date(instant);
  return {
    now: () => new Date(current),
    set: (next) => {
      current = new Date(next);
    },
  };
}
