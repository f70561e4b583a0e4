import type { Readable } from 'node:stream';
import fastifyMultipart, { type MultipartFile } from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PLATFORM_ERRORS, unsafeTextReason } from '@bjk/domain';
import { AppError, validationError } from './errors.js';
import { PHOTO_MAX_BYTES } from './photo.js';

/**
 * The one way a route reads an uploaded file (multipart/form-data, one file, text fields before it).
 * Whatever the client sends — not multipart, no boundary, a body cut off before its closing boundary, no
 * file, a file over the limit — the answer is a coded 4xx, never a 500, a hang or a crash: the parser's
 * errors are translated here, once, for every upload endpoint.
 */

/**
 * Registers the multipart parser, and ends the connection of any upload answered before its body was read
 * to the end (refused, or a file whose first line already settled the answer): the unread rest would sit
 * in front of the next request on that keep-alive connection, which then waits for the idle timeout.
 */
export async function registerUploads(app: FastifyInstance): Promise<void> {
  await app.register(fastifyMultipart, { limits: { fileSize: 15 * 1024 * 1024, files: 1, fields: 20 } });
  app.addHook('onSend', async (request, reply) => {
    if (request.isMultipart() && !request.raw.complete) reply.header('connection', 'close');
  });
}

export type UploadedFile = {
  /** The file name the browser sent (may be empty). */
  filename: string;
  data: Buffer;
  /** The text fields sent before the file, trimmed; empty ones left out. */
  fields: Record<string, string>;
};

const uploadInvalid = (message = 'The upload could not be read (malformed or incomplete multipart body)') =>
  new AppError(400, PLATFORM_ERRORS.uploadInvalid, message);
const uploadTooLarge = (maxBytes: number) => new AppError(413, PLATFORM_ERRORS.uploadTooLarge, 'The file is too large', { maxBytes });

/** A parser failure (from @fastify/multipart or busboy) as the coded answer; our own errors pass through. */
function translateParserError(error: unknown, maxBytes: number): unknown {
  if (error instanceof AppError) return error;
  const code = (error as { code?: unknown }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return uploadTooLarge(maxBytes);
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') {
    return new AppError(415, PLATFORM_ERRORS.uploadInvalid, 'The request is not a multipart/form-data upload');
  }
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    return new AppError(413, PLATFORM_ERRORS.uploadTooLarge, 'The upload has too many parts');
  }
  // Busboy's "Unexpected end of form", "Boundary not found", "Malformed part header", premature close …
  return uploadInvalid();
}

async function openFile(request: FastifyRequest, maxBytes: number): Promise<MultipartFile> {
  let file: MultipartFile | undefined;
  try {
    file = await request.file({ limits: { fileSize: maxBytes, files: 1 } });
  } catch (error) {
    throw translateParserError(error, maxBytes);
  }
  if (!file) throw new AppError(400, PLATFORM_ERRORS.uploadMissing, 'No file was sent');
  return file;
}

function textFields(file: MultipartFile): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [name, field] of Object.entries(file.fields)) {
    const single = Array.isArray(field) ? field[0] : field;
    if (!single || single.type !== 'field' || typeof single.value !== 'string') continue;
    const value = single.value.trim();
    // The text rule of every request (input-rules.ts) applies to multipart fields too.
    const reason = unsafeTextReason(value) ?? unsafeTextReason(name);
    if (reason)
      throw validationError([
        { path: `body.${unsafeTextReason(name) ? '(key)' : name}`, code: 'unsafe_text', message: 'The text contains a character that is not allowed' },
      ]);
    if (value !== '') fields[name] = value;
  }
  return fields;
}

/** Reads the one uploaded file into memory (at most `maxBytes`). */
export async function readUpload(request: FastifyRequest, options: { maxBytes: number }): Promise<UploadedFile> {
  const file = await openFile(request, options.maxBytes);
  const fields = textFields(file);
  let data: Buffer;
  try {
    data = await file.toBuffer();
  } catch (error) {
    throw translateParserError(error, options.maxBytes);
  }
  return { filename: file.filename ?? '', data, fields };
}

/**
 * Hands the uploaded file to `consume` as a stream (files of hundreds of MB). If the upload itself fails
 * (cut off, over the limit) while `consume` reads it, the answer is the upload's coded 4xx whatever
 * `consume` threw; errors of `consume` itself pass through.
 */
export async function streamUpload<T>(request: FastifyRequest, options: { maxBytes: number }, consume: (stream: Readable) => Promise<T>): Promise<T> {
  const file = await openFile(request, options.maxBytes);
  let uploadError: unknown;
  file.file.on('error', (error) => {
    uploadError ??= error;
  });
  let result: T;
  try {
    result = await consume(file.file);
  } catch (error) {
    // The stream's own error reaches `consume` before its 'error' event (a later tick): recognise it as the stream's.
    if (uploadError !== undefined || (file.file.errored !== null && error === file.file.errored))
      throw translateParserError(uploadError ?? error, options.maxBytes);
    throw error;
  }
  // Busboy stops a file at the limit without an error: it only marks it truncated.
  if (file.file.truncated) throw uploadTooLarge(options.maxBytes);
  return result;
}

/** Reads an uploaded picture (field `photo`, or any name); services turn it into the badge photo (photo.ts). */
export async function readUploadedPhoto(request: FastifyRequest): Promise<Buffer> {
  return (await readUpload(request, { maxBytes: PHOTO_MAX_BYTES })).data;
}
