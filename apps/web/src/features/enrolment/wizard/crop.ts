import { BADGE_PHOTO_MIN } from '@bjk/domain/enrolment';

/** What react-easy-crop reports: the chosen area in the picture's own pixels. */
export type PixelArea = { x: number; y: number; width: number; height: number };
export type PixelSize = { width: number; height: number };

/** The server keeps at most 800×1000; sending more only costs the visitor's data. */
const MAX_WIDTH = 800;

/**
 * The size of the JPEG cut out of `area`: never enlarged (an enlarged small picture only looks big and still prints
 * blurred), at most 800 px wide; null when the area is smaller than the badge needs.
 */
export function croppedSize(area: PixelSize): PixelSize | null {
  if (Math.round(area.width) < BADGE_PHOTO_MIN.width || Math.round(area.height) < BADGE_PHOTO_MIN.height) return null;
  const width = Math.min(MAX_WIDTH, Math.round(area.width));
  return { width, height: Math.round((width * 5) / 4) };
}

/** True when a picture of this size can give a badge photo at all. */
export const largeEnough = (size: PixelSize) => size.width >= BADGE_PHOTO_MIN.width && size.height >= BADGE_PHOTO_MIN.height;

/**
 * The pixel size of a chosen file, decoding it: a file whose name says `.jpg` but whose bytes are no picture the
 * browser can draw fails here, before any crop box is shown. Decoded from the file itself, not through a blob
 * address, which the content security policy would report as a connection for a file that is no image.
 */
export async function measurePicture(file: Blob): Promise<PixelSize> {
  const bitmap = await createImageBitmap(file);
  const size = { width: bitmap.width, height: bitmap.height };
  bitmap.close();
  if (size.width === 0 || size.height === 0) throw new Error('empty picture');
  return size;
}

function loadPicture(url: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => (image.naturalWidth > 0 && image.naturalHeight > 0 ? resolve(image) : reject(new Error('empty picture')));
    image.onerror = () => reject(new Error('image could not be read'));
    image.src = url;
  });
}

/**
 * Cuts the chosen 4:5 area out of the picture as a JPEG. Browsers draw photos upright (EXIF applied),
 * so what the visitor saw is what is sent; the server normalises again anyway.
 */
export async function cropToJpeg(url: string, area: PixelArea): Promise<Blob> {
  const size = croppedSize(area);
  if (!size) throw new Error('crop too small');
  const image = await loadPicture(url);
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no canvas');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, size.width, size.height);
  context.drawImage(image, area.x, area.y, area.width, area.height, 0, 0, size.width, size.height);
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('no image'))), 'image/jpeg', 0.9);
  });
}
