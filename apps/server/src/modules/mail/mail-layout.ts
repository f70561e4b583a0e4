import type { EditionSettings } from '@bjk/domain';

/**
 * The one look of every e-mail: a heading, blocks (paragraphs, a table of facts, a table of lines, a
 * sub-heading, an inline image, a link) and the organiser's footer, rendered as HTML (inline styles: mail
 * clients drop style sheets) and as plain text. `queueMail` takes this content, not HTML, so no mail can
 * leave in another layout. Callers pass texts already in the recipient's language; every value is escaped here.
 */
export type MailFact = { label: string; value: string };
export type MailBlock =
  /** A paragraph; a `\n` in it is a line break. */
  | { kind: 'paragraph'; text: string }
  | { kind: 'subheading'; text: string }
  | { kind: 'facts'; facts: MailFact[] }
  /** Lines with amounts: `align` per column (no header row when every label is empty); `total` is the last row, in bold. */
  | { kind: 'table'; columns: { label: string; align?: 'left' | 'right' }[]; rows: string[][]; total?: string[] }
  | { kind: 'image'; cid: string; alt: string; width: number; height: number }
  | { kind: 'link'; text: string; url: string };

export type MailContent = {
  heading: string;
  blocks: MailBlock[];
  footer: string;
};

/** The footer every mail carries: the organiser's name, address and e-mail address. */
export const organiserFooter = (settings: EditionSettings) =>
  [settings.organiser.name, settings.organiser.address, settings.organiser.email].filter((part) => part !== '').join(' · ');

export const paragraphs = (...texts: string[]): MailBlock[] => texts.map((text) => ({ kind: 'paragraph', text }));

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

const P = 'font-size:15px;line-height:1.5;margin:0 0 12px';
const CELL = 'padding:6px 8px;border-bottom:1px solid #e4e7eb';

function blockHtml(block: MailBlock): string {
  switch (block.kind) {
    case 'paragraph':
      return `<p style="${P}">${escapeHtml(block.text).replace(/\n/g, '<br>')}</p>`;
    case 'subheading':
      return `<h2 style="font-size:16px;margin:16px 0 8px;color:#0d47a1">${escapeHtml(block.text)}</h2>`;
    case 'facts':
      return block.facts.length === 0
        ? ''
        : `<table role="presentation" style="border-collapse:collapse;width:100%;margin:8px 0 16px">${block.facts
            .map(
              (f) =>
                `<tr><th scope="row" style="text-align:left;${CELL};font-weight:normal;color:#52606d;width:40%;vertical-align:top">${escapeHtml(f.label)}</th><td style="${CELL}">${escapeHtml(f.value).replace(/\n/g, '<br>')}</td></tr>`,
            )
            .join('')}</table>`;
    case 'table': {
      const align = (i: number) => (block.columns[i]?.align === 'right' ? 'text-align:right;white-space:nowrap' : 'text-align:left');
      const row = (cells: string[], tag: 'td' | 'th') =>
        `<tr>${cells.map((c, i) => `<${tag} style="${CELL};${align(i)}">${escapeHtml(c)}</${tag}>`).join('')}</tr>`;
      return [
        '<table style="border-collapse:collapse;width:100%;margin:8px 0 16px">',
        !block.columns.some((c) => c.label)
          ? ''
          : `<thead><tr>${block.columns.map((c, i) => `<th style="${CELL};${align(i)};color:#52606d;font-weight:normal">${escapeHtml(c.label)}</th>`).join('')}</tr></thead>`,
        `<tbody>${block.rows.map((cells) => row(cells, 'td')).join('')}${block.total ? row(block.total, 'th') : ''}</tbody>`,
        '</table>',
      ].join('');
    }
    case 'image':
      return `<p style="${P}"><img src="cid:${escapeHtml(block.cid)}" alt="${escapeHtml(block.alt)}" width="${block.width}" height="${block.height}"></p>`;
    case 'link':
      return `<p style="${P}">${escapeHtml(block.text)} <a href="${escapeHtml(block.url)}" style="color:#0d47a1">${escapeHtml(block.url)}</a></p>`;
  }
}

function blockText(block: MailBlock): string[] {
  switch (block.kind) {
    case 'paragraph':
      return [block.text, ''];
    case 'subheading':
      return [block.text, '-'.repeat(block.text.length)];
    case 'facts': {
      if (block.facts.length === 0) return [];
      const width = Math.max(...block.facts.map((f) => f.label.length));
      return [...block.facts.map((f) => `${`${f.label}:`.padEnd(width + 2)}${f.value.replace(/\n/g, `\n${' '.repeat(width + 2)}`)}`), ''];
    }
    case 'table': {
      const head = block.columns.some((c) => c.label) ? [block.columns.map((c) => c.label)] : [];
      const all = [...head, ...block.rows, ...(block.total ? [block.total] : [])];
      const widths = block.columns.map((_, i) => Math.max(...all.map((cells) => (cells[i] ?? '').length)));
      const line = (cells: string[]) =>
        cells
          .map((c, i) => (block.columns[i]?.align === 'right' ? c.padStart(widths[i]!) : c.padEnd(widths[i]!)))
          .join('  ')
          .trimEnd();
      return [...all.map(line), ''];
    }
    case 'image':
      return [];
    case 'link':
      return [`${block.text} ${block.url}`, ''];
  }
}

export function renderMailLayout(content: MailContent, language: string): { html: string; text: string } {
  const html = [
    `<!doctype html><html lang="${escapeHtml(language)}"><head><meta charset="utf-8"><title>${escapeHtml(content.heading)}</title></head>`,
    '<body style="margin:0;padding:0;background:#f4f6f8;font-family:Arial,Helvetica,sans-serif;color:#1f2933">',
    '<div style="max-width:600px;margin:0 auto;padding:24px;background:#ffffff">',
    `<h1 style="font-size:20px;margin:0 0 16px;color:#0d47a1">${escapeHtml(content.heading)}</h1>`,
    ...content.blocks.map(blockHtml),
    `<p style="font-size:12px;color:#7b8794;margin:24px 0 0">${escapeHtml(content.footer)}</p>`,
    '</div></body></html>',
  ].join('');
  const text = [content.heading, '', ...content.blocks.flatMap(blockText), '-- ', content.footer, ''].join('\n');
  return { html, text };
}
