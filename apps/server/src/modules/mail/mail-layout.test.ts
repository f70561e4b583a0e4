import { describe, expect, it } from 'vitest';
import { renderMailLayout, type MailContent } from './mail-layout.js';

const content: MailContent = {
  heading: 'Request <1> received',
  blocks: [
    { kind: 'paragraph', text: 'Dear "Anna" & co,\nwelcome' },
    {
      kind: 'facts',
      facts: [
        { label: 'Guests', value: 'Anna\nTom' },
        { label: 'Room', value: 'AP4' },
      ],
    },
    { kind: 'subheading', text: 'Price' },
    {
      kind: 'table',
      columns: [{ label: 'Line' }, { label: 'Amount', align: 'right' }],
      rows: [
        ['Stay', '80,00 €'],
        ['Tax', '2,00 €'],
      ],
      total: ['Total', '82,00 €'],
    },
    { kind: 'image', cid: 'qr@x', alt: 'QR', width: 240, height: 240 },
    { kind: 'link', text: 'Your page:', url: 'https://bjk.test/p?a=1&b=2' },
  ],
  footer: 'BJK · Kerkstraat 1 · info@bjk.test',
};

describe('the one mail layout', () => {
  it('renders every block as escaped HTML in the language, with heading and footer', () => {
    const { html } = renderMailLayout(content, 'fr');
    expect(html).toMatch(/^<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>Request &lt;1&gt; received<\/title>/);
    expect(html).toContain('>Request &lt;1&gt; received</h1>');
    expect(html).toContain('>Dear &quot;Anna&quot; &amp; co,<br>welcome</p>');
    expect(html).toContain('>Anna<br>Tom</td>');
    expect(html).toContain('<img src="cid:qr@x" alt="QR" width="240" height="240">');
    expect(html).toContain('<a href="https://bjk.test/p?a=1&amp;b=2"');
    expect(html).toContain('text-align:right;white-space:nowrap">82,00 €</th>');
    expect(html).toMatch(/>BJK · Kerkstraat 1 · info@bjk\.test<\/p><\/div><\/body><\/html>$/);
  });

  it('renders the same content as plain text: aligned facts and table, the footer after the signature separator', () => {
    const { text } = renderMailLayout(content, 'fr');
    expect(text).toBe(
      [
        'Request <1> received',
        '',
        'Dear "Anna" & co,\nwelcome',
        '',
        'Guests: Anna\n        Tom',
        'Room:   AP4',
        '',
        'Price',
        '-----',
        'Line    Amount',
        'Stay   80,00 €',
        'Tax     2,00 €',
        'Total  82,00 €',
        '',
        'Your page: https://bjk.test/p?a=1&b=2',
        '',
        '-- ',
        'BJK · Kerkstraat 1 · info@bjk.test',
        '',
      ].join('\n'),
    );
  });
});
