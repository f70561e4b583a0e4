import { describe, expect, it } from 'vitest';
import { csvCell, writeCsv } from './csv.js';

describe('the CSV writer of every export', () => {
  it('leaves plain values alone and writes nothing for an absent one', () => {
    expect(csvCell('Jansen')).toBe('Jansen');
    expect(csvCell(1234)).toBe('1234');
    expect(csvCell(false)).toBe('false');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
  });

  it('quotes a cell holding a separator, a quote or a line end', () => {
    expect(csvCell('Dupont, Marie')).toBe('"Dupont, Marie"');
    expect(csvCell('a;b')).toBe('"a;b"');
    expect(csvCell('de "Toren"')).toBe('"de ""Toren"""');
    expect(csvCell('line\nbreak')).toBe('"line\nbreak"');
  });

  it('never lets a spreadsheet read a text as a formula', () => {
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell('+32 470 00 00 00')).toBe("'+32 470 00 00 00");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    // A negative number is a number, not a formula.
    expect(csvCell(-5)).toBe('-5');
  });

  it('writes a UTF-8 file with a byte order mark and CRLF line ends', () => {
    const file = writeCsv(
      ['name', 'club'],
      [
        ['Émile', 'KSK Rochade'],
        ['Zoë', null],
      ],
    );
    expect(file).toBe('\uFEFFname,club\r\nÉmile,KSK Rochade\r\nZoë,\r\n');
  });

  it('separates with a semicolon when asked, and can leave the byte order mark out', () => {
    expect(writeCsv(['a', 'b'], [[1.5, 'x;y']], { separator: ';', bom: false })).toBe('a;b\r\n1.5;"x;y"\r\n');
  });
});
