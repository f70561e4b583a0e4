import path from 'node:path';
import PDFDocument from 'pdfkit';
import { formatDate, formatMoney, type EditionSettings, type Language } from '@bjk/domain';
import type { FamilyPrincipal } from '../../platform/access.js';
import { exportValue } from '../../platform/export-texts.js';
import type { ServiceContext } from '../../platform/service-context.js';
import { getCurrentEdition } from '../edition/edition.service.js';
import { exportFamilyData, type FamilyData } from './family.service.js';

type Texts = {
  title: string;
  intro: (email: string, when: string) => string;
  children: string;
  reservations: string;
  privacyRequests: string;
  none: string;
  yes: string;
  no: string;
  fields: Record<string, string>;
};

const TEXTS: Record<Language, Texts> = {
  nl: {
    title: 'Mijn gezin: onze gegevens over jullie',
    intro: (email, when) => `Alle persoonsgegevens die we bewaren voor ${email}, op ${when}. Het JSON-bestand op dezelfde pagina bevat dezelfde gegevens.`,
    children: 'Kinderen',
    reservations: 'Verblijven',
    privacyRequests: 'Privacyverzoeken',
    none: '—',
    yes: 'ja',
    no: 'nee',
    fields: {
      idbel: 'Stamnummer',
      idfide: 'FIDE-id',
      birthYear: 'Geboortejaar',
      gender: 'Geslacht',
      club: 'Club',
      category: 'Categorie',
      player: 'Speler',
      parent: 'Ouder',
      attendant: 'Begeleider',
      language: 'Taal',
      photo: 'Foto',
      consents: 'Toestemmingen (badgefoto, website, naam op de lijst)',
      remarks: 'Opmerkingen',
      payments: 'Betalingen',
      absences: 'Afwezigheden',
      contact: 'Verantwoordelijke',
      room: 'Kamer',
      dates: 'Data',
      meals: 'Maaltijden',
      guests: 'Gasten',
      requests: 'Vragen',
    },
  },
  fr: {
    title: 'Ma famille : nos données vous concernant',
    intro: (email, when) => `Toutes les données personnelles conservées pour ${email}, au ${when}. Le fichier JSON de la même page contient les mêmes données.`,
    children: 'Enfants',
    reservations: 'Séjours',
    privacyRequests: 'Demandes relatives à la vie privée',
    none: '—',
    yes: 'oui',
    no: 'non',
    fields: {
      idbel: 'Matricule',
      idfide: 'Id FIDE',
      birthYear: 'Année de naissance',
      gender: 'Genre',
      club: 'Club',
      category: 'Catégorie',
      player: 'Joueur',
      parent: 'Parent',
      attendant: 'Accompagnateur',
      language: 'Langue',
      photo: 'Photo',
      consents: 'Consentements (photo du badge, site web, nom sur la liste)',
      remarks: 'Remarques',
      payments: 'Paiements',
      absences: 'Absences',
      contact: 'Responsable',
      room: 'Chambre',
      dates: 'Dates',
      meals: 'Repas',
      guests: 'Personnes',
      requests: 'Demandes',
    },
  },
  de: {
    title: 'Meine Familie: unsere Daten über Sie',
    intro: (email, when) =>
      `Alle personenbezogenen Daten, die wir für ${email} speichern, Stand ${when}. Die JSON-Datei auf derselben Seite enthält dieselben Daten.`,
    children: 'Kinder',
    reservations: 'Aufenthalte',
    privacyRequests: 'Datenschutzanfragen',
    none: '—',
    yes: 'ja',
    no: 'nein',
    fields: {
      idbel: 'Mitgliedsnummer',
      idfide: 'FIDE-ID',
      birthYear: 'Geburtsjahr',
      gender: 'Geschlecht',
      club: 'Verein',
      category: 'Kategorie',
      player: 'Spieler',
      parent: 'Elternteil',
      attendant: 'Begleiter',
      language: 'Sprache',
      photo: 'Foto',
      consents: 'Einwilligungen (Badge-Foto, Website, Name auf der Liste)',
      remarks: 'Bemerkungen',
      payments: 'Zahlungen',
      absences: 'Abwesenheiten',
      contact: 'Verantwortlicher',
      room: 'Zimmer',
      dates: 'Daten',
      meals: 'Mahlzeiten',
      guests: 'Gäste',
      requests: 'Anfragen',
    },
  },
  en: {
    title: 'My family: the data we hold about you',
    intro: (email, when) => `All personal data held for ${email}, as of ${when}. The JSON file on the same page holds the same data.`,
    children: 'Children',
    reservations: 'Stays',
    privacyRequests: 'Privacy requests',
    none: '—',
    yes: 'yes',
    no: 'no',
    fields: {
      idbel: 'Federation id',
      idfide: 'FIDE id',
      birthYear: 'Birth year',
      gender: 'Gender',
      club: 'Club',
      category: 'Category',
      player: 'Player',
      parent: 'Parent',
      attendant: 'Attendant',
      language: 'Language',
      photo: 'Photo',
      consents: 'Consents (badge photo, website, name on the list)',
      remarks: 'Remarks',
      payments: 'Payments',
      absences: 'Absences',
      contact: 'Responsible adult',
      room: 'Room',
      dates: 'Dates',
      meals: 'Meals',
      guests: 'Guests',
      requests: 'Requests',
    },
  },
};

const FONT = 'Body';
const FONT_BOLD = 'Body-Bold';

/**
 * The family's data as a readable A4 PDF (issue #26, beside the JSON download), in the family's language. DejaVu Sans
 * is embedded as on badges (decision 0009's fonts), so every name prints (ß, Ø, Ç, Cyrillic, Turkish letters).
 */
export function renderFamilyDataPdf(data: FamilyData, settings: EditionSettings, language: Language, fontDir: string): Promise<Buffer> {
  const t = TEXTS[language];
  const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: t.title, Author: settings.organiser.name }, compress: true });
  doc.registerFont(FONT, path.join(fontDir, 'DejaVuSans.ttf'));
  doc.registerFont(FONT_BOLD, path.join(fontDir, 'DejaVuSans-Bold.ttf'));
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const money = (cents: number) => formatMoney(cents, language).replace(/\u202f|\u00a0/g, ' ');
  const text = (value: string | number | null | undefined) => (value === null || value === undefined || value === '' ? t.none : String(value));
  const contact = (c: { fullName: string; email: string; mobile: string }) => [c.fullName, c.email, c.mobile].filter((v) => v !== '').join(', ') || t.none;
  const field = (label: string, value: string) => {
    doc.font(FONT_BOLD).fontSize(9).text(`${label}: `, { continued: true });
    doc.font(FONT).text(value);
  };
  const heading = (title: string) => {
    doc.moveDown();
    doc.font(FONT_BOLD).fontSize(14).text(title);
    doc.moveDown(0.3);
  };

  doc.font(FONT_BOLD).fontSize(18).text(t.title);
  doc.font(FONT).fontSize(10).text(settings.name[language]);
  doc.moveDown(0.5);
  doc.text(t.intro(data.family, formatDate(data.exportedAt.slice(0, 10), language)));
  doc.text(`${settings.organiser.name} · ${settings.organiser.email}`);

  heading(t.children);
  if (data.children.length === 0) doc.font(FONT).fontSize(10).text(t.none);
  for (const { enrolment: e, payments, absences } of data.children) {
    doc.moveDown(0.5);
    doc.font(FONT_BOLD).fontSize(11).text(`${e.firstName} ${e.lastName}`);
    field(t.fields.idbel!, text(e.idbel));
    field(t.fields.idfide!, text(e.idfide));
    field(t.fields.birthYear!, text(e.birthYear));
    field(t.fields.gender!, text(exportValue('gender', e.gender, language)));
    field(t.fields.club!, text(e.clubName));
    field(t.fields.category!, e.category);
    field(t.fields.player!, [e.email, e.mobile].filter((v) => v !== '').join(', ') || t.none);
    field(t.fields.parent!, contact(e.parent));
    field(t.fields.attendant!, contact(e.attendant));
    field(t.fields.language!, exportValue('language', e.language, language) ?? e.language);
    field(t.fields.photo!, e.photoPath ? t.yes : t.no);
    field(t.fields.consents!, [e.consents.badgePhoto, e.consents.webPhoto, e.consents.publicName].map((v) => (v ? t.yes : t.no)).join(' · '));
    field(t.fields.remarks!, text(e.remarks));
    field(
      t.fields.payments!,
      payments.map((p) => `${p.number}: ${money(p.totalCents)} (${exportValue('paymentStatus', p.status, language)}), ${p.structuredMessage}`).join('; ') ||
        t.none,
    );
    field(
      t.fields.absences!,
      absences.map((a) => `${a.round}: ${exportValue('absenceKind', a.kind, language)} (${exportValue('absenceStatus', a.status, language)})`).join('; ') ||
        t.none,
    );
  }

  heading(t.reservations);
  if (data.reservations.length === 0) doc.font(FONT).fontSize(10).text(t.none);
  for (const { reservation: r, payments, requests } of data.reservations) {
    doc.moveDown(0.5);
    doc.font(FONT_BOLD).fontSize(11).text(r.number);
    field(
      t.fields.contact!,
      [`${r.contact.firstName} ${r.contact.lastName}`.trim(), r.contact.email, r.contact.mobile, r.contact.address].filter((v) => v !== '').join(', '),
    );
    field(t.fields.room!, settings.roomTypes.find((room) => room.code === r.roomType)?.label[language] ?? r.roomType);
    field(t.fields.dates!, `${formatDate(r.arrivalDate, language)} – ${formatDate(r.departureDate, language)}`);
    field(t.fields.meals!, exportValue('mealPlan', r.mealPlan, language) ?? r.mealPlan);
    field(t.fields.guests!, r.guests.map((g) => `${g.firstName} ${g.lastName} (${g.birthDate})`).join('; ') || t.none);
    field(t.fields.remarks!, text(r.remarks));
    field(
      t.fields.payments!,
      payments.map((p) => `${p.number}: ${money(p.totalCents)} (${exportValue('paymentStatus', p.status, language)}), ${p.structuredMessage}`).join('; ') ||
        t.none,
    );
    field(t.fields.requests!, requests.map((q) => `${exportValue('reservationRequestKind', q.kind, language)}: ${q.message}`).join('; ') || t.none);
  }

  if (data.privacyRequests.length > 0) {
    heading(t.privacyRequests);
    for (const q of data.privacyRequests) {
      const kind = exportValue('privacyRequestKind', q.kind, language) ?? q.kind;
      field(kind, `${q.childName ?? data.family} (${exportValue('privacyRequestStatus', q.status, language)}) ${q.reason}`.trim());
    }
  }
  doc.end();
  return done;
}

/** The family's data (the JSON download's) as a readable PDF in the family's language. */
export async function exportFamilyDataPdf(ctx: ServiceContext, family: FamilyPrincipal, language: Language): Promise<Buffer> {
  const edition = await getCurrentEdition(ctx.db);
  return renderFamilyDataPdf(await exportFamilyData(ctx, family), edition.settings, language, ctx.config.printFontDir);
}
