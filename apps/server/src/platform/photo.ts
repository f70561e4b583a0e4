import sharp, { type Metadata } from 'sharp';
import { PLATFORM_ERRORS } from '@bjk/domain';
import { BADGE_PHOTO_MIN } from '@bjk/domain/enrolment';
import { AppError } from './errors.js';

const PHOTO_MAX_WIDTH = 800;
/** Uploads larger than this are refused before decoding. */
export const PHOTO_MAX_BYTES = 12 * 1024 * 1024;
/** A 12-megapixel phone photo is ~12 M; 40 M pixels stops decompression bombs long before memory runs out. */
const MAX_INPUT_PIXELS = 40_000_000;
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'heif', 'avif', 'gif', 'tiff']);

export type NormalisedPhoto = { jpeg: Buffer; width: number; height: number };

/**
 * Turns an uploaded picture into the stored badge photo: EXIF orientation applied, every metadata field
 * (location, camera) dropped, cropped to portrait 4:5 around the centre when the browser did not crop it,
 * at most 800×1000, JPEG. Non-images, too small pictures and decompression bombs are refused.
 */
export async function normalisePhoto(input: Buffer): Promise<NormalisedPhoto> {
  if (input.length > PHOTO_MAX_BYTES) throw new AppError(413, PLATFORM_ERRORS.uploadTooLarge, 'The photo file is too large', { maxBytes: PHOTO_MAX_BYTES });
  let metadata: Metadata;
  try {
    metadata = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
  } catch {
    throw new AppError(422, PLATFORM_ERRORS.photoNotImage, 'The file is not a picture');
  }
  if (!metadata.format || !ACCEPTED_FORMATS.has(metadata.format)) {
    throw new AppError(422, PLATFORM_ERRORS.photoNotImage, 'The file is not a picture');
  }
  if ((metadata.width ?? 0) * (metadata.height ?? 0) > MAX_INPUT_PIXELS) {
    throw new AppError(422, PLATFORM_ERRORS.photoTooManyPixels, 'The picture has too many pixels');
  }
  const rotated = (metadata.orientation ?? 1) >= 5;
  const width = (rotated ? metadata.height : metadata.width) ?? 0;
  const height = (rotated ? metadata.width : metadata.height) ?? 0;
  // Badges print at 160×200 px or better: a smaller picture would print blurred.
  if (width < BADGE_PHOTO_MIN.width || height < BADGE_PHOTO_MIN.height) {
    throw new AppError(422, PLATFORM_ERRORS.photoTooSmall, `The picture is too small (at least ${BADGE_PHOTO_MIN.width} × ${BADGE_PHOTO_MIN.height} pixels)`, {
      width,
      height,
      minWidth: BADGE_PHOTO_MIN.width,
      minHeight: BADGE_PHOTO_MIN.height,
    });
  }
  const targetWidth = Math.min(PHOTO_MAX_WIDTH, width, Math.floor((height * 4) / 5));
  const targetHeight = Math.round((targetWidth * 5) / 4);
  try {
    const { data, info } = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize(targetWidth, targetHeight, { fit: 'cover', position: 'centre' })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 85, mozjpeg: false })
      .toBuffer({ resolveWithObject: true });
    return { jpeg: data, width: info.width, height: info.height };
  } catch {
    throw new AppError(422, PLATFORM_ERRORS.photoNotImage, 'The file is not a picture');
  }
}
