/**
 * Lotte Peeters, the member the enrolment pages' tests enrol and edit: her entry in the members' list, as the player
 * lookup, a registration and a participant all carry it.
 */
export const lotteMember = {
  idbel: 45123,
  idfide: 205001234,
  firstName: 'Lotte',
  lastName: 'Peeters',
  birthYear: 2015,
  gender: 'F',
  clubId: 301,
  clubName: 'KSK Brugge',
  fideFederation: 'BEL',
  ratingNational: 1430,
  ratingFide: 1450,
  fideTitle: null,
} as const;
