import { z } from 'zod';
import { playerIdentitySchema } from './player-identity.js';

/** A federation member as the registry stores it (managers see this; the public lookup sees less): the identity and the birth date. */
export const memberSchema = playerIdentitySchema.extend({ birthDate: z.string().nullable() });
export type Member = z.infer<typeof memberSchema>;

export const MEMBER_IMPORT_FORMATS = ['csv', 'fide-txt', 'fide-xml'] as const;
export const memberImportFormatSchema = z.enum(MEMBER_IMPORT_FORMATS);
export type MemberImportFormat = z.infer<typeof memberImportFormatSchema>;

export const memberImportQuerySchema = z.object({ format: memberImportFormatSchema });

/** What an import did: rows read, inserted, updated, and the rejected lines with a reason (the first ones). */
export const memberImportResultSchema = z.object({
  format: memberImportFormatSchema,
  received: z.number().int(),
  inserted: z.number().int(),
  updated: z.number().int(),
  /** Rows that matched a member whose data was already the same (not rewritten). */
  unchanged: z.number().int(),
  rejected: z.number().int(),
  rejections: z.array(z.object({ line: z.number().int(), reason: z.string() })),
  durationMs: z.number().int(),
});
export type MemberImportResult = z.infer<typeof memberImportResultSchema>;

export const memberCountSchema = z.object({ total: z.number().int(), withIdbel: z.number().int(), withIdfide: z.number().int() });
export type MemberCount = z.infer<typeof memberCountSchema>;
