import { describe, expect, it } from 'vitest';
import { contentDisposition, detectFileType, safeFileName } from './file-types.js';

describe('accepting uploads', () => {
  it('accepts a PDF, an image and a spreadsheet whose bytes match their extension', () => {
    expect(detectFileType('rules.pdf', Buffer.from('%PDF-1.7\n'))).toEqual({ contentType: 'application/pdf', inline: true });
    expect(detectFileType('logo.PNG', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))?.contentType).toBe('image/png');
    expect(detectFileType('rooms.xlsx', Buffer.from('PK\x03\x04rest'))?.inline).toBe(false);
  });

  it('refuses a file whose bytes do not match its extension', () => {
    expect(detectFileType('rules.pdf', Buffer.from('<html><script>'))).toBeNull();
  });

  it('refuses types that are not documents, images or spreadsheets', () => {
    expect(detectFileType('page.html', Buffer.from('<html>'))).toBeNull();
    expect(detectFileType('logo.svg', Buffer.from('<svg>'))).toBeNull();
    expect(detectFileType('tool.exe', Buffer.from('MZ'))).toBeNull();
  });
});

describe('file names', () => {
  it('drops paths and unusual characters', () => {
    expect(safeFileName('C:\\Users\\me\\Règlement 2027 (v2).pdf')).toBe('Reglement 2027 -v2-.pdf');
    expect(safeFileName('../../etc/passwd')).toBe('passwd');
  });

  it('offers the download name in ASCII and in UTF-8', () => {
    expect(contentDisposition(false, 'Kamerlijst é.xlsx')).toBe(`attachment; filename="Kamerlijst _.xlsx"; filename*=UTF-8''Kamerlijst%20%C3%A9.xlsx`);
  });
});
