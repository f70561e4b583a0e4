import { z } from 'zod';

export const healthSchema = z.object({
  status: z.literal('ok'),
  db: z.enum(['pglite', 'postgres']),
});
export type Health = z.infer<typeof healthSchema>;

/** Written by the web build to `builds/latest.json` and `builds/meta/{buildId}.json`. */
export const buildInfoSchema = z.object({ buildId: z.string(), builtAt: z.string() });
export type BuildInfo = z.infer<typeof buildInfoSchema>;
