import type { Payer, PaymentLine, PaymentRequestKind } from '@bjk/domain';
import type { DbOrTx } from '../../platform/db.js';
import type { CurrentEdition } from '../edition/edition.service.js';

/**
 * What payments need from the module that owns a source (a stay, a participant): who pays and the priced lines.
 * Payments own this interface and never read those modules' tables: lodging (`stay-payment-source.ts`) and
 * participants (`participant-payment-source.ts`) implement it, and `app.ts` hands them to payments.
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
