import { readFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { PLATFORM_ERRORS } from '@bjk/domain';
import { AppError } from './errors.js';

/**
 * Server-sent events, one implementation for every stream of the site (live results, live games, the venue desks):
 * the answer's headers (security headers and request id included), the reconnection delay, a comment line now and
 * then, the end of every stream when the server closes, and two caps.
 *
 * A stream holds a connection, hence a file descriptor, for as long as the page is open. The championship's families
 * share few addresses (the hall's Wi-Fi leaves through one NAT, mobile carriers do the same), so the cap per address
 * is high (a venue's worth); the cap per instance stays below the descriptors the process may open, so a flood of
 * streams never takes the connections other requests need. Beyond either cap the answer is 503 with `Retry-After`
 * (`platform.streams_full`): the browser's EventSource gives up on it, and the pages fall back to reading every minute.
 */

export type StreamLimits = {
  /** Open streams one client address may hold (a venue behind one NAT). */
  perAddress: number;
  /** Open streams of this instance, below the open-files limit. */
  total: number;
};

/** How long a refused client should wait before trying a stream again. */
export const STREAMS_RETRY_AFTER_SECONDS = 60;
/** A comment line this often keeps proxies and phones from dropping a quiet stream. */
const HEARTBEAT_MS = 25_000;

/** The soft limit of open files of this process (Node raises it to the hard limit at start), or null where unknown. */
export function openFilesLimit(limitsFile = '/proc/self/limits'): number | null {
  try {
    const line = readFileSync(limitsFile, 'utf8')
      .split('\n')
      .find((l) => l.startsWith('Max open files'));
    const soft = line ? /^Max open files\s+(\d+|unlimited)/.exec(line)?.[1] : undefined;
    if (soft === undefined) return null;
    return soft === 'unlimited' ? Number.MAX_SAFE_INTEGER : Number(soft);
  } catch {
    return null;
  }
}

/**
 * The instance-wide default: half the open files the process may hold (the other half for requests, the database
 * pool, uploads and logs), at most 10 000; 1 000 where the limit cannot be read.
 */
export function defaultStreamTotal(openFiles: number | null = openFilesLimit()): number {
  if (openFiles === null) return 1_000;
  return Math.max(16, Math.min(10_000, Math.floor(openFiles / 2)));
}

export type EventStream = {
  /** Writes raw event text (`data: …\n\n`); false when the stream is gone or its buffer is full. */
  write(text: string): boolean;
  /** Runs once when the client goes away or the server closes the stream. */
  onClose(listener: () => void): void;
  /** The connection's response, for code that keeps its own viewers (the live games' rooms). */
  readonly response: ServerResponse;
};

export type EventStreams = {
  /**
   * Opens a stream on this request, or throws a 503 `platform.streams_full` (with `Retry-After`) beyond a cap. The
   * route must not send anything else: the reply is hijacked.
   */
  open(request: FastifyRequest, reply: FastifyReply, options?: { retryMs?: number; cacheControl?: string }): EventStream;
  /** Open streams, in all and of one address (health, benchmarks, tests). */
  count(address?: string): number;
  /** Ends every stream (a closing server: browsers reconnect to another instance). */
  closeAll(): void;
};

export function createEventStreams(limits: StreamLimits): EventStreams {
  const open = new Set<ServerResponse>();
  const perAddress = new Map<string, number>();

  const heartbeat = setInterval(() => {
    for (const response of open) response.write(': ping\n\n');
  }, HEARTBEAT_MS);
  heartbeat.unref();

  return {
    open(request, reply, options = {}) {
      const address = request.ip;
      const mine = perAddress.get(address) ?? 0;
      if (mine >= limits.perAddress || open.size >= limits.total) {
        reply.header('retry-after', String(STREAMS_RETRY_AFTER_SECONDS));
        throw new AppError(503, PLATFORM_ERRORS.streamsFull, 'Too many live connections; read the page again later', {
          retryAfterSeconds: STREAMS_RETRY_AFTER_SECONDS,
        });
      }
      reply.hijack();
      const response = reply.raw;
      // Hijacked: the headers set so far (security headers, request id) are written here by hand.
      const headers = Object.fromEntries(
        Object.entries(reply.getHeaders()).filter((entry): entry is [string, string | number | string[]] => entry[1] !== undefined),
      );
      response.writeHead(200, {
        ...headers,
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': options.cacheControl ?? 'no-cache, no-transform',
        connection: 'keep-alive',
        // Proxies (nginx) must pass events on at once rather than buffer them.
        'x-accel-buffering': 'no',
      });
      response.write(`retry: ${options.retryMs ?? 5000}\n: connected\n\n`);
      open.add(response);
      perAddress.set(address, mine + 1);
      const listeners: (() => void)[] = [];
      let closed = false;
      const close = () => {
        if (closed) return;
        closed = true;
        open.delete(response);
        const left = (perAddress.get(address) ?? 1) - 1;
        if (left > 0) perAddress.set(address, left);
        else perAddress.delete(address);
        for (const listener of listeners.splice(0)) listener();
        // A stream never ends by itself: let go of the connection too, or a closing server would wait for it.
        response.destroy();
      };
      // The response's close, not the request's: a request "closes" as soon as it has been read.
      response.on('close', close);
      return {
        response,
        write: (text) => !closed && !response.destroyed && response.write(text),
        onClose: (listener) => {
          if (closed) listener();
          else listeners.push(listener);
        },
      };
    },

    count: (address) => (address === undefined ? open.size : (perAddress.get(address) ?? 0)),

    closeAll() {
      clearInterval(heartbeat);
      for (const response of [...open]) response.end();
    },
  };
}
