import { z } from 'zod';
import { idParamSchema, idSchema } from './input-rules.js';
import { isoDateTimeSchema } from './date-schemas.js';

export const fileGroupCodeSchema = z.string().regex(/^[a-z][a-z0-9_-]{1,30}$/, 'Invalid value');
/** A file's name inside its group: what the address carries (`reglement-2027.pdf`). */
export const fileNameSchema = z
  .string()
  .min(1)
  .max(120)
  .regex(/^[A-Za-z0-9][A-Za-z0-9._ -]*$/, 'Invalid value');

/** Display names per language; a missing language falls back to Dutch, then to the file name. */
export const fileDisplayNameSchema = z.object({
  nl: z.string().trim().max(200).optional(),
  fr: z.string().trim().max(200).optional(),
  de: z.string().trim().max(200).optional(),
  en: z.string().trim().max(200).optional(),
});
export type FileDisplayName = z.infer<typeof fileDisplayNameSchema>;

export const fileGroupSchema = z.object({
  code: fileGroupCodeSchema,
  public: z.boolean(),
  label: fileDisplayNameSchema,
});
export type FileGroup = z.infer<typeof fileGroupSchema>;

export const fileGroupWithCountSchema = fileGroupSchema.extend({ fileCount: z.number().int() });
export type FileGroupWithCount = z.infer<typeof fileGroupWithCountSchema>;

export const fileGroupUpdateSchema = fileGroupSchema.omit({ code: true });

export const storedFileSchema = z.object({
  group: fileGroupCodeSchema,
  name: z.string(),
  displayName: fileDisplayNameSchema,
  contentType: z.string(),
  size: z.number().int(),
  updatedAt: isoDateTimeSchema,
});
export type StoredFile = z.infer<typeof storedFileSchema>;

export const fileListQuerySchema = z.object({ group: fileGroupCodeSchema.optional() });
export const fileAddressQuerySchema = z.object({ group: fileGroupCodeSchema, name: z.string().min(1).max(200) });

/** The text fields of an upload (multipart), besides the file itself. */
export const fileUploadFieldsSchema = z.object({
  group: fileGroupCodeSchema,
  name: fileNameSchema.optional(),
  displayName: fileDisplayNameSchema.default({}),
});

export const sponsorInputSchema = z.object({
  name: z.string().trim().min(1, 'Required').max(120),
  url: z
    .url()
    .max(500)
    .refine((u) => /^https?:\/\//.test(u), 'Invalid value'),
  logo: z.object({ group: fileGroupCodeSchema, name: z.string().min(1).max(200) }),
  sortOrder: z.number().int().min(0).max(1000),
  enabled: z.boolean(),
});
export type SponsorInput = z.infer<typeof sponsorInputSchema>;

export const sponsorSchema = sponsorInputSchema.extend({ id: z.number().int() });
export type Sponsor = z.infer<typeof sponsorSchema>;
/** The sponsors in their new order (every sponsor once): the carousel shows them in this order. */
export const sponsorOrderSchema = z.object({ ids: z.array(idSchema).min(1).max(500) });
export type SponsorOrder = z.infer<typeof sponsorOrderSchema>;

export const sponsorIdParamsSchema = z.object({ id: idParamSchema });

/** Upload limits, shared so the web refuses early what the server would refuse. */
export const MAX_FILE_BYTES = 10 * 1024 * 1024;

export const FILES_ERRORS = {
  groupNotFound: 'files.group_not_found',
  fileNotFound: 'files.file_not_found',
  typeNotAllowed: 'files.type_not_allowed',
  tooLarge: 'files.too_large',
  noFile: 'files.no_file',
  inUse: 'files.in_use',
  sponsorNotFound: 'files.sponsor_not_found',
  sponsorOrderMismatch: 'files.sponsor_order_mismatch',
} as const;
