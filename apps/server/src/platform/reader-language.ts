import type { FastifyRequest } from 'fastify';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@bjk/domain';

/**
 * The reader's language for what the server writes for them (exports, price lines, workbook labels): the first tag
 * of Accept-Language (the web client sends the site's language there), else Dutch.
 */
export function readerLanguage(request: FastifyRequest): Language {
  const header = request.headers['accept-language'];
  const first = (Array.isArray(header) ? header[0] : header)?.slice(0, 2).toLowerCase();
  return isLanguage(first) ? first : DEFAULT_LANGUAGE;
}
