import {
  LODGING_ERRORS,
  allowedStayWindow,
  ageOn,
  findRoomType,
  lodgingPhaseAt,
  mealPlansFor,
  type EditionSettings,
  type FieldIssue,
  type MakeReservation,
} from '@bjk/domain';
import { AppError, validationError } from '../../platform/errors.js';

type StayRequest = Pick<MakeReservation, 'roomType' | 'arrivalDate' | 'departureDate' | 'guests' | 'mealPlan'>;

/** The public wizard may book only while the edition's lodging window is open (DOMAIN.md §5). */
export function assertLodgingOpen(settings: EditionSettings, now: Date): void {
  const phase = lodgingPhaseAt(settings.lodging, now);
  if (phase === 'notStarted') throw new AppError(403, LODGING_ERRORS.notStarted, 'Reservation not started');
  if (phase === 'closed') throw new AppError(403, LODGING_ERRORS.closed, 'Reservations closed');
}

/**
 * The rules of a stay against the edition: type offered, guest count within the type's limits, dates within
 * the bookable window, meal plan allowed for the type, plausible birth dates. `publicRequest` adds the
 * wizard's limits (only offered types, only the window); managers may book beyond them.
 */
export function checkStayRequest(settings: EditionSettings, stay: StayRequest, publicRequest: boolean): void {
  const roomType = findRoomType(settings, stay.roomType);
  if (!roomType || (publicRequest && !roomType.available)) {
    throw new AppError(400, LODGING_ERRORS.roomTypeNotOffered, 'Lodging must be chosen', { roomType: stay.roomType });
  }
  if (stay.guests.length < roomType.minPersons || stay.guests.length > roomType.maxPersons) {
    throw new AppError(400, LODGING_ERRORS.guestCount, `This room type takes ${roomType.minPersons} to ${roomType.maxPersons} persons`, {
      min: roomType.minPersons,
      max: roomType.maxPersons,
    });
  }
  if (stay.arrivalDate >= stay.departureDate) {
    throw new AppError(400, LODGING_ERRORS.datesOutsideWindow, 'Departure must be after arrival');
  }
  if (publicRequest) {
    const window = allowedStayWindow(settings);
    if (stay.arrivalDate < window.earliestArrival || stay.departureDate > window.latestDeparture) {
      throw new AppError(400, LODGING_ERRORS.datesOutsideWindow, 'The dates are outside the bookable stay', window);
    }
  }
  if (!mealPlansFor(settings, roomType).includes(stay.mealPlan)) {
    throw new AppError(400, LODGING_ERRORS.mealPlanNotOffered, 'meals must be selected', { mealPlan: stay.mealPlan });
  }
  const issues: FieldIssue[] = [];
  stay.guests.forEach((guest, index) => {
    const age = ageOn(guest.birthDate, settings.startDate);
    if (guest.birthDate > settings.startDate || age > 120) {
      issues.push({ path: `guests.${index}.birthDate`, code: LODGING_ERRORS.birthDateInvalid, message: 'Invalid value' });
    }
  });
  if (issues.length > 0) throw validationError(issues);
}

/** Request numbers the desk and families quote: R2027-0042. */
export function reservationNumber(year: number, sequence: number): string {
  return `R${year}-${String(sequence).padStart(4, '0')}`;
}
