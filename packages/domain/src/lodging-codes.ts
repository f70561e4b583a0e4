// The lodging area's messages and error codes, in a module free of schemas: the reservation wizard's pages translate
// them without downloading zod and the phone number rules (`lodging.ts` re-exports them).

/** The specification's validation messages of the reservation wizard; the web translates them (namespace `lodging`). */
export const LODGING_MESSAGES = {
  addressRequired: 'Address is required',
  birthdayRequired: 'birthday is required',
  emailRequired: 'Email is required',
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  mobileRequired: 'Mobile phone is required',
  mobileInvalid: 'Not a valid mobile number',
  countryCodeInvalid: 'Invalid country code',
  tooShort: 'Too short',
  invalidValue: 'Invalid value',
  lodgingRequired: 'Lodging must be chosen',
  mealsRequired: 'meals must be selected',
} as const;
export type LodgingMessageKey = keyof typeof LODGING_MESSAGES;

/** The message key of a validation message text, for translation; undefined for texts of other origin. */
export function lodgingMessageKey(message: string | undefined): LodgingMessageKey | undefined {
  return (Object.keys(LODGING_MESSAGES) as LodgingMessageKey[]).find((k) => LODGING_MESSAGES[k] === message);
}

export const LODGING_ERRORS = {
  notStarted: 'lodging.not_started',
  closed: 'lodging.closed',
  roomTypeNotOffered: 'lodging.room_type_not_offered',
  guestCount: 'lodging.guest_count',
  datesOutsideWindow: 'lodging.dates_outside_window',
  mealPlanNotOffered: 'lodging.meal_plan_not_offered',
  birthDateInvalid: 'lodging.birth_date_invalid',
  reservationNotFound: 'lodging.reservation_not_found',
  roomNotFound: 'lodging.room_not_found',
  roomTaken: 'lodging.room_taken',
  roomUnavailable: 'lodging.room_unavailable',
  roomWrongType: 'lodging.room_wrong_type',
  roomTooSmall: 'lodging.room_too_small',
  roomNotAssigned: 'lodging.room_not_assigned',
  reservationDisabled: 'lodging.reservation_disabled',
  roomsAssigned: 'lodging.rooms_assigned',
  csvInvalid: 'lodging.csv_invalid',
  likelyDuplicate: 'lodging.likely_duplicate',
} as const;
