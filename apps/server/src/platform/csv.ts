/**
 * The one CSV writer of every export (registrations, participants, payment requests): RFC 4180 quoting, CRLF line
 * ends, a byte order mark so spreadsheet programs read UTF-8 (accents in names), and a cell that starts like a
 * formula (= + - @, tab, carriage return) neutralised with a leading apostrophe so a spreadsheet shows it and does
 * not run it (CSV injection). Separator: a comma by default; `;` where Belgian spreadsheets expect it.
 */
export type CsvValue = string | number | boolean | null | undefined;

export type CsvOptions = { separator?: ',' | ';'; bom?: boolean };

/** One cell: empty for null, quoted when it holds the separator, a quote or a line end, never read as a formula. */
export function csvCell(value: CsvValue, separator: ',' | ';' = ','): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  // Both separators quote, so a file stays readable whichever one a spreadsheet guesses.
  return /[",;\n\r]/.test(text) || text.includes(separator) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A whole file: the header line, then one line per row. */
export function writeCsv(header: readonly string[], rows: Iterable<readonly CsvValue[]>, options: CsvOptions = {}): string {
  const separator = options.separator ?? ',';
  const line = (cells: readonly CsvValue[]) => cells.map((cell) => csvCell(cell, separator)).join(separator);
  const lines = [line(header)];
  for (const row of rows) lines.push(line(row));
  return `${options.bom === false ? '' : '\uFEFF'}${lines.join('\r\n')}\r\n`;
}
