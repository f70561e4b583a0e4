import { daysBetween, formatDate, formatDateTime, formatMoney, type EditionSettings, type Language, type PageTranslations } from '@bjk/domain';
import type { ServiceContext } from '../../platform/service-context.js';
import { countNews, countPages, insertNews, insertPage } from './content.repository.js';

/**
 * Demo content for a fresh installation: every information page of the site and a few news items in
 * the four languages, written for the current edition. Facts (dates, venue, fees) are taken from the
 * edition settings once, at seeding; afterwards pages are content the organisers edit themselves.
 */

type Facts = Record<Language, { start: string; end: string; fee: string; late: string; closes: string; stayCloses: string }> & {
  venue: string;
  address: string;
  email: string;
  phone: string;
  organiser: string;
  nights: number;
};

function factsOf(edition: EditionSettings): Facts {
  const date = (language: Language, value: string) => formatDate(value, language);
  const instant = (language: Language, value: string) => formatDateTime(value, language, edition.timeZone, { dateStyle: 'long' });
  const money = (language: Language, cents: number) => formatMoney(cents, language);
  const per = (language: Language) => ({
    start: date(language, edition.startDate),
    end: date(language, edition.endDate),
    fee: money(language, edition.fees.enrolmentCents),
    late: money(language, edition.fees.lateFeeCents),
    closes: instant(language, edition.enrolment.closesAt),
    stayCloses: instant(language, edition.lodging.closesAt),
  });
  return {
    nl: per('nl'),
    fr: per('fr'),
    de: per('de'),
    en: per('en'),
    venue: edition.venue.name,
    address: edition.venue.address,
    email: edition.organiser.email,
    phone: edition.organiser.phone ?? '',
    organiser: edition.organiser.name,
    nights: daysBetween(edition.startDate, edition.endDate),
  };
}

type SeedPage = { slug: string; menuGroup: string; menuOrder: number; translations: PageTranslations };

function pagesOf(f: Facts): SeedPage[] {
  return [
    {
      slug: 'home',
      menuGroup: 'championship',
      menuOrder: 0,
      translations: {
        nl: {
          title: 'Welkom',
          body: `Van **${f.nl.start}** tot **${f.nl.end}** spelen de beste jonge schakers van België om de nationale titels in hun leeftijdscategorie, van U8 tot U20. Spelers, ouders en begeleiders logeren samen in **${f.venue}**, op wandelafstand van het strand.\n\n- Inschrijven kan tot ${f.nl.closes} ([inschrijvingen](/page/subscriptions)).\n- Een verblijf met maaltijden boek je via [verblijf](/stay).\n- Het programma per categorie vind je in de [kalender](/schedule).`,
        },
        fr: {
          title: 'Bienvenue',
          body: `Du **${f.fr.start}** au **${f.fr.end}**, les meilleurs jeunes joueurs d'échecs de Belgique se disputent les titres nationaux de leur catégorie d'âge, de U8 à U20. Joueurs, parents et accompagnateurs logent ensemble à **${f.venue}**, à deux pas de la plage.\n\n- Inscriptions jusqu'au ${f.fr.closes} ([inscriptions](/page/subscriptions)).\n- Réservez un séjour avec repas via [séjour](/stay).\n- Le programme par catégorie se trouve dans le [calendrier](/schedule).`,
        },
        de: {
          title: 'Willkommen',
          body: `Vom **${f.de.start}** bis zum **${f.de.end}** spielen die besten jungen Schachspieler Belgiens um die nationalen Titel ihrer Altersklasse, von U8 bis U20. Spieler, Eltern und Begleiter wohnen gemeinsam im **${f.venue}**, nur wenige Schritte vom Strand.\n\n- Anmeldung bis ${f.de.closes} ([Anmeldungen](/page/subscriptions)).\n- Einen Aufenthalt mit Mahlzeiten buchen Sie unter [Aufenthalt](/stay).\n- Das Programm je Kategorie steht im [Kalender](/schedule).`,
        },
        en: {
          title: 'Welcome',
          body: `From **${f.en.start}** to **${f.en.end}** Belgium's best young chess players compete for the national titles of their age group, from U8 to U20. Players, parents and attendants stay together at **${f.venue}**, a short walk from the beach.\n\n- Enrolment is open until ${f.en.closes} ([subscriptions](/page/subscriptions)).\n- Book a stay with meals on the [stay](/stay) page.\n- The programme per category is in the [calendar](/schedule).`,
        },
      },
    },
    {
      slug: 'stay',
      menuGroup: 'practical',
      menuOrder: 10,
      translations: {
        nl: {
          title: 'Verblijf',
          body: `## Logeren in ${f.venue}\n\nHet kampioenschap vindt plaats in het vakantiepark zelf (${f.address}). Je kiest een hotelkamer, studio of appartement voor ${f.nights} nachten; een extra nacht ervoor of erna is mogelijk.\n\n- Hotelkamers zijn inclusief ontbijt; kies ontbijt of halfpension.\n- Studio's en appartementen hebben een keuken; halfpension kan erbij.\n- Reserveren kan tot ${f.nl.stayCloses} via het [reservatieformulier](/reservation).`,
        },
        fr: {
          title: 'Séjour',
          body: `## Loger à ${f.venue}\n\nLe championnat se déroule dans le parc de vacances même (${f.address}). Choisissez une chambre d'hôtel, un studio ou un appartement pour ${f.nights} nuits ; une nuit supplémentaire avant ou après est possible.\n\n- Les chambres d'hôtel comprennent le petit-déjeuner ; choisissez petit-déjeuner ou demi-pension.\n- Studios et appartements disposent d'une cuisine ; la demi-pension est possible.\n- Réservez jusqu'au ${f.fr.stayCloses} via le [formulaire de réservation](/reservation).`,
        },
        de: {
          title: 'Aufenthalt',
          body: `## Wohnen im ${f.venue}\n\nDie Meisterschaft findet im Ferienpark selbst statt (${f.address}). Sie wählen ein Hotelzimmer, ein Studio oder eine Ferienwohnung für ${f.nights} Nächte; eine zusätzliche Nacht davor oder danach ist möglich.\n\n- Hotelzimmer mit Frühstück; wählen Sie Frühstück oder Halbpension.\n- Studios und Wohnungen haben eine Küche; Halbpension ist zubuchbar.\n- Buchungen bis ${f.de.stayCloses} über das [Reservierungsformular](/reservation).`,
        },
        en: {
          title: 'Stay',
          body: `## Staying at ${f.venue}\n\nThe championship takes place in the holiday park itself (${f.address}). Choose a hotel room, studio or apartment for ${f.nights} nights; an extra night before or after is possible.\n\n- Hotel rooms include breakfast; choose breakfast or half board.\n- Studios and apartments have a kitchen; half board can be added.\n- Book until ${f.en.stayCloses} with the [reservation form](/reservation).`,
        },
      },
    },
    {
      slug: 'catering',
      menuGroup: 'practical',
      menuOrder: 40,
      translations: {
        nl: {
          title: 'Maaltijden',
          body: 'Het restaurant van het park serveert ontbijt van 7.30 tot 9.00 uur en het avondmaal van 18.00 tot 19.30 uur, afgestemd op de ronden.\n\n- De eerste maaltijd is het avondmaal op de aankomstdag, de laatste het ontbijt op de vertrekdag.\n- Vegetarisch, halal of allergieën? Vermeld het bij de reservatie in de opmerkingen.\n- Wie niet logeert, kan maaltijdbonnen kopen aan het onthaal.',
        },
        fr: {
          title: 'Repas',
          body: "Le restaurant du parc sert le petit-déjeuner de 7 h 30 à 9 h et le dîner de 18 h à 19 h 30, en fonction des rondes.\n\n- Le premier repas est le dîner du jour d'arrivée, le dernier le petit-déjeuner du jour du départ.\n- Végétarien, halal ou allergies ? Indiquez-le dans les remarques de la réservation.\n- Les non-résidents peuvent acheter des bons repas à l'accueil.",
        },
        de: {
          title: 'Verpflegung',
          body: 'Das Restaurant des Parks serviert Frühstück von 7.30 bis 9.00 Uhr und Abendessen von 18.00 bis 19.30 Uhr, abgestimmt auf die Runden.\n\n- Die erste Mahlzeit ist das Abendessen am Anreisetag, die letzte das Frühstück am Abreisetag.\n- Vegetarisch, halal oder Allergien? Bitte in den Bemerkungen der Reservierung angeben.\n- Wer nicht im Park wohnt, kann Essensbons am Empfang kaufen.',
        },
        en: {
          title: 'Catering',
          body: "The park's restaurant serves breakfast from 7.30 to 9.00 and dinner from 18.00 to 19.30, timed around the rounds.\n\n- The first meal is dinner on the day of arrival, the last breakfast on the day of departure.\n- Vegetarian, halal or allergies? Say so in the remarks of your reservation.\n- Guests not staying in the park can buy meal vouchers at the reception.",
        },
      },
    },
    {
      slug: 'reservation',
      menuGroup: 'practical',
      menuOrder: 20,
      translations: {
        nl: {
          title: 'Reservatie',
          body: `Reserveer één kamer per aanvraag; voor een tweede kamer vul je het formulier opnieuw in. Na je aanvraag ontvang je een bevestiging en een betalingsverzoek per e-mail.\n\nReservaties sluiten op ${f.nl.stayCloses}. Daarna kan je enkel nog rechtstreeks bij het park boeken. Vragen? Mail naar [${f.email}](mailto:${f.email}).`,
        },
        fr: {
          title: 'Réservation',
          body: `Réservez une chambre par demande ; pour une deuxième chambre, remplissez à nouveau le formulaire. Vous recevrez une confirmation et une demande de paiement par e-mail.\n\nLes réservations ferment le ${f.fr.stayCloses}. Ensuite, seule la réservation directe auprès du parc reste possible. Des questions ? Écrivez à [${f.email}](mailto:${f.email}).`,
        },
        de: {
          title: 'Reservierung',
          body: `Reservieren Sie ein Zimmer pro Anfrage; für ein zweites Zimmer füllen Sie das Formular erneut aus. Sie erhalten eine Bestätigung und eine Zahlungsaufforderung per E-Mail.\n\nReservierungen schließen am ${f.de.stayCloses}. Danach ist nur noch eine direkte Buchung beim Park möglich. Fragen? Schreiben Sie an [${f.email}](mailto:${f.email}).`,
        },
        en: {
          title: 'Reservation',
          body: `Reserve one room per request; for a second room, fill in the form again. You will receive a confirmation and a payment request by e-mail.\n\nReservations close on ${f.en.stayCloses}. After that only direct booking with the park remains. Questions? Write to [${f.email}](mailto:${f.email}).`,
        },
      },
    },
    {
      slug: 'schedule',
      menuGroup: 'tournament',
      menuOrder: 10,
      translations: {
        nl: {
          title: 'Kalender',
          body: 'De ronden, ceremonies en maaltijden per categorie. Voeg de kalender toe aan je telefoon om altijd het actuele programma te zien.',
        },
        fr: {
          title: 'Calendrier',
          body: 'Les rondes, cérémonies et repas par catégorie. Ajoutez le calendrier à votre téléphone pour toujours voir le programme à jour.',
        },
        de: {
          title: 'Kalender',
          body: 'Runden, Zeremonien und Mahlzeiten je Kategorie. Abonnieren Sie den Kalender auf Ihrem Telefon, um immer das aktuelle Programm zu sehen.',
        },
        en: {
          title: 'Calendar',
          body: 'Rounds, ceremonies and meals per category. Subscribe to the calendar on your phone to always see the current programme.',
        },
      },
    },
    {
      slug: 'rules',
      menuGroup: 'tournament',
      menuOrder: 20,
      translations: {
        nl: {
          title: 'Toernooireglement',
          body: "## Speelsysteem\n\nElke categorie speelt een Zwitsers systeem volgens de FIDE-regels. De bedenktijd is 90 minuten per partij met 30 seconden per zet (U8 en U10: 60 minuten + 30 seconden).\n\n## Gelijke stand\n\n1. Buchholz zonder slechtste resultaat\n2. Buchholz\n3. Sonneborn-Berger\n4. Progressieve score\n5. Onderling resultaat\n\nDe eerste Belg per categorie wordt Belgisch kampioen. Het volledige reglement staat bij de [bestanden](/files).\n\n## Publicatie van de resultaten\n\nDeelnemen betekent dat paringen, rangschikkingen en partijen met de naam van de speler gepubliceerd worden: de federatie verwerkt ze voor de rating. Dat is een voorwaarde om deel te nemen. De foto op de badge, foto's op de website en sociale media en de naam op de openbare deelnemerslijst zijn een keuze van de familie, bij de inschrijving en later op de pagina Mijn gezin.",
        },
        fr: {
          title: 'Règlement du tournoi',
          body: "## Système\n\nChaque catégorie joue un système suisse selon les règles de la FIDE. La cadence est de 90 minutes par partie avec 30 secondes par coup (U8 et U10 : 60 minutes + 30 secondes).\n\n## Départage\n\n1. Buchholz moins le plus mauvais résultat\n2. Buchholz\n3. Sonneborn-Berger\n4. Score progressif\n5. Résultat mutuel\n\nLe premier Belge de chaque catégorie devient champion de Belgique. Le règlement complet se trouve dans les [fichiers](/files).\n\n## Publication des résultats\n\nParticiper implique la publication des appariements, classements et parties avec le nom du joueur : la fédération les traite pour le classement Elo. C'est une condition de participation. La photo sur le badge, les photos sur le site et les réseaux sociaux et le nom sur la liste publique des participants sont un choix de la famille, à l'inscription et ensuite sur la page Ma famille.",
        },
        de: {
          title: 'Turnierordnung',
          body: '## Spielsystem\n\nJede Kategorie spielt ein Schweizer System nach den FIDE-Regeln. Die Bedenkzeit beträgt 90 Minuten pro Partie mit 30 Sekunden pro Zug (U8 und U10: 60 Minuten + 30 Sekunden).\n\n## Feinwertung\n\n1. Buchholz ohne schlechtestes Ergebnis\n2. Buchholz\n3. Sonneborn-Berger\n4. Progressive Wertung\n5. Direkter Vergleich\n\nDer beste Belgier jeder Kategorie wird belgischer Meister. Die vollständige Ordnung finden Sie bei den [Dateien](/files).\n\n## Veröffentlichung der Ergebnisse\n\nDie Teilnahme bedeutet, dass Paarungen, Tabellen und Partien mit dem Namen des Spielers veröffentlicht werden: der Verband wertet sie für die Elo-Zahl aus. Das ist eine Teilnahmebedingung. Das Foto auf dem Badge, Fotos auf der Website und in sozialen Medien und der Name auf der öffentlichen Teilnehmerliste wählt die Familie, bei der Anmeldung und später auf der Seite Meine Familie.',
        },
        en: {
          title: 'Tournament rules',
          body: "## System\n\nEvery category plays a Swiss system under the FIDE Laws of Chess. The time control is 90 minutes per game plus 30 seconds per move (U8 and U10: 60 minutes + 30 seconds).\n\n## Tie-breaks\n\n1. Buchholz cut 1\n2. Buchholz\n3. Sonneborn-Berger\n4. Progressive score\n5. Direct encounter\n\nThe best Belgian player of each category becomes Belgian champion. The full rules are among the [files](/files).\n\n## Publication of results\n\nTaking part means that pairings, standings and games are published with the player's name: the federation rates them. This is a condition of taking part. The photo on the badge, photos on the website and social media and the name on the public participants list are the family's choice, when enrolling and later on the My family page.",
        },
      },
    },
    {
      slug: 'internal-regulations',
      menuGroup: 'tournament',
      menuOrder: 30,
      translations: {
        nl: {
          title: 'Huishoudelijk reglement',
          body: "- Spelers zijn 15 minuten voor de ronde aanwezig in de speelzaal.\n- Gsm's en smartwatches blijven uit de speelzaal.\n- Ouders en begeleiders volgen de partijen vanachter de afsluiting.\n- Na 22.30 uur is het stil in de gangen en op de terreinen.\n- Minderjarigen verlaten het park enkel onder begeleiding.",
        },
        fr: {
          title: "Règlement d'ordre intérieur",
          body: "- Les joueurs sont présents dans la salle de jeu 15 minutes avant la ronde.\n- Téléphones et montres connectées restent hors de la salle de jeu.\n- Parents et accompagnateurs suivent les parties derrière la barrière.\n- Après 22 h 30, silence dans les couloirs et sur le site.\n- Les mineurs ne quittent le parc qu'accompagnés.",
        },
        de: {
          title: 'Hausordnung',
          body: '- Die Spieler sind 15 Minuten vor der Runde im Spielsaal.\n- Handys und Smartwatches bleiben außerhalb des Spielsaals.\n- Eltern und Begleiter verfolgen die Partien hinter der Absperrung.\n- Ab 22.30 Uhr ist Ruhe in den Gängen und auf dem Gelände.\n- Minderjährige verlassen den Park nur in Begleitung.',
        },
        en: {
          title: 'Internal regulations',
          body: '- Players are in the playing hall 15 minutes before the round.\n- Phones and smartwatches stay outside the playing hall.\n- Parents and attendants follow the games from behind the barrier.\n- After 22.30 the corridors and grounds are quiet.\n- Minors leave the park only when accompanied.',
        },
      },
    },
    {
      slug: 'privacy',
      menuGroup: 'about',
      menuOrder: 50,
      translations: {
        nl: {
          title: 'Privacy',
          body: `${f.organiser} gebruikt de gegevens van spelers en ouders enkel voor dit toernooi: inschrijving, badges, indeling en uitslagen. We geven ze nooit door aan derden.\n\n- De pasfoto dient voor de badge en de identificatie.\n- Overzichtsfoto's en video's kunnen gepubliceerd worden; close-ups enkel met toestemming.\n- Inzage of verwijdering vraag je via [${f.email}](mailto:${f.email}).`,
        },
        fr: {
          title: 'Vie privée',
          body: `${f.organiser} utilise les données des joueurs et des parents uniquement pour ce tournoi : inscription, badges, appariements et résultats. Elles ne sont jamais transmises à des tiers.\n\n- La photo sert au badge et à l'identification.\n- Des photos et vidéos d'ensemble peuvent être publiées ; les gros plans uniquement avec autorisation.\n- Pour consulter ou supprimer vos données : [${f.email}](mailto:${f.email}).`,
        },
        de: {
          title: 'Datenschutz',
          body: `${f.organiser} verwendet die Daten von Spielern und Eltern nur für dieses Turnier: Anmeldung, Ausweise, Paarungen und Ergebnisse. Sie werden nie an Dritte weitergegeben.\n\n- Das Passfoto dient dem Ausweis und der Identifikation.\n- Übersichtsfotos und -videos können veröffentlicht werden; Nahaufnahmen nur mit Erlaubnis.\n- Auskunft oder Löschung über [${f.email}](mailto:${f.email}).`,
        },
        en: {
          title: 'Privacy',
          body: `${f.organiser} uses the data of players and parents for this tournament only: enrolment, badges, pairings and results. It is never passed on.\n\n- The photo is used for the badge and for identification.\n- Overview photos and videos may be published; close-ups only with permission.\n- To see or delete your data, write to [${f.email}](mailto:${f.email}).`,
        },
      },
    },
    {
      slug: 'covid',
      menuGroup: 'tournament',
      menuOrder: 40,
      translations: {
        nl: {
          title: 'Gezondheid en covid-19',
          body: 'Ziek? Blijf op je kamer en verwittig de arbiter voor de ronde; een bye kan aangevraagd worden. Handgel staat aan de ingang van de speelzaal en de zaal wordt tussen de ronden verlucht.',
        },
        fr: {
          title: 'Santé et covid-19',
          body: "Malade ? Restez dans votre chambre et prévenez l'arbitre avant la ronde ; un bye peut être demandé. Du gel hydroalcoolique est disponible à l'entrée de la salle, aérée entre les rondes.",
        },
        de: {
          title: 'Gesundheit und Covid-19',
          body: 'Krank? Bleiben Sie im Zimmer und informieren Sie den Schiedsrichter vor der Runde; ein Bye kann beantragt werden. Handdesinfektion steht am Eingang des Spielsaals, der zwischen den Runden gelüftet wird.',
        },
        en: {
          title: 'Health and covid-19',
          body: 'Ill? Stay in your room and tell the arbiter before the round; a bye can be requested. Hand gel is available at the entrance of the playing hall, which is aired between rounds.',
        },
      },
    },
    {
      slug: 'mission',
      menuGroup: 'about',
      menuOrder: 10,
      translations: {
        nl: {
          title: 'Onze missie',
          body: 'Sinds jaren brengen we jonge schakers uit alle hoeken van het land samen voor een week schaak, vriendschap en zeelucht. Elke speler, beginner of talent, verdient een goed georganiseerd kampioenschap.',
        },
        fr: {
          title: 'Notre mission',
          body: "Depuis des années, nous réunissons de jeunes joueurs de tout le pays pour une semaine d'échecs, d'amitié et d'air marin. Chaque joueur, débutant ou talent, mérite un championnat bien organisé.",
        },
        de: {
          title: 'Unsere Mission',
          body: 'Seit Jahren bringen wir junge Schachspieler aus dem ganzen Land für eine Woche Schach, Freundschaft und Meeresluft zusammen. Jeder Spieler, ob Anfänger oder Talent, verdient eine gut organisierte Meisterschaft.',
        },
        en: {
          title: 'Our mission',
          body: 'For years we have brought young players from every corner of the country together for a week of chess, friendship and sea air. Every player, beginner or talent, deserves a well-run championship.',
        },
      },
    },
    {
      slug: 'team',
      menuGroup: 'about',
      menuOrder: 20,
      translations: {
        nl: {
          title: 'Het team',
          body: 'Een ploeg vrijwilligers maakt het kampioenschap mogelijk: onthaal, badges, speelzaal, uitslagen en website. Wil je meehelpen? Laat het ons weten via het [contactformulier](/page/contact).',
        },
        fr: {
          title: "L'équipe",
          body: "Une équipe de bénévoles rend le championnat possible : accueil, badges, salle de jeu, résultats et site web. Envie d'aider ? Faites-le-nous savoir via la page [contact](/page/contact).",
        },
        de: {
          title: 'Das Team',
          body: 'Ein Team von Freiwilligen macht die Meisterschaft möglich: Empfang, Ausweise, Spielsaal, Ergebnisse und Website. Möchten Sie helfen? Melden Sie sich über die [Kontaktseite](/page/contact).',
        },
        en: {
          title: 'The team',
          body: 'A team of volunteers makes the championship happen: reception, badges, playing hall, results and website. Want to help? Let us know on the [contact page](/page/contact).',
        },
      },
    },
    {
      slug: 'arbiters',
      menuGroup: 'about',
      menuOrder: 30,
      translations: {
        nl: {
          title: 'Arbiters',
          body: 'Het arbitrageteam bestaat uit FIDE-arbiters en nationale arbiters. De hoofdarbiter beslist over elk geschil; een beroep kan schriftelijk tot één uur na de ronde bij het beroepscomité.',
        },
        fr: {
          title: 'Arbitres',
          body: "L'équipe d'arbitrage se compose d'arbitres FIDE et nationaux. L'arbitre principal tranche tout litige ; un appel peut être déposé par écrit auprès du comité d'appel jusqu'à une heure après la ronde.",
        },
        de: {
          title: 'Schiedsrichter',
          body: 'Das Schiedsrichterteam besteht aus FIDE- und nationalen Schiedsrichtern. Der Hauptschiedsrichter entscheidet jeden Streitfall; Berufung kann bis eine Stunde nach der Runde schriftlich beim Berufungsausschuss eingelegt werden.',
        },
        en: {
          title: 'Arbiters',
          body: 'The arbiting team consists of FIDE and national arbiters. The chief arbiter decides every dispute; an appeal can be lodged in writing with the appeals committee up to one hour after the round.',
        },
      },
    },
    {
      slug: 'organisers',
      menuGroup: 'about',
      menuOrder: 40,
      translations: {
        nl: {
          title: 'Organisatoren',
          body: `Het kampioenschap wordt georganiseerd door ${f.organiser}, in samenwerking met de Belgische schaakbond en ${f.venue}.`,
        },
        fr: {
          title: 'Organisateurs',
          body: `Le championnat est organisé par ${f.organiser}, en collaboration avec la fédération belge des échecs et ${f.venue}.`,
        },
        de: {
          title: 'Veranstalter',
          body: `Die Meisterschaft wird von ${f.organiser} organisiert, in Zusammenarbeit mit dem belgischen Schachbund und dem ${f.venue}.`,
        },
        en: { title: 'Organisers', body: `The championship is organised by ${f.organiser}, together with the Belgian chess federation and ${f.venue}.` },
      },
    },
    {
      slug: 'subscriptions',
      menuGroup: 'championship',
      menuOrder: 50,
      translations: {
        nl: {
          title: 'Inschrijvingen',
          body: `Spelers schrijven in met hun stamnummer van de Belgische schaakbond en een recente pasfoto. Het inschrijvingsgeld bedraagt **${f.nl.fee}**.\n\nInschrijven kan tot ${f.nl.closes}. Laattijdige inschrijvingen kosten ${f.nl.late} extra administratiekosten.`,
        },
        fr: {
          title: 'Inscriptions',
          body: `Les joueurs s'inscrivent avec leur numéro de matricule de la fédération belge et une photo récente. Les droits d'inscription s'élèvent à **${f.fr.fee}**.\n\nInscriptions jusqu'au ${f.fr.closes}. Les inscriptions tardives coûtent ${f.fr.late} de frais administratifs.`,
        },
        de: {
          title: 'Anmeldungen',
          body: `Spieler melden sich mit ihrer Mitgliedsnummer des belgischen Schachbunds und einem aktuellen Passfoto an. Das Startgeld beträgt **${f.de.fee}**.\n\nAnmeldung bis ${f.de.closes}. Späte Anmeldungen kosten ${f.de.late} Verwaltungsgebühr zusätzlich.`,
        },
        en: {
          title: 'Tournament subscriptions',
          body: `Players enrol with their Belgian federation id and a recent photo. The entry fee is **${f.en.fee}**.\n\nEnrolment is open until ${f.en.closes}. Late enrolments cost ${f.en.late} extra in administrative fees.`,
        },
      },
    },
    {
      slug: 'contact',
      menuGroup: 'about',
      menuOrder: 60,
      translations: {
        nl: {
          title: 'Contact',
          body: `**${f.organiser}**\n\nE-mail: [${f.email}](mailto:${f.email})\n\nTelefoon: ${f.phone}\n\nTijdens het toernooi vind je ons aan het onthaal van ${f.venue}, ${f.address}.`,
        },
        fr: {
          title: 'Contact',
          body: `**${f.organiser}**\n\nE-mail : [${f.email}](mailto:${f.email})\n\nTéléphone : ${f.phone}\n\nPendant le tournoi, vous nous trouverez à l'accueil de ${f.venue}, ${f.address}.`,
        },
        de: {
          title: 'Kontakt',
          body: `**${f.organiser}**\n\nE-Mail: [${f.email}](mailto:${f.email})\n\nTelefon: ${f.phone}\n\nWährend des Turniers finden Sie uns am Empfang des ${f.venue}, ${f.address}.`,
        },
        en: {
          title: 'Contact',
          body: `**${f.organiser}**\n\nE-mail: [${f.email}](mailto:${f.email})\n\nPhone: ${f.phone}\n\nDuring the tournament you find us at the reception of ${f.venue}, ${f.address}.`,
        },
      },
    },
  ];
}

function newsOf(f: Facts, edition: EditionSettings): { date: string; translations: PageTranslations }[] {
  const year = edition.year - 1;
  return [
    {
      date: `${year}-09-01`,
      translations: {
        nl: {
          title: 'Inschrijvingen geopend',
          body: `De inschrijvingen voor het kampioenschap zijn geopend. Schrijf je in voor ${f.nl.closes} aan ${f.nl.fee}.`,
        },
        fr: { title: 'Inscriptions ouvertes', body: `Les inscriptions au championnat sont ouvertes. Inscrivez-vous avant le ${f.fr.closes} pour ${f.fr.fee}.` },
        de: { title: 'Anmeldung geöffnet', body: `Die Anmeldung zur Meisterschaft ist geöffnet. Melden Sie sich bis ${f.de.closes} für ${f.de.fee} an.` },
        en: { title: 'Enrolment open', body: `Enrolment for the championship is open. Enrol before ${f.en.closes} for ${f.en.fee}.` },
      },
    },
    {
      date: `${year}-10-01`,
      translations: {
        nl: {
          title: 'Reservaties voor het verblijf',
          body: `Vanaf vandaag kan je een kamer, studio of appartement reserveren in ${f.venue}. Lees eerst de [informatie over het verblijf](/stay).`,
        },
        fr: {
          title: 'Réservations du séjour',
          body: `Dès aujourd'hui, vous pouvez réserver une chambre, un studio ou un appartement à ${f.venue}. Lisez d'abord les [informations sur le séjour](/stay).`,
        },
        de: {
          title: 'Reservierungen für den Aufenthalt',
          body: `Ab heute können Sie ein Zimmer, ein Studio oder eine Wohnung im ${f.venue} reservieren. Lesen Sie zuerst die [Informationen zum Aufenthalt](/stay).`,
        },
        en: {
          title: 'Lodging reservations open',
          body: `From today you can reserve a room, studio or apartment at ${f.venue}. Read the [stay information](/stay) first.`,
        },
      },
    },
    {
      date: `${year}-11-15`,
      translations: {
        nl: {
          title: 'Nieuwe bedenktijd voor U8 en U10',
          body: 'Op vraag van de trainers spelen U8 en U10 dit jaar 60 minuten met 30 seconden per zet. Zie het [toernooireglement](/rules).',
        },
        fr: {
          title: 'Nouvelle cadence pour U8 et U10',
          body: 'À la demande des entraîneurs, les U8 et U10 jouent cette année 60 minutes avec 30 secondes par coup. Voir le [règlement](/rules).',
        },
        de: {
          title: 'Neue Bedenkzeit für U8 und U10',
          body: 'Auf Wunsch der Trainer spielen U8 und U10 dieses Jahr 60 Minuten mit 30 Sekunden pro Zug. Siehe die [Turnierordnung](/rules).',
        },
        en: {
          title: 'New time control for U8 and U10',
          body: 'At the coaches’ request, U8 and U10 play 60 minutes plus 30 seconds per move this year. See the [tournament rules](/rules).',
        },
      },
    },
  ];
}

/** Seeds the demo pages and news once: a database that already has pages or news is left alone. */
export async function seedContentIfEmpty(ctx: ServiceContext, edition: EditionSettings): Promise<boolean> {
  const { db } = ctx;
  if ((await countPages(db)) > 0 || (await countNews(db)) > 0) return false;
  const facts = factsOf(edition);
  await db.transaction(async (tx) => {
    for (const page of pagesOf(facts)) {
      await insertPage(
        tx,
        { slug: page.slug, published: true, menuGroup: page.menuGroup, menuOrder: page.menuOrder },
        { translations: page.translations, heroImage: null, createdBy: 'seed' },
      );
    }
    for (const entry of newsOf(facts, edition)) await insertNews(tx, { ...entry, published: true });
  });
  return true;
}
