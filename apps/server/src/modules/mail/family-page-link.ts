import type { Language } from '@bjk/domain';
import type { Config } from '../../config.js';
import type { MailBlock } from './mail-layout.js';

/** The site's address of a path, for links in mails (`config.publicUrl`: `PUBLIC_URL`, else this server on localhost). */
export function siteUrl(config: Pick<Config, 'publicUrl'>, path: string): string {
  return `${config.publicUrl}${path}`;
}

/** The family page (modules/family): it asks for the address and mails a fresh single-use sign-in link. */
export const FAMILY_PAGE_PATH = '/family';

const TEXT: Record<Language, string> = {
  nl: 'Inschrijvingen, betalingen, reservaties en afwezigheden van je gezin bekijk en beheer je op Mijn gezin (aanmelden met dit e-mailadres):',
  fr: 'Inscriptions, paiements, réservations et absences de votre famille se consultent et se gèrent sur Ma famille (connexion avec cette adresse e-mail) :',
  de: 'Anmeldungen, Zahlungen, Reservierungen und Abwesenheiten Ihrer Familie sehen und verwalten Sie auf Meine Familie (Anmeldung mit dieser E-Mail-Adresse):',
  en: "Your family's enrolments, payments, reservations and absences are on My family (sign in with this e-mail address):",
};

/**
 * The block every enrolment and reservation mail carries. Those mails go to several contacts at once and are read
 * hours later, so they carry the family page's address, not a sign-in token: a single-use link valid for minutes
 * would be spent or expired, and one token in a mail to three addresses would open one address's family to the others.
 */
export function familyPageBlock(config: Pick<Config, 'publicUrl'>, language: Language): MailBlock {
  return { kind: 'link', text: TEXT[language], url: siteUrl(config, FAMILY_PAGE_PATH) };
}
