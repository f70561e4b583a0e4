import type { AbsenceKind, EditionSettings, Language } from '@bjk/domain';
import type { Config } from '../../config.js';
import { FAMILY_PAGE_PATH, siteUrl } from '../mail/family-page-link.js';
import { organiserFooter, paragraphs } from '../mail/mail-layout.js';
import type { OutgoingMail } from '../mail/mail.service.js';

type Texts = {
  signInSubject: (edition: string) => string;
  signInHeading: string;
  signInIntro: string;
  signInLink: string;
  signInValid: (minutes: number) => string;
  signInNotYou: string;
  absenceSubject: (edition: string, player: string, round: number) => string;
  absenceHeading: string;
  absenceIntro: (player: string, round: number, kind: AbsenceKind) => string;
  absenceWithdrawnSubject: (edition: string, player: string, round: number) => string;
  absenceWithdrawn: (player: string, round: number) => string;
  familyPage: string;
};

const KIND: Record<Language, Record<AbsenceKind, string>> = {
  nl: { absent: 'afwezig', half_point_bye: 'een bye van een halve punt' },
  fr: { absent: 'absent(e)', half_point_bye: "un bye d'un demi-point" },
  de: { absent: 'abwesend', half_point_bye: 'ein Freilos mit halbem Punkt' },
  en: { absent: 'absent', half_point_bye: 'a half-point bye' },
};

export const FAMILY_MAIL_TEXTS: Record<Language, Texts> = {
  nl: {
    signInSubject: (edition) => `${edition}: je aanmeldlink voor Mijn gezin`,
    signInHeading: 'Aanmelden op Mijn gezin',
    signInIntro: 'Je vroeg een link om je aan te melden op de pagina van je gezin: inschrijvingen, betalingen, reservaties en afwezigheden.',
    signInLink: 'Open deze link en klik op "Aanmelden":',
    signInValid: (minutes) => `De link werkt één keer en blijft ${minutes} minuten geldig.`,
    signInNotYou: 'Vroeg je niets? Dan kan je deze e-mail negeren: zonder de link kan niemand zich aanmelden.',
    absenceSubject: (edition, player, round) => `${edition}: afwezigheid van ${player} in ronde ${round} ontvangen`,
    absenceHeading: 'Afwezigheid ontvangen',
    absenceIntro: (player, round, kind) =>
      `We hebben genoteerd dat ${player} in ronde ${round} ${KIND.nl[kind]} vraagt. De arbiters houden er rekening mee bij de paring.`,
    absenceWithdrawnSubject: (edition, player, round) => `${edition}: afwezigheid van ${player} in ronde ${round} ingetrokken`,
    absenceWithdrawn: (player, round) => `De aanvraag voor ronde ${round} van ${player} is ingetrokken: ${player} wordt normaal gepaard.`,
    familyPage: 'Alles over je gezin vind je op Mijn gezin:',
  },
  fr: {
    signInSubject: (edition) => `${edition} : votre lien de connexion à Ma famille`,
    signInHeading: 'Connexion à Ma famille',
    signInIntro: 'Vous avez demandé un lien pour vous connecter à la page de votre famille : inscriptions, paiements, réservations et absences.',
    signInLink: 'Ouvrez ce lien et cliquez sur « Se connecter » :',
    signInValid: (minutes) => `Le lien fonctionne une seule fois et reste valable ${minutes} minutes.`,
    signInNotYou: "Vous n'avez rien demandé ? Ignorez cet e-mail : sans le lien, personne ne peut se connecter.",
    absenceSubject: (edition, player, round) => `${edition} : absence de ${player} à la ronde ${round} reçue`,
    absenceHeading: 'Absence reçue',
    absenceIntro: (player, round, kind) =>
      `Nous avons noté que ${player} demande ${KIND.fr[kind] === 'absent(e)' ? 'à être absent(e)' : KIND.fr[kind]} à la ronde ${round}. Les arbitres en tiendront compte pour l'appariement.`,
    absenceWithdrawnSubject: (edition, player, round) => `${edition} : absence de ${player} à la ronde ${round} retirée`,
    absenceWithdrawn: (player, round) => `La demande pour la ronde ${round} de ${player} est retirée : ${player} sera apparié(e) normalement.`,
    familyPage: 'Tout sur votre famille se trouve sur Ma famille :',
  },
  de: {
    signInSubject: (edition) => `${edition}: Ihr Anmeldelink für Meine Familie`,
    signInHeading: 'Anmelden bei Meine Familie',
    signInIntro: 'Sie haben einen Link angefordert, um sich auf der Seite Ihrer Familie anzumelden: Anmeldungen, Zahlungen, Reservierungen und Abwesenheiten.',
    signInLink: 'Öffnen Sie diesen Link und klicken Sie auf „Anmelden“:',
    signInValid: (minutes) => `Der Link funktioniert einmal und bleibt ${minutes} Minuten gültig.`,
    signInNotYou: 'Nichts angefordert? Dann ignorieren Sie diese E-Mail: Ohne den Link kann sich niemand anmelden.',
    absenceSubject: (edition, player, round) => `${edition}: Abwesenheit von ${player} in Runde ${round} erhalten`,
    absenceHeading: 'Abwesenheit erhalten',
    absenceIntro: (player, round, kind) =>
      `Wir haben notiert, dass ${player} in Runde ${round} ${KIND.de[kind] === 'abwesend' ? 'abwesend ist' : `${KIND.de[kind]} beantragt`}. Die Schiedsrichter berücksichtigen es bei der Auslosung.`,
    absenceWithdrawnSubject: (edition, player, round) => `${edition}: Abwesenheit von ${player} in Runde ${round} zurückgezogen`,
    absenceWithdrawn: (player, round) => `Der Antrag für Runde ${round} von ${player} ist zurückgezogen: ${player} wird normal gepaart.`,
    familyPage: 'Alles über Ihre Familie finden Sie auf Meine Familie:',
  },
  en: {
    signInSubject: (edition) => `${edition}: your sign-in link for My family`,
    signInHeading: 'Sign in to My family',
    signInIntro: "You asked for a link to sign in to your family's page: enrolments, payments, reservations and absences.",
    signInLink: 'Open this link and click "Sign in":',
    signInValid: (minutes) => `The link works once and stays valid for ${minutes} minutes.`,
    signInNotYou: 'Did not ask for it? Then ignore this e-mail: without the link nobody can sign in.',
    absenceSubject: (edition, player, round) => `${edition}: absence of ${player} in round ${round} received`,
    absenceHeading: 'Absence received',
    absenceIntro: (player, round, kind) =>
      `We noted that ${player} ${kind === 'absent' ? 'will be absent' : 'asks for a half-point bye'} in round ${round}. The arbiters take it into account when pairing.`,
    absenceWithdrawnSubject: (edition, player, round) => `${edition}: absence of ${player} in round ${round} withdrawn`,
    absenceWithdrawn: (player, round) => `The request for round ${round} of ${player} is withdrawn: ${player} will be paired as usual.`,
    familyPage: 'Everything about your family is on My family:',
  },
};

/**
 * The sign-in mail: the token travels in the address's fragment (`#`), which browsers never send to a server, so no
 * access log or Referer holds it; the landing page spends it on a button's POST, not on the GET a scanner makes.
 */
export function signInMail(
  config: Pick<Config, 'publicUrl' | 'port'>,
  settings: EditionSettings,
  to: string,
  language: Language,
  token: string,
  minutes: number,
): OutgoingMail {
  const t = FAMILY_MAIL_TEXTS[language];
  return {
    kind: 'family.sign_in',
    to: [to],
    language,
    subject: t.signInSubject(settings.shortName[language]),
    content: {
      heading: t.signInHeading,
      blocks: [
        ...paragraphs(t.signInIntro),
        { kind: 'link', text: t.signInLink, url: siteUrl(config, `${FAMILY_PAGE_PATH}/welcome#${token}`) },
        ...paragraphs(t.signInValid(minutes), t.signInNotYou),
      ],
      footer: organiserFooter(settings),
    },
  };
}

export function absenceMail(
  config: Pick<Config, 'publicUrl' | 'port'>,
  settings: EditionSettings,
  to: string,
  language: Language,
  absence: { player: string; round: number; kind: AbsenceKind; withdrawn: boolean },
): OutgoingMail {
  const t = FAMILY_MAIL_TEXTS[language];
  const edition = settings.shortName[language];
  return {
    kind: absence.withdrawn ? 'family.absence_withdrawn' : 'family.absence',
    to: [to],
    language,
    subject: absence.withdrawn ? t.absenceWithdrawnSubject(edition, absence.player, absence.round) : t.absenceSubject(edition, absence.player, absence.round),
    content: {
      heading: t.absenceHeading,
      blocks: [
        ...paragraphs(absence.withdrawn ? t.absenceWithdrawn(absence.player, absence.round) : t.absenceIntro(absence.player, absence.round, absence.kind)),
        { kind: 'link', text: t.familyPage, url: siteUrl(config, FAMILY_PAGE_PATH) },
      ],
      footer: organiserFooter(settings),
    },
  };
}
