import type { Language } from '@bjk/domain';
import { fill } from '../../platform/texts.js';

/**
 * The words of notifications and follow mails, in the follower's language. Only what the public pages show: names as
 * the pairing program writes them, boards, colours, results, places, start times.
 */
type Texts = {
  roundTitle: string;
  pairing: string;
  pairingNoTime: string;
  bye: string;
  absent: string;
  white: string;
  black: string;
  unofficial: string;
  official: string;
  finalTitle: string;
  final: string;
  liveTitle: string;
  live: string;
  /** The notification's button that opens the unfollow page. */
  unfollowAction: string;
  // Mails
  confirmSubject: string;
  confirmIntro: string;
  confirmButton: string;
  confirmIgnore: string;
  digestSubject: string;
  digestIntro: string;
  digestLastResult: string;
  finalSubject: string;
  unfollow: string;
  footerWhy: string;
};

export const NOTICE_TEXTS: Record<Language, Texts> = {
  nl: {
    roundTitle: '{{name}} – ronde {{round}}',
    pairing: 'Bord {{board}} met {{colour}} tegen {{opponent}}. Start {{time}}.',
    pairingNoTime: 'Bord {{board}} met {{colour}} tegen {{opponent}}.',
    bye: 'Vrij in ronde {{round}}.',
    absent: 'Afwezig in ronde {{round}}.',
    white: 'wit',
    black: 'zwart',
    unofficial: '{{white}} – {{black}}: {{result}} (officieuze uitslag)',
    official: '{{white}} – {{black}}: {{result}} (officiële uitslag)',
    finalTitle: '{{name}} – eindstand {{category}}',
    final: '{{name}} eindigt op plaats {{rank}} met {{points}} punten.',
    liveTitle: '{{name}} – ronde {{round}} live',
    live: 'De partij op bord {{board}} is live te volgen.',
    unfollowAction: 'Niet meer volgen',
    confirmSubject: '{{name}} volgen: bevestig je e-mailadres',
    confirmIntro: 'Je vroeg om de paringen en uitslagen van {{name}} ({{category}}) per e-mail te ontvangen. Bevestig dat dit je adres is:',
    confirmButton: 'Bevestigen',
    confirmIgnore: 'Vroeg je dit niet? Negeer deze e-mail: je ontvangt dan niets.',
    digestSubject: 'Ronde {{round}}: paringen',
    digestIntro: 'De paringen van ronde {{round}} zijn gepubliceerd.',
    digestLastResult: 'Vorige ronde: {{result}}',
    finalSubject: 'Eindstand',
    unfollow: '{{name}} niet meer volgen',
    footerWhy: 'Je ontvangt deze e-mail omdat je dit adres gaf om een speler te volgen. Na het kampioenschap wissen we het.',
  },
  fr: {
    roundTitle: '{{name}} – ronde {{round}}',
    pairing: 'Échiquier {{board}} avec les {{colour}} contre {{opponent}}. Début {{time}}.',
    pairingNoTime: 'Échiquier {{board}} avec les {{colour}} contre {{opponent}}.',
    bye: 'Exempt à la ronde {{round}}.',
    absent: 'Absent à la ronde {{round}}.',
    white: 'blancs',
    black: 'noirs',
    unofficial: '{{white}} – {{black}} : {{result}} (résultat officieux)',
    official: '{{white}} – {{black}} : {{result}} (résultat officiel)',
    finalTitle: '{{name}} – classement final {{category}}',
    final: '{{name}} termine à la place {{rank}} avec {{points}} points.',
    liveTitle: '{{name}} – ronde {{round}} en direct',
    live: "La partie de l'échiquier {{board}} est en direct.",
    unfollowAction: 'Ne plus suivre',
    confirmSubject: 'Suivre {{name}} : confirmez votre adresse e-mail',
    confirmIntro:
      'Vous avez demandé à recevoir par e-mail les appariements et résultats de {{name}} ({{category}}). Confirmez que cette adresse est la vôtre :',
    confirmButton: 'Confirmer',
    confirmIgnore: "Vous n'avez rien demandé ? Ignorez cet e-mail : vous ne recevrez rien.",
    digestSubject: 'Ronde {{round}} : appariements',
    digestIntro: 'Les appariements de la ronde {{round}} sont publiés.',
    digestLastResult: 'Ronde précédente : {{result}}',
    finalSubject: 'Classement final',
    unfollow: 'Ne plus suivre {{name}}',
    footerWhy: "Vous recevez cet e-mail car vous avez donné cette adresse pour suivre un joueur. Nous l'effaçons après le championnat.",
  },
  de: {
    roundTitle: '{{name}} – Runde {{round}}',
    pairing: 'Brett {{board}} mit {{colour}} gegen {{opponent}}. Beginn {{time}}.',
    pairingNoTime: 'Brett {{board}} mit {{colour}} gegen {{opponent}}.',
    bye: 'Spielfrei in Runde {{round}}.',
    absent: 'Abwesend in Runde {{round}}.',
    white: 'Weiß',
    black: 'Schwarz',
    unofficial: '{{white}} – {{black}}: {{result}} (inoffizielles Ergebnis)',
    official: '{{white}} – {{black}}: {{result}} (offizielles Ergebnis)',
    finalTitle: '{{name}} – Endstand {{category}}',
    final: '{{name}} beendet das Turnier auf Platz {{rank}} mit {{points}} Punkten.',
    liveTitle: '{{name}} – Runde {{round}} live',
    live: 'Die Partie an Brett {{board}} ist live zu verfolgen.',
    unfollowAction: 'Nicht mehr folgen',
    confirmSubject: '{{name}} folgen: Bestätigen Sie Ihre E-Mail-Adresse',
    confirmIntro: 'Sie möchten die Paarungen und Ergebnisse von {{name}} ({{category}}) per E-Mail erhalten. Bestätigen Sie, dass dies Ihre Adresse ist:',
    confirmButton: 'Bestätigen',
    confirmIgnore: 'Haben Sie das nicht angefordert? Ignorieren Sie diese E-Mail: Sie erhalten dann nichts.',
    digestSubject: 'Runde {{round}}: Paarungen',
    digestIntro: 'Die Paarungen der Runde {{round}} sind veröffentlicht.',
    digestLastResult: 'Vorige Runde: {{result}}',
    finalSubject: 'Endstand',
    unfollow: '{{name}} nicht mehr folgen',
    footerWhy: 'Sie erhalten diese E-Mail, weil Sie diese Adresse angegeben haben, um einem Spieler zu folgen. Nach der Meisterschaft löschen wir sie.',
  },
  en: {
    roundTitle: '{{name}} – round {{round}}',
    pairing: 'Board {{board}} with {{colour}} against {{opponent}}. Starts {{time}}.',
    pairingNoTime: 'Board {{board}} with {{colour}} against {{opponent}}.',
    bye: 'Bye in round {{round}}.',
    absent: 'Absent in round {{round}}.',
    white: 'white',
    black: 'black',
    unofficial: '{{white}} – {{black}}: {{result}} (unofficial result)',
    official: '{{white}} – {{black}}: {{result}} (official result)',
    finalTitle: '{{name}} – final standings {{category}}',
    final: '{{name}} finishes in place {{rank}} with {{points}} points.',
    liveTitle: '{{name}} – round {{round}} live',
    live: 'The game on board {{board}} is live.',
    unfollowAction: 'Unfollow',
    confirmSubject: 'Following {{name}}: confirm your e-mail address',
    confirmIntro: 'You asked to receive the pairings and results of {{name}} ({{category}}) by e-mail. Confirm that this is your address:',
    confirmButton: 'Confirm',
    confirmIgnore: 'Did you not ask for this? Ignore this e-mail: you will receive nothing.',
    digestSubject: 'Round {{round}}: pairings',
    digestIntro: 'The pairings of round {{round}} are published.',
    digestLastResult: 'Previous round: {{result}}',
    finalSubject: 'Final standings',
    unfollow: 'Stop following {{name}}',
    footerWhy: 'You receive this e-mail because you gave this address to follow a player. We delete it after the championship.',
  },
};

export function noticeText(language: Language, key: keyof Texts, values: Record<string, string | number> = {}): string {
  return fill(NOTICE_TEXTS[language][key], values);
}

/** A start time in the edition's time zone, as a follower reads it ("14:30"), with the weekday when not today. */
const formats = new Map<string, Intl.DateTimeFormat>();

export function formatStartTime(iso: string, language: Language, timeZone: string): string {
  const locale = { nl: 'nl-BE', fr: 'fr-BE', de: 'de-BE', en: 'en-GB' }[language];
  // Made once per language and zone: a publish formats the same start for thousands of followers.
  let format = formats.get(`${locale}|${timeZone}`);
  if (!format)
    formats.set(`${locale}|${timeZone}`, (format = new Intl.DateTimeFormat(locale, { timeZone, weekday: 'short', hour: '2-digit', minute: '2-digit' })));
  return format.format(new Date(iso));
}

/** Points as the pairing programs print them: "4½", "½", "0". */
export function formatPoints(points: number): string {
  const whole = Math.floor(points);
  const half = points - whole >= 0.5 ? '½' : '';
  return whole === 0 && half ? half : `${whole}${half}`;
}
