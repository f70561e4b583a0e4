import type { Payer, PaymentLine, PaymentRequestKind } from '@bjk/domain';
import type { DbOrTx } from '../../platform/db.js';
import type { CurrentEdition } from '../edition/edition.service.js';
import { bjkParticipantSource, vkParticipantSource } from './participant-source.js';
import { staySource } from './stay-source.js';

/**
 * What payments need from the module that owns a source (a stay, a participant): who pays and the priced lines.
 * Payments never read those modules' tables; each module exports these functions from its service.
 */
export type PaymentSource = {
  payer: Payer;
  lines: PaymentLine[];
};

export type PaymentSourceProvider = {
  /**
   * The payer and lines of one source; undefined when it does not exist or is not billable (disabled, free).
   * A bulk action passes the edition it read once, instead of every source reading it again.
   */
  find(db: DbOrTx, sourceId: string, edition?: CurrentEdition): Promise<PaymentSource | undefined>;
  /** The billable ones of many sources (a bulk create's batch), by id; missing ids are not billable. */
  findMany(db: DbOrTx, sourceIds: string[], edition: CurrentEdition): Promise<Map<string, PaymentSource>>;
  /** Ids of every billable source, for "create a request for every source that has none". */
  listBillableIds(db: DbOrTx): Promise<string[]>;
};

export type PaymentSources = Record<PaymentRequestKind, PaymentSourceProvider>;

/** The providers: lodging for stays, participants for both championship kinds. */
export const PAYMENT_SOURCES: PaymentSources = {
  stay: staySource,
  participant_bjk: bjkParticipantSource,
  participant_vk: vkParticipantSource,
};
