/**
 * What managers may upload: documents (PDF), images and spreadsheets. The type comes from the
 * extension and must match the file's first bytes, so a renamed executable or an HTML page cannot be
 * served under an innocent type. SVG is refused: served from our origin it could run script.
 */
type FileKind = { contentType: string; inline: boolean; matches: (head: Buffer) => boolean };

const startsWith = (head: Buffer, bytes: number[]) => bytes.every((b, i) => head[i] === b);
const zip = (head: Buffer) => startsWith(head, [0x50, 0x4b, 0x03, 0x04]);
const ole = (head: Buffer) => startsWith(head, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const text = (head: Buffer) => !head.includes(0);

const KINDS: Record<string, FileKind> = {
  pdf: { contentType: 'application/pdf', inline: true, matches: (h) => h.subarray(0, 5).toString('latin1') === '%PDF-' },
  png: { contentType: 'image/png', inline: true, matches: (h) => startsWith(h, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) },
  jpg: { contentType: 'image/jpeg', inline: true, matches: (h) => startsWith(h, [0xff, 0xd8, 0xff]) },
  jpeg: { contentType: 'image/jpeg', inline: true, matches: (h) => startsWith(h, [0xff, 0xd8, 0xff]) },
  gif: { contentType: 'image/gif', inline: true, matches: (h) => h.subarray(0, 4).toString('latin1') === 'GIF8' },
  webp: {
    contentType: 'image/webp',
    inline: true,
    matches: (h) => h.subarray(0, 4).toString('latin1') === 'RIFF' && h.subarray(8, 12).toString('latin1') === 'WEBP',
  },
  xlsx: { contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', inline: false, matches: zip },
  ods: { contentType: 'application/vnd.oasis.opendocument.spreadsheet', inline: false, matches: zip },
  xls: { contentType: 'application/vnd.ms-excel', inline: false, matches: ole },
  csv: { contentType: 'text/csv; charset=utf-8', inline: false, matches: text },
};

export const ALLOWED_EXTENSIONS = Object.keys(KINDS);

export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/** The stored type of an upload, or null when its extension is not allowed or its bytes do not match it. */
export function detectFileType(name: string, head: Buffer): { contentType: string; inline: boolean } | null {
  const kind = KINDS[extensionOf(name)];
  if (!kind || !kind.matches(head)) return null;
  return { contentType: kind.contentType, inline: kind.inline };
}

/** A safe file name from what the browser sent: no paths, only plain characters. */
export function safeFileName(original: string): string {
  const base = original.split(/[\\/]/).pop() ?? '';
  const cleaned = base
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9._ -]+/g, '-')
    .replace(/^[^A-Za-z0-9]+/, '')
    .slice(-120);
  return cleaned || 'file';
}

/** `Content-Disposition` with the download name, ASCII fallback plus RFC 5987 UTF-8 form. */
export function contentDisposition(inline: boolean, name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `${inline ? 'inline' : 'attachment'}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
