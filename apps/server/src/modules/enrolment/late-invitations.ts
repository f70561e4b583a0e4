import {
  ENROLMENT_ERRORS,
  formatMoney,
  type EditionSettings,
  type Language,
  type LateInvitation,
  type LateInvitationRequest,
  type LateInvitationView,
  type RegistrationKind,
} from '@bjk/domain';
import type { Config } from '../../config.js';
import { AppError, notFound } from '../../platform/errors.js';
import type { ManagerContext, ServiceContext } from '../../platform/service-context.js';
import { issueSignedLink, readSignedLink, useSignedLink, type SignedLink } from '../../platform/signed-links.js';
import { getCurrentEdition } from '../edition/edition.service.js';
import { siteUrl } from '../mail/family-page-link.js';
import { paragraphs, type MailBlock } from '../mail/mail-layout.js';
import { organiserMail, queueMail, type OutgoingMail } from '../mail/mail.service.js';
import { findMember } from '../members/members.service.js';
import { findConfirmedRegistration } from './enrolment.repository.js';

/**
 * Late entry (issue #28): after enrolment closed, a manager mails a family a signed, single-use invitation
 * (`platform/signed-links.ts`, purpose `enrolment.late_entry`) that opens the public wizard for one player, late fee
 * applied. The token rides in the address's fragment (`/registration_<kind>#invitation=<token>`), so no log holds it.
 * The wizard reads it without spending it (`readLateInvitation`) and sends it with the draft; the confirmation spends
 * it in its own transaction. Issue and use are audited by the primitive (`signed_link.issue` / `signed_link.use`).
 */
export const LATE_INVITATION_DAYS = 7;
const PURPOSE = 'enrolment.late_entry';

type InvitationPayload = { kind: RegistrationKind; idbel: number | null; idfide: number | null };

function payloadOf(link: SignedLink): InvitationPayload {
  const p = link.payload ?? {};
  return {
    kind: p.kind === 'vk' ? 'vk' : 'bjk',
    idbel: typeof p.idbel === 'number' ? p.idbel : null,
    idfide: typeof p.idfide === 'number' ? p.idfide : null,
  };
}

const mismatch = () => new AppError(409, ENROLMENT_ERRORS.invitationMismatch, 'This invitation is for another player');

/** Whether the invitation was made for this championship and this player (by the id it was made with). */
function assertInvitationFor(payload: InvitationPayload, kind: RegistrationKind, player: { idbel: number | null; idfide: number | null }): void {
  if (payload.kind !== kind) throw mismatch();
  const same = payload.idbel !== null ? payload.idbel === player.idbel : payload.idfide !== null && payload.idfide === player.idfide;
  if (!same) throw mismatch();
}

/** Checks a draft's invitation (signature, expiry, not spent, same player) without spending it. */
export async function checkLateInvitation(
  ctx: Pick<ServiceContext, 'db' | 'clock' | 'config'>,
  token: string,
  kind: RegistrationKind,
  player: { idbel: number | null; idfide: number | null },
): Promise<void> {
  assertInvitationFor(payloadOf(await readSignedLink(ctx, PURPOSE, token)), kind, player);
}

/** Spends the invitation; call inside the confirmation's transaction (a failure there leaves it unspent). */
export async function spendLateInvitation(
  ctx: ServiceContext,
  token: string,
  kind: RegistrationKind,
  player: { idbel: number | null; idfide: number | null },
): Promise<void> {
  const payload = payloadOf(await readSignedLink(ctx, PURPOSE, token));
  assertInvitationFor(payload, kind, player);
  await useSignedLink(ctx, PURPOSE, token);
}

/** What a token opens, for the wizard (public: the ids only; the wizard looks the player up as usual). */
export async function readLateInvitation(ctx: Pick<ServiceContext, 'db' | 'clock' | 'config'>, token: string): Promise<LateInvitationView> {
  const link = await readSignedLink(ctx, PURPOSE, token);
  return { ...payloadOf(link), expiresAt: link.expiresAt.toISOString() };
}

/** A manager invites one player: the link is stored and mailed in one transaction, both audited. */
export async function sendLateInvitation(ctx: ManagerContext, kind: RegistrationKind, input: LateInvitationRequest): Promise<LateInvitation> {
  const { code, settings } = await getCurrentEdition(ctx.db);
  if (kind === 'vk' && !settings.vk) throw notFound(ENROLMENT_ERRORS.kindNotOffered, 'This championship takes no enrolments in this edition');
  // The id is checked as the wizard's lookup checks it (the request's schema); the player need not be in the member
  // registry yet (a new federation id takes a few days to appear there): the family's wizard finds them once it is.
  const member =
    input.idbel !== null
      ? await findMember(ctx.db, { idbel: input.idbel })
      : input.idfide !== null
        ? await findMember(ctx.db, { idfide: input.idfide })
        : undefined;
  const ids = member ? { idbel: member.idbel, idfide: member.idfide } : { idbel: input.idbel, idfide: input.idbel === null ? input.idfide : null };
  const playerKey = ids.idbel !== null ? `bel:${ids.idbel}` : `fide:${ids.idfide}`;
  if (await findConfirmedRegistration(ctx.db, code, kind, playerKey)) {
    throw new AppError(409, ENROLMENT_ERRORS.alreadyRegistered, 'This player is already registered');
  }
  const email = input.email.toLowerCase();
  return ctx.db.transaction(async (tx) => {
    const link = await issueSignedLink(
      { ...ctx, db: tx },
      {
        purpose: PURPOSE,
        subject: playerKey,
        uses: 'once',
        lifetimeMs: LATE_INVITATION_DAYS * 24 * 3_600_000,
        // The ids the invitation was made with (the wizard may be given either), never the address: the audit has it.
        payload: { kind, idbel: input.idbel, idfide: input.idfide },
      },
    );
    const player: InvitedPlayer = member ? { name: `${member.firstName} ${member.lastName}` } : { idbel: input.idbel, idfide: input.idfide };
    await queueMail(tx, lateInvitationMail(ctx.config, settings, email, input.language, kind, link.token, player));
    return {
      id: link.id,
      expiresAt: link.expiresAt.toISOString(),
      validDays: LATE_INVITATION_DAYS,
      player: member ? { firstName: member.firstName, lastName: member.lastName } : null,
    };
  });
}

/** Who the mail names: the member's name, or the id it was made with when the registry does not know it yet. */
type InvitedPlayer = { name: string } | { idbel: number | null; idfide: number | null };

type Texts = {
  /** The player named by id (not in the member registry yet). */
  byId: (id: string, fide: boolean) => string;
  subject: (edition: string) => string;
  heading: string;
  intro: (player: string, fee: string) => string;
  link: string;
  valid: (days: number) => string;
};

const TEXTS: Record<Language, Texts> = {
  nl: {
    byId: (id, fide) => `de speler met ${fide ? 'FIDE-id' : 'stamnummer'} ${id}`,
    subject: (edition) => `${edition}: uitnodiging om laattijdig in te schrijven`,
    heading: 'Laattijdige inschrijving',
    intro: (player, fee) =>
      `De inschrijvingen zijn afgesloten, maar de organisatoren nodigen je uit om ${player} toch in te schrijven. Er geldt een administratieve kost van ${fee}.`,
    link: 'Open deze link om de inschrijving in te vullen:',
    valid: (days) => `De link werkt voor één inschrijving en blijft ${days} dagen geldig.`,
  },
  fr: {
    byId: (id, fide) => `le joueur ${fide ? "d'ID FIDE" : 'de matricule'} ${id}`,
    subject: (edition) => `${edition} : invitation à une inscription tardive`,
    heading: 'Inscription tardive',
    intro: (player, fee) =>
      `Les inscriptions sont closes, mais les organisateurs vous invitent à inscrire ${player}. Des frais administratifs de ${fee} s'appliquent.`,
    link: "Ouvrez ce lien pour remplir l'inscription :",
    valid: (days) => `Le lien vaut pour une inscription et reste valable ${days} jours.`,
  },
  de: {
    byId: (id, fide) => `den Spieler mit ${fide ? 'FIDE-ID' : 'Mitgliedsnummer'} ${id}`,
    subject: (edition) => `${edition}: Einladung zur verspäteten Anmeldung`,
    heading: 'Verspätete Anmeldung',
    intro: (player, fee) =>
      `Die Anmeldungen sind geschlossen, aber die Organisatoren laden Sie ein, ${player} dennoch anzumelden. Es gilt eine Verwaltungsgebühr von ${fee}.`,
    link: 'Öffnen Sie diesen Link, um die Anmeldung auszufüllen:',
    valid: (days) => `Der Link gilt für eine Anmeldung und bleibt ${days} Tage gültig.`,
  },
  en: {
    byId: (id, fide) => `the player with ${fide ? 'FIDE id' : 'federation id'} ${id}`,
    subject: (edition) => `${edition}: invitation to a late enrolment`,
    heading: 'Late enrolment',
    intro: (player, fee) => `Enrolment is closed, but the organisers invite you to enrol ${player} all the same. An administrative fee of ${fee} applies.`,
    link: 'Open this link to fill in the enrolment:',
    valid: (days) => `The link serves one enrolment and stays valid for ${days} days.`,
  },
};

export function lateInvitationMail(
  config: Pick<Config, 'publicUrl'>,
  settings: EditionSettings,
  to: string,
  language: Language,
  kind: RegistrationKind,
  token: string,
  invited: InvitedPlayer,
): OutgoingMail {
  const t = TEXTS[language];
  const player = 'name' in invited ? invited.name : invited.idbel !== null ? t.byId(String(invited.idbel), false) : t.byId(String(invited.idfide), true);
  const blocks: MailBlock[] = [
    ...paragraphs(t.intro(player, formatMoney(settings.fees.lateFeeCents, language))),
    { kind: 'link', text: t.link, url: siteUrl(config, `/registration_${kind}#invitation=${token}`) },
    ...paragraphs(t.valid(LATE_INVITATION_DAYS)),
  ];
  const subject = t.subject(settings.shortName[language]);
  return organiserMail(settings, { kind: 'enrolment.late_invitation', to: [to], language, subject, heading: t.heading, blocks });
}
