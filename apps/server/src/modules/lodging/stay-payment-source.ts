import { LODGING_ERRORS, type PaymentLine, type PaymentLineKind, type Reservation } from '@bjk/domain';
import type { DbOrTx } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import type { PaymentSource, PaymentSourceProvider } from '../payments/payment-sources.js';
import { getReservation, listReservations } from './lodging.service.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const LINE_KINDS: Record<Reservation['price']['lines'][number]['kind'], PaymentLineKind | null> = {
  room: 'lodging',
  cleaning: 'lodging',
  meals: 'meals',
  touristTax: 'touristTax',
  discount: 'lodging',
  // "Cost without discount" is informative: the discount line already takes its part off.
  withoutDiscount: null,
};

/** The reservation; undefined when it does not exist. */
async function findReservation(db: DbOrTx, id: string): Promise<Reservation | undefined> {
  if (!UUID.test(id)) return undefined;
  try {
    // The lodging service reads through whatever it is given; a transaction has the same query API.
    const reservation = await getReservation(db, id, 'nl');
    return reservation.language === 'nl' ? reservation : await getReservation(db, id, reservation.language);
  } catch (error) {
    if (error instanceof AppError && error.code === LODGING_ERRORS.reservationNotFound) return undefined;
    throw error;
  }
}

/**
 * Lodging's implementation of the payments module's source interface, wired in `app.ts`.
 * A stay is billed once it is enabled and holds its rooms; its lines are the lodging module's pricing.
 */
export const staySource: PaymentSourceProvider = {
  async find(db, id): Promise<PaymentSource | undefined> {
    const reservation = await findReservation(db, id);
    if (!reservation || !reservation.enabled || reservation.rooms.length === 0) return undefined;
    const lines: PaymentLine[] = reservation.price.lines.flatMap((line) => {
      const kind = LINE_KINDS[line.kind];
      if (!kind || line.totalCents === 0) return [];
      return [{ kind, description: line.description, quantity: Math.max(line.quantity, 1), unitPriceCents: line.unitCents, totalCents: line.totalCents }];
    });
    return {
      payer: {
        name: `${reservation.contact.firstName} ${reservation.contact.lastName}`.trim(),
        emails: reservation.contact.email ? [reservation.contact.email] : [],
        address: reservation.contact.address,
        language: reservation.language,
      },
      lines,
    };
  },
  // At most the venue's ~170 rooms' stays: one reservation read each is fine.
  async findMany(db, ids) {
    const found = new Map<string, PaymentSource>();
    for (const id of ids) {
      const source = await staySource.find(db, id);
      if (source) found.set(id, source);
    }
    return found;
  },
  async listBillableIds(db) {
    const ids: string[] = [];
    for (let page = 1; ; page++) {
      const { items } = await listReservations(db, { assigned: 'yes', enabled: 'yes', page, pageSize: 500 });
      ids.push(...items.map((r) => r.id));
      if (items.length < 500) return ids;
    }
  },
};
