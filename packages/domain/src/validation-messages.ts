/**
 * The specification's validation messages (English, as the API answers them in `details.issues[].message`).
 * The web translates them through `errors:validation.<key>`; zod-free so any page can import it.
 */
export const VALIDATION_MESSAGES = {
  addressRequired: 'Address is required',
  birthdayRequired: 'birthday is required',
  emailRequired: 'Email is required',
  emailInvalid: 'Not a valid email address',
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  fullNameRequired: 'Full name is required',
  mobileRequired: 'Mobile phone is required',
  mobileInvalid: 'Not a valid mobile number',
  countryCodeInvalid: 'Invalid country code',
  invalidValue: 'Invalid value',
  tooShort: 'Too short',
  oneFieldInvalid: 'One of the required fields is invalid',
  lodgingRequired: 'Lodging must be chosen',
  mealsRequired: 'meals must be selected',
  consentRequired: 'Consent is required',
  categoryRequired: 'Category is required',
  contactRequired: 'A present parent or an attendant with full name, email and mobile is required',
  /** A text field that may not be left empty (a manual payment's remark). */
  required: 'This field is required',
} as const;
export type ValidationMessageKey = keyof typeof VALIDATION_MESSAGES;

const byMessage = new Map<string, ValidationMessageKey>(Object.entries(VALIDATION_MESSAGES).map(([key, message]) => [message, key as ValidationMessageKey]));

/** The translation key of a known validation message, or undefined for messages from elsewhere. */
export function validationMessageKey(message: string | undefined): ValidationMessageKey | undefined {
  return message === undefined ? undefined : byMessage.get(message);
}
