import type { AbsenceKind, EditionSettings, Language } from '@bjk/domain';
import type { Config } from '../../config.js';
import { FAMILY_PAGE_PATH, siteUrl } from '../mail/family-page-link.js';
import { paragraphs, type MailBlock } from '../mail/mail-layout.js';
import { organiserMail, type OutgoingMail } from '../mail/mail.service.js';

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
  config: Pick<Config, 'publicUrl'>,
  settings: EditionSettings,
  to: string,
  language: Language,
  token: string,
  minutes: number,
): OutgoingMail {
  const t = FAMILY_MAIL_TEXTS[language];
  const blocks: MailBlock[] = [
    ...paragraphs(t.signInIntro),
    { kind: 'link', text: t.signInLink, url: siteUrl(config, `${FAMILY_PAGE_PATH}/welcome#${token}`) },
    ...paragraphs(t.signInValid(minutes), t.signInNotYou),
  ];
  const subject = t.signInSubject(settings.shortName[language]);
  return organiserMail(settings, { kind: 'family.sign_in', to: [to], language, subject, heading: t.signInHeading, blocks });
}

export function absenceMail(
  config: Pick<Config, 'publicUrl'>,
  settings: EditionSettings,
  to: string,
  language: Language,
  absence: { player: string; round: number; kind: AbsenceKind; withdrawn: boolean },
): OutgoingMail {
  const t = FAMILY_MAIL_TEXTS[language];
  const edition = settings.shortName[language];
  return organiserMail(settings, {
    kind: absence.withdrawn ? 'family.absence_withdrawn' : 'family.absence',
    to: [to],
    language,
    subject: absence.withdrawn ? t.absenceWithdrawnSubject(edition, absence.player, absence.round) : t.absenceSubject(edition, absence.player, absence.round),
    heading: t.absenceHeading,
    blocks: [
      ...paragraphs(absence.withdrawn ? t.absenceWithdrawn(absence.player, absence.round) : t.absenceIntro(absence.player, absence.round, absence.kind)),
      { kind: 'link', text: t.familyPage, url: siteUrl(config, FAMILY_PAGE_PATH) },
    ],
  });
}

type PrivacyAnswer = { kind: 'erasure' | 'correction'; approved: boolean; reason: string; childName: string | null };

const PRIVACY_TEXTS: Record<Language, { subject: (edition: string) => string; heading: string; body: (a: PrivacyAnswer) => string; reason: string }> = {
  nl: {
    subject: (edition) => `${edition}: antwoord op je privacyverzoek`,
    heading: 'Antwoord op je privacyverzoek',
    body: (a) =>
      a.kind === 'erasure'
        ? a.approved
          ? `De persoonsgegevens ${a.childName ? `van ${a.childName}` : 'van je gezin'} zijn gewist: contactgegevens, foto, geboortejaar, opmerkingen en e-mails. De gepubliceerde uitslagen en de boekhoudstukken (facturen, betalingen) blijven bewaard zoals de wet en de federatie vragen.`
          : `We kunnen je verzoek om ${a.childName ? `de gegevens van ${a.childName}` : 'de gegevens van je gezin'} te wissen niet inwilligen.`
        : a.approved
          ? `Je verzoek om de gegevens van ${a.childName ?? 'je kind'} te verbeteren is aanvaard: de organisatoren passen ze aan.`
          : `We kunnen je verzoek om de gegevens van ${a.childName ?? 'je kind'} te verbeteren niet inwilligen.`,
    reason: 'Reden:',
  },
  fr: {
    subject: (edition) => `${edition} : réponse à votre demande relative à la vie privée`,
    heading: 'Réponse à votre demande',
    body: (a) =>
      a.kind === 'erasure'
        ? a.approved
          ? `Les données personnelles ${a.childName ? `de ${a.childName}` : 'de votre famille'} sont effacées : coordonnées, photo, année de naissance, remarques et e-mails. Les résultats publiés et les pièces comptables (factures, paiements) sont conservés comme la loi et la fédération le demandent.`
          : `Nous ne pouvons pas donner suite à votre demande d'effacer ${a.childName ? `les données de ${a.childName}` : 'les données de votre famille'}.`
        : a.approved
          ? `Votre demande de correction des données de ${a.childName ?? 'votre enfant'} est acceptée : les organisateurs les corrigent.`
          : `Nous ne pouvons pas donner suite à votre demande de correction des données de ${a.childName ?? 'votre enfant'}.`,
    reason: 'Motif :',
  },
  de: {
    subject: (edition) => `${edition}: Antwort auf Ihre Datenschutzanfrage`,
    heading: 'Antwort auf Ihre Anfrage',
    body: (a) =>
      a.kind === 'erasure'
        ? a.approved
          ? `Die personenbezogenen Daten ${a.childName ? `von ${a.childName}` : 'Ihrer Familie'} sind gelöscht: Kontaktdaten, Foto, Geburtsjahr, Bemerkungen und E-Mails. Die veröffentlichten Ergebnisse und die Buchhaltungsbelege (Rechnungen, Zahlungen) bleiben erhalten, wie Gesetz und Verband es verlangen.`
          : `Wir können Ihrer Anfrage, ${a.childName ? `die Daten von ${a.childName}` : 'die Daten Ihrer Familie'} zu löschen, nicht nachkommen.`
        : a.approved
          ? `Ihre Anfrage zur Berichtigung der Daten von ${a.childName ?? 'Ihrem Kind'} ist angenommen: die Veranstalter berichtigen sie.`
          : `Wir können Ihrer Anfrage zur Berichtigung der Daten von ${a.childName ?? 'Ihrem Kind'} nicht nachkommen.`,
    reason: 'Begründung:',
  },
  en: {
    subject: (edition) => `${edition}: answer to your privacy request`,
    heading: 'Answer to your privacy request',
    body: (a) =>
      a.kind === 'erasure'
        ? a.approved
          ? `The personal data ${a.childName ? `of ${a.childName}` : 'of your family'} is erased: contact details, photo, birth year, remarks and e-mails. Published results and accounting records (invoices, payments) are kept as the law and the federation require.`
          : `We cannot grant your request to erase ${a.childName ? `the data of ${a.childName}` : "your family's data"}.`
        : a.approved
          ? `Your request to correct the data of ${a.childName ?? 'your child'} is accepted: the organisers correct it.`
          : `We cannot grant your request to correct the data of ${a.childName ?? 'your child'}.`,
    reason: 'Reason:',
  },
};

/** The answer to a family's privacy request (erasure or correction), in the language the family asked in. */
export function privacyAnswerMail(
  config: Pick<Config, 'publicUrl'>,
  settings: EditionSettings,
  to: string,
  language: Language,
  answer: PrivacyAnswer,
): OutgoingMail {
  const t = PRIVACY_TEXTS[language];
  const erasedAll = answer.kind === 'erasure' && answer.approved && answer.childName === null;
  const blocks: MailBlock[] = [
    ...paragraphs(t.body(answer), ...(answer.reason ? [`${t.reason} ${answer.reason}`] : [])),
    // After the whole family's erasure the page shows nothing any more: no link to it.
    ...(erasedAll ? [] : [{ kind: 'link' as const, text: FAMILY_MAIL_TEXTS[language].familyPage, url: siteUrl(config, FAMILY_PAGE_PATH) }]),
  ];
  const subject = t.subject(settings.shortName[language]);
  return organiserMail(settings, { kind: 'family.privacy_answer', to: [to], language, subject, heading: t.heading, blocks });
}
