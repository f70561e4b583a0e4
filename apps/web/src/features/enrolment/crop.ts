/** What react-easy-crop reports: the chosen area in the picture's own pixels. */
export type PixelArea = { x: number; y: number; width: number; height: number };

/** The badge needs 160×200 px; the server wants at least 400×500 and keeps at most 800×1000. */
const MIN_WIDTH = 400;
const MAX_WIDTH = 800;

function loadImage(url: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('image could not be read'));
    image.src = url;
  });
}

/**
 * Cuts the chosen 4:5 area out of the picture as a JPEG. Browsers draw photos upright (EXIF applied),
 * so what the visitor saw is what is sent; the server normalises again anyway.
 */
export async function cropToJpeg(url: string, area: PixelArea): Promise<Blob> {
  const image = await loadImage(url);
  const width = Math.round(Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, area.width)));
  const height = Math.round((width * 5) / 4);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no canvas');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, width, height);
  context.drawImage(image, area.x, area.y, area.width, area.height, 0, 0, width, height);
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('no image'))), 'image/jpeg', 0.9);
  });
}
