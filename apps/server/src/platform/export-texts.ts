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

type Words = Record<Language, string>;

/**
 * Coded values in words, as the back office shows them (the wording of the web's locale files, kept equal by
 * export-texts.test.ts): a treasurer filtering "Deels betaald" in Excel should not have to know `partially_paid`.
 */
const VALUES = {
  registrationStatus: {
    draft: { nl: 'Onafgewerkt', fr: 'Inachevée', de: 'Unvollständig', en: 'Unfinished' },
    confirmed: { nl: 'Bevestigd', fr: 'Confirmée', de: 'Bestätigt', en: 'Confirmed' },
  },
  paymentStatus: {
    open: { nl: 'Open', fr: 'Ouverte', de: 'Offen', en: 'Open' },
    partially_paid: { nl: 'Deels betaald', fr: 'Payée en partie', de: 'Teilweise bezahlt', en: 'Partially paid' },
    paid: { nl: 'Betaald', fr: 'Payée', de: 'Bezahlt', en: 'Paid' },
    cancelled: { nl: 'Geannuleerd', fr: 'Annulée', de: 'Storniert', en: 'Cancelled' },
  },
  paymentKind: {
    stay: { nl: 'Verblijf', fr: 'Séjour', de: 'Aufenthalt', en: 'Stay' },
    participant_bjk: { nl: 'Deelnemer BJK', fr: 'Participant CBJ', de: 'Teilnehmer BJLM', en: 'Participant BYCC' },
    participant_vk: { nl: 'Deelnemer open', fr: 'Participant open', de: 'Teilnehmer Open', en: 'Participant open' },
  },
  absenceKind: {
    absent: { nl: 'Afwezig', fr: 'Absent', de: 'Abwesend', en: 'Absent' },
    half_point_bye: { nl: 'Bye van een halve punt', fr: "Bye d'un demi-point", de: 'Freilos mit halbem Punkt', en: 'Half-point bye' },
  },
  absenceStatus: {
    requested: { nl: 'Aangevraagd', fr: 'Demandée', de: 'Beantragt', en: 'Requested' },
    noted: { nl: 'Verwerkt', fr: 'Prise en compte', de: 'Berücksichtigt', en: 'Taken into account' },
    withdrawn: { nl: 'Ingetrokken', fr: 'Retirée', de: 'Zurückgezogen', en: 'Withdrawn' },
  },
  mealPlan: {
    none: { nl: 'Geen maaltijden', fr: 'Sans repas', de: 'Ohne Mahlzeiten', en: 'No meals' },
    breakfast: { nl: 'Ontbijt', fr: 'Petit-déjeuner', de: 'Frühstück', en: 'Breakfast' },
    half: { nl: 'Halfpension', fr: 'Demi-pension', de: 'Halbpension', en: 'Half board' },
    full: { nl: 'Volpension', fr: 'Pension complète', de: 'Vollpension', en: 'Full board' },
  },
  reservationRequestKind: {
    change: { nl: 'Wijziging', fr: 'Modification', de: 'Änderung', en: 'Change' },
    cancel: { nl: 'Annulering', fr: 'Annulation', de: 'Stornierung', en: 'Cancellation' },
  },
  privacyRequestKind: {
    erasure: { nl: 'Wissen', fr: 'Effacement', de: 'Löschung', en: 'Erasure' },
    correction: { nl: 'Verbetering', fr: 'Correction', de: 'Berichtigung', en: 'Correction' },
  },
  privacyRequestStatus: {
    open: { nl: 'In behandeling', fr: 'En cours', de: 'In Bearbeitung', en: 'Pending' },
    approved: { nl: 'Aanvaard', fr: 'Acceptée', de: 'Angenommen', en: 'Approved' },
    refused: { nl: 'Geweigerd', fr: 'Refusée', de: 'Abgelehnt', en: 'Refused' },
  },
  gender: {
    M: { nl: 'Man', fr: 'Masculin', de: 'Männlich', en: 'Male' },
    F: { nl: 'Vrouw', fr: 'Féminin', de: 'Weiblich', en: 'Female' },
  },
  // Languages by their own names, as the language menu shows them.
  language: {
    nl: { nl: 'Nederlands', fr: 'Nederlands', de: 'Nederlands', en: 'Nederlands' },
    fr: { nl: 'Français', fr: 'Français', de: 'Français', en: 'Français' },
    de: { nl: 'Deutsch', fr: 'Deutsch', de: 'Deutsch', en: 'Deutsch' },
    en: { nl: 'English', fr: 'English', de: 'English', en: 'English' },
  },
} as const satisfies Record<string, Record<string, Words>>;

export type ExportValueGroup = keyof typeof VALUES;

/** A coded value in the reader's words; a code this table does not know is written as it is, never dropped. */
export function exportValue(group: ExportValueGroup, code: string | null | undefined, language: Language): string | null {
  if (code === null || code === undefined) return null;
  const words = (VALUES[group] as Record<string, Words | undefined>)[code];
  return words ? words[language] : code;
}

/** Every code of a group with its words (for tests comparing them with the web's locale files). */
export function exportValueTable(group: ExportValueGroup): Readonly<Record<string, Words>> {
  return VALUES[group];
}

const YES_NO: Record<Language, [string, string]> = { nl: ['ja', 'nee'], fr: ['oui', 'non'], de: ['ja', 'nein'], en: ['yes', 'no'] };

/** Yes or no in the reader's words, as every export writes a true or false. */
export function exportYesNo(value: boolean, language: Language): string {
  return YES_NO[language][value ? 0 : 1];
}

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

/** A column: its header and its value of a row, given the reader's language for values written in words. */
export type ExportColumn<T> = readonly [ExportHeader | { label: string }, (row: T, language: Language) => CsvValue];

/** A CSV in the reader's language: localized headers, separator and yes/no; numbers given as numbers are localized. */
export function localizedCsv<T>(language: Language, columns: readonly ExportColumn<T>[], rows: readonly T[]): string {
  const cell = (value: CsvValue): CsvValue => {
    if (typeof value === 'boolean') return exportYesNo(value, language);
    if (typeof value === 'number' && !Number.isInteger(value)) return exportNumber(value, language);
    return value;
  };
  return writeCsv(
    columns.map(([header]) => (typeof header === 'string' ? exportHeader(header, language) : header.label)),
    rows.map((row) => columns.map(([, get]) => cell(get(row, language)))),
    { separator: csvSeparatorOf(language) },
  );
}
