/** The reservation wizard's numbered steps, in order; `done` follows the confirmation. */
export const STEPS = ['intro', 'contact', 'accommodation', 'guests', 'meals', 'confirm'] as const;
export type Step = (typeof STEPS)[number] | 'done';
