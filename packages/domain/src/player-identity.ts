import { z } from 'zod';
import { idSchema, int32Schema } from './input-rules.js';
import { VALIDATION_MESSAGES as M } from './validation-messages.js';

export const GENDERS = ['M', 'F'] as const;
export const genderSchema = z.enum(GENDERS);
export type Gender = z.infer<typeof genderSchema>;

/**
 * Who a player is, defined once: the ids (national `idbel`, FIDE `idfide`), name, birth year, gender, club,
 * federation, ratings and FIDE title. The member registry, registrations and participants all carry it (the same
 * columns: `playerIdentityColumns()` on the server, copied with `playerIdentityOf`); each area's schema composes it.
 */
export const playerIdentitySchema = z.object({
  idbel: z.number().int().nullable(),
  idfide: z.number().int().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  birthYear: z.number().int().nullable(),
  gender: genderSchema.nullable(),
  clubId: z.number().int().nullable(),
  clubName: z.string().nullable(),
  fideFederation: z.string().nullable(),
  ratingNational: z.number().int().nullable(),
  ratingFide: z.number().int().nullable(),
  fideTitle: z.string().nullable(),
});
export type PlayerIdentity = z.infer<typeof playerIdentitySchema>;

/** The identity as a manager may write it (bounded, trimmed): the same fields, each with its input rule. */
export const playerIdentityInputSchema = z.object({
  idbel: idSchema.nullable(),
  idfide: idSchema.nullable(),
  firstName: z.string().trim().min(1, M.firstNameRequired).max(100),
  lastName: z.string().trim().min(1, M.lastNameRequired).max(100),
  birthYear: z.number().int().min(1900).max(2100).nullable(),
  gender: genderSchema.nullable(),
  clubId: int32Schema.nullable(),
  clubName: z.string().trim().max(200).nullable(),
  fideFederation: z.string().trim().max(3).nullable(),
  ratingNational: z.number().int().min(0).max(3500).nullable(),
  ratingFide: z.number().int().min(0).max(3500).nullable(),
  fideTitle: z.string().trim().max(5).nullable(),
}) satisfies z.ZodType<PlayerIdentity>;

/** The one mapper: the player identity of anything that carries one (a member, registration or participant row). */
export function playerIdentityOf(source: PlayerIdentity): PlayerIdentity {
  return {
    idbel: source.idbel,
    idfide: source.idfide,
    firstName: source.firstName,
    lastName: source.lastName,
    birthYear: source.birthYear,
    gender: source.gender,
    clubId: source.clubId,
    clubName: source.clubName,
    fideFederation: source.fideFederation,
    ratingNational: source.ratingNational,
    ratingFide: source.ratingFide,
    fideTitle: source.fideTitle,
  };
}
