/** A name or a query without accents and case: "Müller" and "muller" are one. */
export const plainText = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

const wordsOf = (text: string) =>
  plainText(text)
    .split(/[\s,.;'’-]+/u)
    .filter(Boolean);

/**
 * Whether a player's name (as the pairing program writes it, "Ivanov, Theo") answers what a parent typed: every word
 * typed, in any order, begins a word of the name ("Theo Ivanov", "ivanov theo", "Sodbayar N"), or lies inside one
 * when it is three letters or more ("vano"). Accents and case do not count.
 */
export function matchesPlayer(name: string, query: string): boolean {
  const typed = wordsOf(query);
  if (typed.length === 0) return false;
  const words = wordsOf(name);
  return typed.every((w) => words.some((word) => word.startsWith(w) || (w.length >= 3 && word.includes(w))));
}
