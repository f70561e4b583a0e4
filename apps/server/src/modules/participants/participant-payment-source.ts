import { registrationFeeCents, type EditionSettings, type Participant, type PaymentLine, type RegistrationKind, PARTICIPANTS_ERRORS } from '@bjk/domain';
import type { DbOrTx } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { getCurrentEdition } from '../edition/edition.service.js';
import type { PaymentSource, PaymentSourceProvider } from '../payments/payment-sources.js';
import { PAYMENT_TEXTS } from '../payments/payment-texts.js';
import { getParticipant, listParticipants } from './participants.service.js';

async function findParticipant(db: DbOrTx, kind: RegistrationKind, id: string): Promise<Participant | undefined> {
  if (!/^\d{1,9}$/.test(id)) return undefined;
  try {
    return await getParticipant(db, kind, Number(id));
  } catch (error) {
    if (error instanceof AppError && error.code === PARTICIPANTS_ERRORS.notFound) return undefined;
    throw error;
  }
}

/**
 * The participants module's implementation of the payments module's source interface, wired in `app.ts`.
 * A participant's fee by the domain's fee rule: the
 * edition's enrolment fee (vk: by FIDE title, free titles pay nothing) plus the late fee when the registration
 * itself was late. Players of free titles and disabled participants owe nothing and are not billed.
 */
function participantSource(kind: RegistrationKind): PaymentSourceProvider {
  function sourceOf(participant: Participant, settings: EditionSettings): PaymentSource | undefined {
    if (!participant.enabled) return undefined;
    const baseCents = registrationFeeCents(settings, kind, participant.fideTitle, false);
    if (baseCents <= 0) return undefined;
    const t = PAYMENT_TEXTS[participant.language];
    const name = `${participant.firstName} ${participant.lastName}`.trim();
    const lines: PaymentLine[] = [
      {
        kind: 'fee',
        description: t.enrolmentFee(settings.shortName[participant.language], name, participant.category),
        quantity: 1,
        unitPriceCents: baseCents,
        totalCents: baseCents,
      },
    ];
    if (participant.late && settings.fees.lateFeeCents > 0) {
      lines.push({ kind: 'fee', description: t.lateFee, quantity: 1, unitPriceCents: settings.fees.lateFeeCents, totalCents: settings.fees.lateFeeCents });
    }
    const emails = [participant.parentEmail, participant.attendantEmail, participant.email].filter((e) => e.trim() !== '');
    // A minor's parent pays and reads the mail first: the request is theirs, its line names the child. A parent who
    // gave an address but no name (a late participant) is "the parent of <child>", never greeted as the child.
    const payer = participant.parentName.trim() || (participant.parentEmail.trim() !== '' ? t.parentOf(name) : name);
    return { payer: { name: payer, emails: [...new Set(emails)], address: '', language: participant.language }, lines };
  }

  /** Every enabled participant of the kind, a thousand per query. */
  async function listEnabled(db: DbOrTx): Promise<Participant[]> {
    const all: Participant[] = [];
    for (let page = 1; ; page++) {
      const { items } = await listParticipants(db, kind, { page, pageSize: 1000, enabled: '1', sort: 'name', dir: 'asc' });
      all.push(...items);
      if (items.length < 1000) return all;
    }
  }

  return {
    async find(db, id, edition) {
      const participant = await findParticipant(db, kind, id);
      if (!participant) return undefined;
      return sourceOf(participant, (edition ?? (await getCurrentEdition(db))).settings);
    },
    // A bulk create reads the participants in pages, not one query per participant.
    async findMany(db, ids, edition) {
      const wanted = new Set(ids);
      const found = new Map<string, PaymentSource>();
      for (const participant of await listEnabled(db)) {
        const source = wanted.has(String(participant.id)) ? sourceOf(participant, edition.settings) : undefined;
        if (source) found.set(String(participant.id), source);
      }
      return found;
    },
    async listBillableIds(db) {
      const { settings } = await getCurrentEdition(db);
      return (await listEnabled(db)).filter((p) => registrationFeeCents(settings, kind, p.fideTitle, false) > 0).map((p) => String(p.id));
    },
  };
}

export const bjkParticipantSource = participantSource('bjk');
export const vkParticipantSource = participantSource('vk');
