import { formatMoney, type EditionSettings, type Language } from '@bjk/domain';
import { paragraphs } from '../mail/mail-layout.js';
import { organiserMail, type OutgoingMail } from '../mail/mail.service.js';
import type { RegistrationRow } from './enrolment.repository.js';

type Texts = {
  subject: (edition: string, player: string) => string;
  heading: string;
  intro: (player: string, edition: string) => string;
  payment: string;
  late: (fee: string) => string;
  questions: (email: string) => string;
  labels: Record<'player' | 'idbel' | 'idfide' | 'birthYear' | 'club' | 'category' | 'fee' | 'email' | 'mobile' | 'parent' | 'attendant', string>;
};

export const CONFIRMATION_MAIL_TEXTS: Record<Language, Texts> = {
  nl: {
    subject: (edition, player) => `${edition}: inschrijving van ${player} bevestigd`,
    heading: 'Inschrijving bevestigd',
    intro: (player, edition) => `Hartelijk dank! De inschrijving van ${player} voor ${edition} is ontvangen en bevestigd.`,
    payment: 'Je ontvangt een afzonderlijke e-mail met de betalingsinstructies (bedrag en gestructureerde mededeling).',
    late: (fee) => `Deze inschrijving gebeurde na de uiterste datum: er geldt een administratieve kost van ${fee}.`,
    questions: (email) => `Vragen of een fout opgemerkt? Antwoord op deze e-mail of schrijf naar ${email}.`,
    labels: {
      player: 'Speler',
      idbel: 'Stamnummer',
      idfide: 'FIDE-id',
      birthYear: 'Geboortejaar',
      club: 'Club',
      category: 'Categorie',
      fee: 'Inschrijvingsgeld',
      email: 'E-mail speler',
      mobile: 'Gsm speler',
      parent: 'Aanwezige ouder',
      attendant: 'Begeleider',
    },
  },
  fr: {
    subject: (edition, player) => `${edition} : inscription de ${player} confirmée`,
    heading: 'Inscription confirmée',
    intro: (player, edition) => `Merci ! L'inscription de ${player} au ${edition} est reçue et confirmée.`,
    payment: 'Vous recevrez un e-mail séparé avec les instructions de paiement (montant et communication structurée).',
    late: (fee) => `Cette inscription est tardive : des frais administratifs de ${fee} s'appliquent.`,
    questions: (email) => `Une question ou une erreur ? Répondez à cet e-mail ou écrivez à ${email}.`,
    labels: {
      player: 'Joueur',
      idbel: 'Matricule',
      idfide: 'ID FIDE',
      birthYear: 'Année de naissance',
      club: 'Club',
      category: 'Catégorie',
      fee: "Droit d'inscription",
      email: 'E-mail du joueur',
      mobile: 'GSM du joueur',
      parent: 'Parent présent',
      attendant: 'Accompagnateur',
    },
  },
  de: {
    subject: (edition, player) => `${edition}: Anmeldung von ${player} bestätigt`,
    heading: 'Anmeldung bestätigt',
    intro: (player, edition) => `Vielen Dank! Die Anmeldung von ${player} zur ${edition} ist eingegangen und bestätigt.`,
    payment: 'Sie erhalten eine separate E-Mail mit den Zahlungsanweisungen (Betrag und strukturierte Mitteilung).',
    late: (fee) => `Diese Anmeldung erfolgte nach der Frist: Es gilt eine Verwaltungsgebühr von ${fee}.`,
    questions: (email) => `Fragen oder einen Fehler bemerkt? Antworten Sie auf diese E-Mail oder schreiben Sie an ${email}.`,
    labels: {
      player: 'Spieler',
      idbel: 'Mitgliedsnummer',
      idfide: 'FIDE-ID',
      birthYear: 'Geburtsjahr',
      club: 'Verein',
      category: 'Kategorie',
      fee: 'Startgeld',
      email: 'E-Mail Spieler',
      mobile: 'Handy Spieler',
      parent: 'Anwesender Elternteil',
      attendant: 'Begleitperson',
    },
  },
  en: {
    subject: (edition, player) => `${edition}: enrolment of ${player} confirmed`,
    heading: 'Enrolment confirmed',
    intro: (player, edition) => `Thank you! The enrolment of ${player} for the ${edition} has been received and confirmed.`,
    payment: 'You will receive a separate e-mail with payment instructions (amount and structured message).',
    late: (fee) => `This is a late enrolment: an administrative fee of ${fee} applies.`,
    questions: (email) => `Questions, or spotted a mistake? Reply to this e-mail or write to ${email}.`,
    labels: {
      player: 'Player',
      idbel: 'Federation id',
      idfide: 'FIDE id',
      birthYear: 'Birth year',
      club: 'Club',
      category: 'Category',
      fee: 'Enrolment fee',
      email: "Player's e-mail",
      mobile: "Player's mobile",
      parent: 'Parent present',
      attendant: 'Attendant',
    },
  },
};

/** The confirmation e-mail (DOMAIN.md §3 step 7) in the registrant's language, to player, parent and attendant. */
export function confirmationMail(registration: RegistrationRow, settings: EditionSettings): OutgoingMail | null {
  const language = registration.language;
  const t = CONFIRMATION_MAIL_TEXTS[language];
  const player = `${registration.firstName} ${registration.lastName}`;
  const edition = settings.name[language];
  const contact = (c: { fullName: string; email: string; mobile: string }) => (c.fullName ? `${c.fullName} · ${c.email} · ${c.mobile}` : '');
  const facts = [
    { label: t.labels.player, value: player },
    { label: t.labels.idbel, value: registration.idbel?.toString() ?? '' },
    { label: t.labels.idfide, value: registration.idfide?.toString() ?? '' },
    { label: t.labels.birthYear, value: registration.birthYear?.toString() ?? '' },
    { label: t.labels.club, value: registration.clubName ?? '' },
    { label: t.labels.category, value: registration.category },
    { label: t.labels.fee, value: registration.feeCents === null ? '' : formatMoney(registration.feeCents, language) },
    { label: t.labels.email, value: registration.email },
    { label: t.labels.mobile, value: registration.mobile },
    { label: t.labels.parent, value: contact(registration.parent) },
    { label: t.labels.attendant, value: contact(registration.attendant) },
  ].filter((f) => f.value !== '');
  const to = [registration.email, registration.parent.email, registration.attendant.email].filter((e) => e !== '');
  if (to.length === 0) return null;
  return organiserMail(settings, {
    kind: `enrolment.confirmation.${registration.kind}`,
    to,
    language,
    subject: t.subject(settings.shortName[language], player),
    heading: t.heading,
    blocks: [
      ...paragraphs(t.intro(player, edition)),
      { kind: 'facts', facts },
      ...paragraphs(
        t.payment,
        ...(registration.late ? [t.late(formatMoney(settings.fees.lateFeeCents, language))] : []),
        t.questions(settings.organiser.email),
      ),
    ],
  });
}
