import sharp from 'sharp';
import {
  MEAL_KINDS,
  findStayOf,
  formatBadgeId,
  indexStaysByGuestName,
  mealScheduleOf,
  mealsLabelOf,
  nightsOf,
  findCategory,
  type EditionSettings,
  type GuestMealDay,
  type PaymentRequestStatus,
  type PaymentStanding,
  type RegistrationKind,
  type RosterPerson,
} from '@bjk/domain';
import type { DbOrTx } from '../../platform/db.js';
import { listGuestStays, type GuestStay } from '../lodging/lodging.service.js';
import { findBadgePhotos, listBadgeHolders, type BadgeHolder } from '../participants/participants.service.js';
import { listPaymentStatusesOfSources } from '../payments/payment-requests.service.js';

/** A roster's photo: small enough that 700 of them weigh about 2 MB on a phone, big enough to recognise a face. */
export const THUMBNAIL = { width: 96, height: 120, quality: 70 };

/**
 * Thumbnails already made, by person and photo version: a phone reloading its roster (every desk, several times a
 * day) does not scale 700 photos again. Bounded; an instance that never made one makes it (no shared state needed).
 */
const thumbnails = new Map<string, string>();
const THUMBNAILS_KEPT = 5000;

async function makeThumbnail(key: string, photo: Buffer): Promise<string> {
  const jpeg = await sharp(photo).resize(THUMBNAIL.width, THUMBNAIL.height, { fit: 'cover' }).jpeg({ quality: THUMBNAIL.quality }).toBuffer();
  const address = `data:image/jpeg;base64,${jpeg.toString('base64')}`;
  if (thumbnails.size >= THUMBNAILS_KEPT) thumbnails.delete(thumbnails.keys().next().value!);
  thumbnails.set(key, address);
  return address;
}

function standingOf(status: PaymentRequestStatus | undefined): PaymentStanding {
  if (!status || status === 'cancelled') return 'none';
  return status;
}

/**
 * The meals a person has booked: those of their stay, or — without a stay — the badge's meals label over the
 * edition's normal dates (meals-only guests, arbiters eating at the venue): HB half board, BO breakfasts.
 */
export function bookedMealsOf(settings: EditionSettings, stay: GuestStay | undefined, mealsCode: 'HB' | 'BO' | null): GuestMealDay[] {
  if (stay) return mealScheduleOf(stay.mealPlan, stay.arrivalDate, stay.departureDate);
  if (mealsCode === 'HB') return mealScheduleOf('half', settings.startDate, settings.endDate);
  if (mealsCode === 'BO') return mealScheduleOf('breakfast', settings.startDate, settings.endDate);
  return [];
}

/** The days of the edition with the meals served on each: full board over the normal stay, and every booked meal. */
export function mealDaysOf(settings: EditionSettings, people: readonly Pick<RosterPerson, 'meals'>[]): GuestMealDay[] {
  const days = new Map<string, Set<GuestMealDay['meals'][number]>>();
  for (const day of [...mealScheduleOf('full', settings.startDate, settings.endDate), ...people.flatMap((p) => p.meals)]) {
    const meals = days.get(day.date) ?? new Set();
    for (const meal of day.meals) meals.add(meal);
    days.set(day.date, meals);
  }
  return [...days.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([date, meals]) => ({ date, meals: MEAL_KINDS.filter((m) => meals.has(m)) }));
}

/** Everyone with a badge of the edition (both championships when it runs the vk), as the desk's card shows them. */
export async function buildRosterPeople(db: DbOrTx, editionCode: string, settings: EditionSettings): Promise<RosterPerson[]> {
  const kinds: RegistrationKind[] = settings.vk ? ['bjk', 'vk'] : ['bjk'];
  const holders: (BadgeHolder & { kind: RegistrationKind })[] = [];
  for (const kind of kinds) for (const holder of await listBadgeHolders(db, kind)) holders.push({ ...holder, kind });
  const photoKey = (h: BadgeHolder) => `${h.holder}:${h.id}:${h.photoVersion}`;
  // Only the photos not scaled yet are read (a stored photo weighs 50 to 100 kB; 700 of them would be read for nothing).
  const unscaled = holders.filter((h) => h.photoVersion !== null && !thumbnails.has(photoKey(h)));
  const [stays, photos, stayPayments, ...playerPayments] = await Promise.all([
    listGuestStays(db),
    findBadgePhotos(db, unscaled),
    listPaymentStatusesOfSources(db, 'stay'),
    ...kinds.map((kind) => listPaymentStatusesOfSources(db, kind === 'bjk' ? 'participant_bjk' : 'participant_vk')),
  ]);
  const byName = indexStaysByGuestName(stays);
  const people: RosterPerson[] = [];
  for (const h of holders) {
    const stay = findStayOf(h, stays, byName);
    const photo = photos.get(`${h.holder}:${h.id}`);
    const thumbnail = h.photoVersion === null ? null : (thumbnails.get(photoKey(h)) ?? (photo ? await makeThumbnail(photoKey(h), photo) : null));
    const payments = playerPayments[kinds.indexOf(h.kind)]!;
    people.push({
      badgeId: formatBadgeId({ editionCode, holder: h.holder, id: h.id }),
      holder: h.holder,
      id: h.id,
      firstName: h.firstName,
      lastName: h.lastName,
      category: h.category,
      categoryColor: findCategory(settings, h.category)?.color ?? settings.vk?.categories.find((c) => c.code === h.category)?.color ?? '#9e9e9e',
      enabled: h.enabled,
      thumbnail,
      payment: h.holder === 'participant' ? standingOf(payments.get(String(h.id))) : 'none',
      lodging: stay
        ? {
            reservationNumber: stay.number,
            rooms: stay.rooms,
            roomType: stay.roomType,
            arrivalDate: stay.arrivalDate,
            departureDate: stay.departureDate,
            nights: nightsOf(stay.arrivalDate, stay.departureDate),
            mealPlan: stay.mealPlan,
            payment: standingOf(stayPayments.get(stay.reservationId)),
          }
        : null,
      meals: bookedMealsOf(settings, stay, h.mealsCode),
      mealsLabel: stay ? mealsLabelOf(stay.mealPlan) : h.mealsCode,
    });
  }
  return people;
}
