import type { FastifyInstance, FastifyRequest } from 'fastify';
import { findUnsafeText } from '@bjk/domain';
import { validationError } from './errors.js';

const REASONS = {
  nul: 'The text contains a NUL character',
  lone_surrogate: 'The text contains an invalid character (a lone surrogate)',
} as const;

/**
 * Refuses any request whose params, query or JSON body hold a text PostgreSQL cannot store (a NUL) or that
 * is not text at all (a lone surrogate), as a 400 `platform.validation` naming the field.
 *
 * Why one hook and not a rule in each zod schema: a hook before validation covers every route, including
 * those added later, and every string of a body, including `z.string()` fields nobody thought of as
 * free text; a per-schema rule holds only as long as every author remembers it. Multipart fields do not
 * pass through here: the upload reader (`uploads.ts`) applies the same rule to them.
 */
export function registerInputRules(app: FastifyInstance): void {
  app.addHook('preValidation', async (request: FastifyRequest) => {
    for (const [part, value] of [
      ['params', request.params],
      ['querystring', request.query],
      ['body', request.body],
    ] as const) {
      const found = findUnsafeText(value);
      if (found) {
        throw validationError([{ path: [part, found.path].filter(Boolean).join('.'), code: 'unsafe_text', message: REASONS[found.reason] }]);
      }
    }
  });
}
