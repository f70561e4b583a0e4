/**
 * The one look of every e-mail: a heading, paragraphs and an optional table of facts, rendered as HTML
 * (inline styles: mail clients drop style sheets) and as plain text. Callers pass texts already in the
 * recipient's language; every value is escaped here.
 */
export type MailContent = {
  heading: string;
  paragraphs: string[];
  facts?: { label: string; value: string }[];
  closing?: string[];
  footer: string;
};

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

export function renderMailLayout(content: MailContent, language: string): { html: string; text: string } {
  const facts = content.facts ?? [];
  const html = [
    `<!doctype html><html lang="${escapeHtml(language)}"><head><meta charset="utf-8"><title>${escapeHtml(content.heading)}</title></head>`,
    '<body style="margin:0;padding:0;background:#f4f6f8;font-family:Arial,Helvetica,sans-serif;color:#1f2933">',
    '<div style="max-width:600px;margin:0 auto;padding:24px;background:#ffffff">',
    `<h1 style="font-size:20px;margin:0 0 16px;color:#0d47a1">${escapeHtml(content.heading)}</h1>`,
    ...content.paragraphs.map((p) => `<p style="font-size:15px;line-height:1.5;margin:0 0 12px">${escapeHtml(p)}</p>`),
    facts.length > 0
      ? `<table role="presentation" style="border-collapse:collapse;width:100%;margin:8px 0 16px">${facts
          .map(
            (f) =>
              `<tr><th scope="row" style="text-align:left;padding:6px 8px;border-bottom:1px solid #e4e7eb;font-weight:normal;color:#52606d;width:40%">${escapeHtml(f.label)}</th><td style="padding:6px 8px;border-bottom:1px solid #e4e7eb">${escapeHtml(f.value)}</td></tr>`,
          )
          .join('')}</table>`
      : '',
    ...(content.closing ?? []).map((p) => `<p style="font-size:15px;line-height:1.5;margin:0 0 12px">${escapeHtml(p)}</p>`),
    `<p style="font-size:12px;color:#7b8794;margin:24px 0 0">${escapeHtml(content.footer)}</p>`,
    '</div></body></html>',
  ].join('');
  const width = Math.max(0, ...facts.map((f) => f.label.length));
  const text = [
    content.heading,
    '',
    ...content.paragraphs.flatMap((p) => [p, '']),
    ...(facts.length > 0 ? [...facts.map((f) => `${`${f.label}:`.padEnd(width + 2)}${f.value}`), ''] : []),
    ...(content.closing ?? []).flatMap((p) => [p, '']),
    '-- ',
    content.footer,
    '',
  ].join('\n');
  return { html, text };
}
