import type { FastifyInstance } from 'fastify';
import type { Language } from '@bjk/domain/languages';
import { commonFirstReads, firstPageOf, ownFirstReads } from '@bjk/domain/first-reads';
import { internalReadHeaders } from './log.js';

/**
 * The API answers a public page reads for its first render, put into the page's HTML so that render needs no
 * round trip after the scripts (Largest Contentful Paint on a phone). Which answers, per page, is declared once in
 * `@bjk/domain/first-reads` (the web starts the same reads at start-up); the web app's HTTP client answers a GET of
 * one of them once from the page, then asks the network again.
 */

/** The API addresses the public page at `pathname` reads at first (none for the back office). */
export function pageReads(pathname: string, language: Language): string[] {
  if (pathname === '/mgmt' || pathname.startsWith('/mgmt/')) return [];
  return [...commonFirstReads(language), ...ownFirstReads(pathname, language)];
}

/**
 * Whether the page at `pathname` is about something that does not exist: its read answered a coded 404
 * "…not_found" (`/news/999999`, `/page/nope`, `/games/game/99999`). Such a page is answered with HTTP 404, like an
 * unknown address, though the app still draws it (it says what is missing).
 */
export function showsMissing(pathname: string, language: Language, answers: Record<string, InlinedAnswer>): boolean {
  if (!firstPageOf(pathname)?.page.about) return false;
  return ownFirstReads(pathname, language).some((url) => {
    const answer = answers[url];
    const code = (answer?.body as { code?: unknown } | undefined)?.code;
    return answer?.status === 404 && typeof code === 'string' && code.endsWith('not_found');
  });
}

/** An answer as the page carries it: the status and the JSON body. */
export type InlinedAnswer = { status: number; body: unknown };

/**
 * Asks the API itself for each address (the same handlers, validation and kept public answers a browser's
 * request gets, so never staler than the API) and keeps what may go into a page anyone can load: answers the
 * API marks `Cache-Control: public` (data that is the same for every visitor, never a person's), and coded
 * errors, which carry no data (an unknown payment link or category: the page says so without a failed request).
 * These reads write no log line of their own (`internalReadHeaders`): the page's request has its line.
 */
export async function readPageData(app: FastifyInstance, urls: readonly string[], language: Language): Promise<Record<string, InlinedAnswer>> {
  const answers = await Promise.all(
    urls.map(async (url) => {
      const response = await app.inject({ method: 'GET', url, headers: { accept: 'application/json', 'accept-language': language, ...internalReadHeaders } });
      if (!String(response.headers['content-type'] ?? '').startsWith('application/json')) return null;
      const isPublic = response.statusCode === 200 && /\bpublic\b/.test(String(response.headers['cache-control'] ?? ''));
      const isCodedError = response.statusCode >= 400 && response.statusCode < 500 && response.statusCode !== 429;
      if (!isPublic && !isCodedError) return null;
      let body: unknown;
      try {
        body = response.json();
      } catch {
        return null;
      }
      if (isCodedError && typeof (body as { code?: unknown } | null)?.code !== 'string') return null;
      return [url, { status: response.statusCode, body }] as const;
    }),
  );
  return Object.fromEntries(answers.filter((a) => a !== null));
}

/**
 * The answers as an inert JSON block for the page's HTML: `type="application/json"` is data, never run, so the
 * content security policy (`script-src 'self'`) holds; `<`, `>`, `&` and the line separators are written as JSON
 * escapes, so no text in the data (a news title with `</script>`) can end the block or open a tag.
 */
export function pageDataScript(answers: Record<string, InlinedAnswer>): string {
  const json = JSON.stringify(answers).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return `<script type="application/json" id="bjk-page-data">${json}</script>`;
}
