import PDFDocument from 'pdfkit';
import sharp from 'sharp';
import type { EditionSettings } from '@bjk/domain';
import type { ServiceContext } from '../../platform/service-context.js';
import { countFiles, insertGroupIfMissing } from './files.repository.js';
import { createSponsor, uploadFile } from './files.service.js';

/** The groups the site works with (DOMAIN.md §7: files are addressed by group + name). */
const GROUPS = [
  { code: 'docs', public: true, label: { nl: 'Documenten', fr: 'Documents', de: 'Dokumente', en: 'Documents' } },
  { code: 'trn', public: true, label: { nl: 'Toernooi', fr: 'Tournoi', de: 'Turnier', en: 'Tournament' } },
  { code: 'pages', public: true, label: { nl: "Afbeeldingen voor pagina's", fr: 'Images des pages', de: 'Bilder für Seiten', en: 'Images for pages' } },
  { code: 'sponsors', public: true, label: { nl: 'Sponsors', fr: 'Sponsors', de: 'Sponsoren', en: 'Sponsors' } },
  { code: 'internal', public: false, label: { nl: 'Intern', fr: 'Interne', de: 'Intern', en: 'Internal' } },
];

export const DEMO_SPONSORS = [
  { name: 'Zeebries Vakantieparken', url: 'https://example.org/zeebries', colour: '#1e3a5f' },
  { name: 'Schaakclub De Pion', url: 'https://example.org/de-pion', colour: '#7b1fa2' },
  { name: 'Bakkerij Het Duin', url: 'https://example.org/het-duin', colour: '#bf6a02' },
  { name: 'Kustdrukkerij', url: 'https://example.org/kustdrukkerij', colour: '#2e7d32' },
];

/**
 * A demo sponsor's logo: its name in white on its colour, on one or two lines and in a size that keeps every letter
 * inside the 320 × 120 logo with a margin, also in a wide sans-serif (DejaVu, about 0.62 em a letter in bold): the
 * sponsor strip and the badges show it small, and a cut name ("Zeebries Vakantieparker") is every demo's first sight.
 */
export function logoSvg(name: string, colour: string): Buffer {
  const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  const lines = splitName(name);
  const longest = Math.max(...lines.map((line) => line.length));
  const fontSize = Math.min(34, Math.floor(272 / (longest * 0.62)));
  const lineHeight = Math.round(fontSize * 1.2);
  // Baselines centred as a block: the first one sits a cap height (about 0.72 em) below the block's top.
  const top = 60 - (lineHeight * (lines.length - 1) + fontSize * 0.72) / 2 + fontSize * 0.72;
  const text = lines
    .map(
      (line, i) =>
        `<text x="160" y="${Math.round(top + i * lineHeight)}" font-family="sans-serif" font-size="${fontSize}" font-weight="bold" fill="#fff" text-anchor="middle">${escape(line)}</text>`,
    )
    .join('');
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="320" height="120"><rect width="320" height="120" rx="16" fill="${colour}"/>${text}</svg>`);
}

/** A name on one line when short, else on two lines as even as its words allow. */
function splitName(name: string): string[] {
  const words = name.split(/\s+/).filter(Boolean);
  if (name.length <= 14 || words.length < 2) return [name];
  let best: string[] = [name];
  let bestLongest = Infinity;
  for (let cut = 1; cut < words.length; cut++) {
    const lines = [words.slice(0, cut).join(' '), words.slice(cut).join(' ')];
    const longest = Math.max(...lines.map((line) => line.length));
    if (longest < bestLongest) [best, bestLongest] = [lines, longest];
  }
  return best;
}

function rulesPdf(edition: EditionSettings): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', margin: 56, info: { Title: `${edition.shortName.nl} reglement` } });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.fontSize(20).text(`${edition.name.nl}`).moveDown();
    doc.fontSize(14).text('Toernooireglement').moveDown();
    doc.fontSize(11).text(`${edition.startDate} – ${edition.endDate}, ${edition.venue.name}, ${edition.venue.address}`).moveDown();
    doc.text('Zwitsers systeem volgens de FIDE-regels. Bedenktijd 90 minuten + 30 seconden per zet (U8 en U10: 60 minuten + 30 seconden).');
    doc.end();
  });
}

/** Seeds the file groups always (missing ones only), and demo documents and sponsors on a fresh database. */
export async function seedFilesIfEmpty(ctx: ServiceContext, edition: EditionSettings): Promise<boolean> {
  const { db } = ctx;
  for (const group of GROUPS) await insertGroupIfMissing(db, group);
  if ((await countFiles(db)) > 0) return false;
  await uploadFile(ctx, {
    group: 'docs',
    name: `reglement-${edition.year}.pdf`,
    originalName: 'reglement.pdf',
    displayName: { nl: 'Toernooireglement', fr: 'Règlement du tournoi', de: 'Turnierordnung', en: 'Tournament rules' },
    data: await rulesPdf(edition),
  });
  for (const [index, sponsor] of DEMO_SPONSORS.entries()) {
    const name = `${sponsor.name.toLowerCase().replace(/[^a-z]+/g, '-')}.png`;
    const data = await sharp(logoSvg(sponsor.name, sponsor.colour)).png().toBuffer();
    await uploadFile(ctx, { group: 'sponsors', name, originalName: name, displayName: { nl: sponsor.name }, data });
    await createSponsor(ctx, { name: sponsor.name, url: sponsor.url, logo: { group: 'sponsors', name }, sortOrder: index * 10, enabled: true });
  }
  return true;
}
