import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';

/** Smaller answers gain less than the compression costs (and fit in a packet or two anyway). */
const MIN_BYTES = 1024;

/** Browsers send a handful of distinct `accept-encoding` values: each is read once (the memory is bounded). */
const ENCODING_MEMO_MAX = 64;
const encodingMemo = new Map<string, 'br' | 'gzip' | null>();

/** The encoding to answer in: brotli when accepted, else gzip, else none. */
export function preferredEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  if (!acceptEncoding) return null;
  const known = encodingMemo.get(acceptEncoding);
  if (known !== undefined) return known;
  const offered = acceptEncoding
    .split(',')
    .map((part) => part.trim().split(';'))
    .filter(([, q]) => !q || !/^q=0(\.0*)?$/.test(q.trim()))
    .map(([name]) => name?.trim().toLowerCase());
  const encoding = offered.includes('br') ? 'br' : offered.includes('gzip') ? 'gzip' : null;
  if (encodingMemo.size < ENCODING_MEMO_MAX) encodingMemo.set(acceptEncoding, encoding);
  return encoding;
}

/**
 * Compresses JSON answers of the API and the app's HTML page (brotli, else gzip) for clients that
 * accept it: the edition
 * settings the first page reads are ~14 kB of JSON, ~3 kB compressed, which counts on a phone's
 * connection (Lighthouse: "enable text compression"). Static assets are precompressed at build time
 * and served by @fastify/static; this covers what the API writes at run time. A fast brotli level
 * keeps the cost per answer well under a millisecond.
 */
export function registerCompression(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    if (reply.hasHeader('content-encoding') || request.method === 'HEAD') return payload;
    const type = String(reply.getHeader('content-type') ?? '');
    if (!type.startsWith('application/json') && !type.startsWith('text/html')) return payload;
    const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
    if (body.length < MIN_BYTES) return payload;
    // Added to what the answer already varies on (a page's HTML: the visitor's language), once: a kept public
    // answer's first sending names it already.
    const vary = reply.getHeader('vary');
    if (!vary) reply.header('vary', 'accept-encoding');
    else if (!/(^|,)\s*accept-encoding\s*(,|$)/i.test(String(vary))) reply.header('vary', `${String(vary)}, accept-encoding`);
    const encoding = preferredEncoding(request.headers['accept-encoding']);
    if (!encoding) return payload;
    const compressed =
      encoding === 'br'
        ? brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } })
        : gzipSync(body, { level: 6 });
    reply.header('content-encoding', encoding).removeHeader('content-length');
    return compressed;
  });
}
