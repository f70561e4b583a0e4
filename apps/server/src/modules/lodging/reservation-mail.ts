import {
  ageGroupText,
  describeStayPriceLine,
  findRoomType,
  formatDate,
  formatMoney,
  mealPlanText,
  type EditionSettings,
  type Language,
  type MealPlan,
  type ReservationGuest,
  type StayPrice,
} from '@bjk/domain';
import { organiserFooter, paragraphs, type MailContent } from '../mail/mail-layout.js';

type Texts = {
  subject: string;
  greeting: string;
  intro: string;
  note: string;
  number: string;
  room: string;
  dates: string;
  meals: string;
  guests: string;
  participates: string;
  remarks: string;
  price: string;
  total: string;
  contact: string;
  closing: string;
};

export const RESERVATION_MAIL_TEXTS: Record<Language, Texts> = {
  nl: {
    subject: 'Reservatieaanvraag {{number}} ontvangen',
    greeting: 'Beste {{name}},',
    intro: 'We hebben je reservatieaanvraag voor het verblijf tijdens het {{edition}} goed ontvangen.',
    note: 'Dit is nog geen bevestiging: we bevestigen de reservatie per e-mail, met de betalingsinstructies.',
    number: 'Aanvraagnummer',
    room: 'Logies',
    dates: 'Aankomst – vertrek',
    meals: 'Maaltijden',
    guests: 'Gasten',
    participates: 'speelt mee in het toernooi',
    remarks: 'Opmerkingen',
    price: 'Prijsraming',
    total: 'Totaal',
    contact: 'Vragen? Antwoord op deze e-mail of schrijf naar {{email}}.',
    closing: 'Met vriendelijke groeten,',
  },
  fr: {
    subject: 'Demande de réservation {{number}} reçue',
    greeting: 'Bonjour {{name}},',
    intro: 'Nous avons bien reçu votre demande de réservation pour le séjour pendant le {{edition}}.',
    note: "Ce n'est pas encore une confirmation : nous confirmerons la réservation par e-mail, avec les instructions de paiement.",
    number: 'Numéro de demande',
    room: 'Logement',
    dates: 'Arrivée – départ',
    meals: 'Repas',
    guests: 'Personnes',
    participates: 'participe au tournoi',
    remarks: 'Remarques',
    price: 'Estimation du prix',
    total: 'Total',
    contact: 'Des questions ? Répondez à cet e-mail ou écrivez à {{email}}.',
    closing: 'Salutations cordiales,',
  },
  de: {
    subject: 'Reservierungsanfrage {{number}} erhalten',
    greeting: 'Hallo {{name}},',
    intro: 'Wir haben Ihre Reservierungsanfrage für den Aufenthalt während der {{edition}} erhalten.',
    note: 'Dies ist noch keine Bestätigung: Wir bestätigen die Reservierung per E-Mail, mit den Zahlungsanweisungen.',
    number: 'Anfragenummer',
    room: 'Unterkunft',
    dates: 'Ankunft – Abreise',
    meals: 'Mahlzeiten',
    guests: 'Gäste',
    participates: 'spielt im Turnier mit',
    remarks: 'Bemerkungen',
    price: 'Preisschätzung',
    total: 'Gesamt',
    contact: 'Fragen? Antworten Sie auf diese E-Mail oder schreiben Sie an {{email}}.',
    closing: 'Mit freundlichen Grüßen,',
  },
  en: {
    subject: 'Reservation request {{number}} received',
    greeting: 'Dear {{name}},',
    intro: 'We have received your reservation request for the stay during the {{edition}}.',
    note: 'This is not a confirmation yet: we will confirm the reservation by e-mail, with the payment instructions.',
    number: 'Request number',
    room: 'Lodging',
    dates: 'Arrival – departure',
    meals: 'Meals',
    guests: 'Guests',
    participates: 'takes part in the tournament',
    remarks: 'Remarks',
    price: 'Price estimate',
    total: 'Total',
    contact: 'Questions? Reply to this e-mail or write to {{email}}.',
    closing: 'Kind regards,',
  },
};

function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_, key: string) => values[key] ?? '');
}

export type ReservationMailInput = {
  settings: EditionSettings;
  language: Language;
  number: string;
  contactName: string;
  roomType: string;
  arrivalDate: string;
  departureDate: string;
  mealPlan: MealPlan;
  guests: (ReservationGuest & { ageGroup: Parameters<typeof ageGroupText>[0] })[];
  remarks: string;
  price: StayPrice;
};

/** The "request received" e-mail in the requester's language, with every detail they entered and the estimate. */
export function renderReservationMail(input: ReservationMailInput): { subject: string; content: MailContent } {
  const { settings, language } = input;
  const t = RESERVATION_MAIL_TEXTS[language];
  const dateText = (d: string) => formatDate(d, language);
  const values = { number: input.number, name: input.contactName, edition: settings.name[language], email: settings.organiser.email };
  const guests = input.guests.map(
    (g) => `${g.firstName} ${g.lastName}, ${dateText(g.birthDate)} (${ageGroupText(g.ageGroup, language)})${g.participates ? `, ${t.participates}` : ''}`,
  );
  const facts = [
    { label: t.number, value: input.number },
    { label: t.room, value: findRoomType(settings, input.roomType)?.label[language] ?? input.roomType },
    { label: t.dates, value: `${dateText(input.arrivalDate)} – ${dateText(input.departureDate)}` },
    { label: t.meals, value: mealPlanText(input.mealPlan, language) },
    { label: t.guests, value: guests.join('\n') },
    ...(input.remarks ? [{ label: t.remarks, value: input.remarks }] : []),
  ];
  const lines = input.price.lines
    .filter((line) => line.kind !== 'withoutDiscount')
    .map((line) => [describeStayPriceLine(settings, line, language), formatMoney(line.totalCents, language)]);
  const subject = fill(t.subject, values);
  return {
    subject,
    content: {
      heading: subject,
      blocks: [
        ...paragraphs(fill(t.greeting, values), fill(t.intro, values), t.note),
        { kind: 'facts', facts },
        { kind: 'subheading', text: t.price },
        {
          kind: 'table',
          columns: [{ label: '' }, { label: '', align: 'right' }],
          rows: lines,
          total: [t.total, formatMoney(input.price.totalCents, language)],
        },
        ...paragraphs(fill(t.contact, values), `${t.closing}\n${settings.organiser.name}`),
      ],
      footer: organiserFooter(settings),
    },
  };
}
