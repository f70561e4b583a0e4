/** Zod-free so the web shell can import it without the schema library. */

/** What every API error answers: `code` is `<area>.<reason>`, translated by the web (namespace `errors`). */
export type ErrorBody = { code: string; message: string; details?: unknown };

/** A validation failure lists the offending fields by path (`guests.0.birthDate`). */
export type FieldIssue = { path: string; code: string; message: string };

/** Codes of the platform itself; areas add their own `<area>.<reason>` codes. */
export const PLATFORM_ERRORS = {
  validation: 'platform.validation',
  unauthenticated: 'platform.unauthenticated',
  forbidden: 'platform.forbidden',
  notFound: 'platform.not_found',
  conflict: 'platform.conflict',
  payloadTooLarge: 'platform.payload_too_large',
  rateLimited: 'platform.rate_limited',
  internal: 'platform.internal',
  dbUnavailable: 'platform.db_unavailable',
  idempotencyInProgress: 'platform.idempotency_in_progress',
  idempotencyMismatch: 'platform.idempotency_mismatch',
  requestTimeout: 'platform.request_timeout',
  /** An upload that is not multipart, has no boundary or ends before its closing boundary. */
  uploadInvalid: 'platform.upload_invalid',
  /** Resuming a bulk job that is not interrupted (running again, done, or unknown). */
  jobNotInterrupted: 'platform.job_not_interrupted',
  uploadMissing: 'platform.upload_missing',
  uploadTooLarge: 'platform.upload_too_large',
  photoNotImage: 'platform.photo_not_image',
  photoTooSmall: 'platform.photo_too_small',
  photoTooManyPixels: 'platform.photo_too_many_pixels',
  /** A signed link (platform/signed-links.ts) that this site did not make, was cut off, or was withdrawn. */
  linkInvalid: 'platform.link_invalid',
  /** A signed link past its expiry. */
  linkExpired: 'platform.link_expired',
  /** A single-use signed link opened a second time. */
  linkUsed: 'platform.link_used',
  /** A live stream refused: the caller's address or this server holds as many as it may (503, Retry-After). */
  streamsFull: 'platform.streams_full',
  /** CPU-heavy work refused: as many tasks wait for the server's worker threads as it queues (503, Retry-After). */
  busy: 'platform.busy',
  /** A worker thread stopped (out of memory, crashed) or overran its time while doing the request's heavy work. */
  workerFailed: 'platform.worker_failed',
} as const;
