import type { Language } from '@bjk/domain';
import { writeCsv, type CsvValue } from './csv.js';

/**
 * Spreadsheet exports in the reader's language (the back office's CSVs and the public standings): headers in their
 * language, and the separator and decimal mark their spreadsheet program expects. A Belgian Excel (nl, fr, de) opens a
 * comma-separated file as one column and reads "12.50" as text or a date: there the separator is `;` and the decimal
 * mark a comma; in English a comma and a point. Every file starts with a byte order mark (see csv.ts).
 */
const HEADERS = {
  id: { nl: 'Id', fr: 'Id', de: 'Id', en: 'Id' },
  idbel: { nl: 'Stamnummer', fr: 'Matricule', de: 'Matrikelnummer', en: 'Belgian ID' },
  idfide: { nl: 'FIDE-id', fr: 'ID FIDE', de: 'FIDE-ID', en: 'FIDE ID' },
  firstName: { nl: 'Voornaam', fr: 'Prénom', de: 'Vorname', en: 'First name' },
  lastName: { nl: 'Familienaam', fr: 'Nom', de: 'Nachname', en: 'Last name' },
  birthYear: { nl: 'Geboortejaar', fr: 'Année de naissance', de: 'Geburtsjahr', en: 'Birth year' },
  gender: { nl: 'Geslacht', fr: 'Sexe', de: 'Geschlecht', en: 'Gender' },
  category: { nl: 'Categorie', fr: 'Catégorie', de: 'Kategorie', en: 'Category' },
  clubId: { nl: 'Clubnummer', fr: 'Numéro de club', de: 'Vereinsnummer', en: 'Club number' },
  clubName: { nl: 'Club', fr: 'Club', de: 'Verein', en: 'Club' },
  federation: { nl: 'Federatie', fr: 'Fédération', de: 'Föderation', en: 'Federation' },
  ratingNational: { nl: 'Nationale rating', fr: 'Elo national', de: 'Nationale Wertung', en: 'National rating' },
  ratingFide: { nl: 'FIDE-rating', fr: 'Elo FIDE', de: 'FIDE-Wertung', en: 'FIDE rating' },
  rating: { nl: 'Rating', fr: 'Elo', de: 'Wertung', en: 'Rating' },
  title: { nl: 'Titel', fr: 'Titre', de: 'Titel', en: 'Title' },
  email: { nl: 'E-mail', fr: 'E-mail', de: 'E-Mail', en: 'Email' },
  mobile: { nl: 'Gsm', fr: 'GSM', de: 'Handy', en: 'Mobile' },
  parentName: { nl: 'Ouder', fr: 'Parent', de: 'Elternteil', en: 'Parent' },
  parentEmail: { nl: 'E-mail ouder', fr: 'E-mail du parent', de: 'E-Mail Elternteil', en: 'Parent email' },
  parentMobile: { nl: 'Gsm ouder', fr: 'GSM du parent', de: 'Handy Elternteil', en: 'Parent mobile' },
  attendantName: { nl: 'Begeleider', fr: 'Accompagnateur', de: 'Begleitperson', en: 'Attendant' },
  attendantEmail: { nl: 'E-mail begeleider', fr: "E-mail de l'accompagnateur", de: 'E-Mail Begleitperson', en: 'Attendant email' },
  attendantMobile: { nl: 'Gsm begeleider', fr: "GSM de l'accompagnateur", de: 'Handy Begleitperson', en: 'Attendant mobile' },
  language: { nl: 'Taal', fr: 'Langue', de: 'Sprache', en: 'Language' },
  meals: { nl: 'Maaltijden', fr: 'Repas', de: 'Mahlzeiten', en: 'Meals' },
  enabled: { nl: 'Actief', fr: 'Actif', de: 'Aktiv', en: 'Enabled' },
  late: { nl: 'Laattijdig', fr: 'Tardif', de: 'Verspätet', en: 'Late' },
  photo: { nl: 'Foto', fr: 'Photo', de: 'Foto', en: 'Photo' },
  remarks: { nl: 'Opmerkingen', fr: 'Remarques', de: 'Bemerkungen', en: 'Remarks' },
  status: { nl: 'Status', fr: 'Statut', de: 'Status', en: 'Status' },
  fee: { nl: 'Inschrijvingsgeld (€)', fr: "Droit d'inscription (€)", de: 'Startgeld (€)', en: 'Fee (€)' },
  confirmedAt: { nl: 'Bevestigd op', fr: 'Confirmé le', de: 'Bestätigt am', en: 'Confirmed at' },
  number: { nl: 'Nummer', fr: 'Numéro', de: 'Nummer', en: 'Number' },
  kind: { nl: 'Soort', fr: 'Type', de: 'Art', en: 'Kind' },
  source: { nl: 'Bron', fr: 'Source', de: 'Quelle', en: 'Source' },
  payer: { nl: 'Betaler', fr: 'Payeur', de: 'Zahler', en: 'Payer' },
  emails: { nl: 'E-mailadressen', fr: 'Adresses e-mail', de: 'E-Mail-Adressen', en: 'Emails' },
  total: { nl: 'Totaal (€)', fr: 'Total (€)', de: 'Gesamt (€)', en: 'Total (€)' },
  received: { nl: 'Ontvangen (€)', fr: 'Reçu (€)', de: 'Erhalten (€)', en: 'Received (€)' },
  outstanding: { nl: 'Openstaand (€)', fr: 'Restant dû (€)', de: 'Offen (€)', en: 'Outstanding (€)' },
  dueDate: { nl: 'Vervaldatum', fr: "Date d'échéance", de: 'Fälligkeitsdatum', en: 'Due date' },
  sentAt: { nl: 'Verstuurd op', fr: 'Envoyé le', de: 'Gesendet am', en: 'Sent at' },
  paidDate: { nl: 'Betaald op', fr: 'Payé le', de: 'Bezahlt am', en: 'Paid on' },
  structuredMessage: { nl: 'Gestructureerde mededeling', fr: 'Communication structurée', de: 'Strukturierte Mitteilung', en: 'Structured message' },
  round: { nl: 'Ronde', fr: 'Ronde', de: 'Runde', en: 'Round' },
  pairingNumber: { nl: 'Startnummer', fr: 'Numéro d’appariement', de: 'Startnummer', en: 'Pairing number' },
  name: { nl: 'Naam', fr: 'Nom', de: 'Name', en: 'Name' },
  request: { nl: 'Aanvraag', fr: 'Demande', de: 'Antrag', en: 'Request' },
  remark: { nl: 'Opmerking', fr: 'Remarque', de: 'Bemerkung', en: 'Remark' },
  rank: { nl: 'Plaats', fr: 'Place', de: 'Platz', en: 'Rank' },
  points: { nl: 'Punten', fr: 'Points', de: 'Punkte', en: 'Points' },
} as const satisfies Record<string, Record<Language, string>>;

export type ExportHeader = keyof typeof HEADERS;

const YES_NO: Record<Language, [string, string]> = { nl: ['ja', 'nee'], fr: ['oui', 'non'], de: ['ja', 'nein'], en: ['yes', 'no'] };

export function exportHeader(key: ExportHeader, language: Language): string {
  return HEADERS[key][language];
}

/** The separator of the reader's spreadsheet program: `;` for nl, fr and de (Belgium), `,` for en. */
export function csvSeparatorOf(language: Language): ',' | ';' {
  return language === 'en' ? ',' : ';';
}

/** A number as the reader's spreadsheet reads it: "12,50" where the separator is `;`, "12.50" in English. */
export function exportNumber(value: number, language: Language, fractionDigits?: number): string {
  const text = fractionDigits === undefined ? String(value) : value.toFixed(fractionDigits);
  return csvSeparatorOf(language) === ';' ? text.replace('.', ',') : text;
}

export type ExportColumn<T> = readonly [ExportHeader | { label: string }, (row: T) => CsvValue];

/** A CSV in the reader's language: localized headers, separator and yes/no; numbers given as numbers are localized. */
export function localizedCsv<T>(language: Language, columns: readonly ExportColumn<T>[], rows: readonly T[]): string {
  const [yes, no] = YES_NO[language];
  const cell = (value: CsvValue): CsvValue => {
    if (typeof value === 'boolean') return value ? yes : no;
    if (typeof value === 'number' && !Number.isInteger(value)) return exportNumber(value, language);
    return value;
  };
  return writeCsv(
    columns.map(([header]) => (typeof header === 'string' ? exportHeader(header, language) : header.label)),
    rows.map((row) => columns.map(([, get]) => cell(get(row)))),
    { separator: csvSeparatorOf(language) },
  );
}
