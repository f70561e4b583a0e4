import { parsePhoneNumberWithError, ParseError } from 'libphonenumber-js/min';
import { VALIDATION_MESSAGES } from './validation-messages.js';

export type PhoneCheck = { ok: true; e164: string } | { ok: false; message: string };

/**
 * A mobile number as an international number. Belgian numbers may be typed nationally (0470 …): the
 * championship is Belgian, so BE is the default country; anything else needs its +country code.
 */
export function checkMobile(input: string): PhoneCheck {
  const value = input.trim();
  try {
    const parsed = parsePhoneNumberWithError(value, 'BE');
    if (!parsed.isValid()) return { ok: false, message: VALIDATION_MESSAGES.mobileInvalid };
    return { ok: true, e164: parsed.number };
  } catch (error) {
    if (error instanceof ParseError && error.message === 'INVALID_COUNTRY') {
      return { ok: false, message: VALIDATION_MESSAGES.countryCodeInvalid };
    }
    return { ok: false, message: VALIDATION_MESSAGES.mobileInvalid };
  }
}
