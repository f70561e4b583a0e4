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

const TEXTS: Record<Language, Texts> = {
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

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
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
export function renderReservationMail(input: ReservationMailInput): { subject: string; text: string; html: string } {
  const { settings, language } = input;
  const t = TEXTS[language];
  const dateText = (d: string) => formatDate(d, language);
  const values = { number: input.number, name: input.contactName, edition: settings.name[language], email: settings.organiser.email };

  const facts: [string, string][] = [
    [t.number, input.number],
    [t.room, findRoomType(settings, input.roomType)?.label[language] ?? input.roomType],
    [t.dates, `${dateText(input.arrivalDate)} – ${dateText(input.departureDate)}`],
    [t.meals, mealPlanText(input.mealPlan, language)],
  ];
  const guests = input.guests.map(
    (g) => `${g.firstName} ${g.lastName}, ${dateText(g.birthDate)} (${ageGroupText(g.ageGroup, language)})${g.participates ? `, ${t.participates}` : ''}`,
  );
  const lines = input.price.lines
    .filter((line) => line.kind !== 'withoutDiscount')
    .map((line) => [describeStayPriceLine(settings, line, language), formatMoney(line.totalCents, language)] as const);
  const total = formatMoney(input.price.totalCents, language);

  const text = [
    fill(t.greeting, values),
    '',
    fill(t.intro, values),
    t.note,
    '',
    ...facts.map(([k, v]) => `${k}: ${v}`),
    `${t.guests}:`,
    ...guests.map((g) => `  - ${g}`),
    ...(input.remarks ? [`${t.remarks}: ${input.remarks}`] : []),
    '',
    `${t.price}:`,
    ...lines.map(([d, v]) => `  ${d}: ${v}`),
    `  ${t.total}: ${total}`,
    '',
    fill(t.contact, values),
    '',
    t.closing,
    settings.organiser.name,
  ].join('\n');

  const e = escapeHtml;
  const html = `<!doctype html><html lang="${language}"><body style="font-family:Arial,sans-serif;color:#222">
<p>${e(fill(t.greeting, values))}</p>
<p>${e(fill(t.intro, values))}<br>${e(t.note)}</p>
<table cellpadding="4" style="border-collapse:collapse">${facts.map(([k, v]) => `<tr><th align="left">${e(k)}</th><td>${e(v)}</td></tr>`).join('')}
<tr><th align="left" valign="top">${e(t.guests)}</th><td>${guests.map(e).join('<br>')}</td></tr>
${input.remarks ? `<tr><th align="left">${e(t.remarks)}</th><td>${e(input.remarks)}</td></tr>` : ''}</table>
<h3>${e(t.price)}</h3>
<table cellpadding="4" style="border-collapse:collapse">${lines.map(([d, v]) => `<tr><td>${e(d)}</td><td align="right">${e(v)}</td></tr>`).join('')}
<tr><th align="left">${e(t.total)}</th><th align="right">${e(total)}</th></tr></table>
<p>${e(fill(t.contact, values))}</p>
<p>${e(t.closing)}<br>${e(settings.organiser.name)}</p>
</body></html>`;
  return { subject: fill(t.subject, values), text, html };
}
