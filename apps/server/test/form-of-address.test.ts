import { describe, expect, it } from 'vitest';
import { LANGUAGES, otherFormOfAddress, type Language } from '@bjk/domain';
import { CONFIRMATION_MAIL_TEXTS } from '../src/modules/enrolment/confirmation-mail.js';
import { RESERVATION_MAIL_TEXTS } from '../src/modules/lodging/reservation-mail.js';
import { PAYMENT_TEXTS } from '../src/modules/payments/payment-texts.js';
import { PRINT_TEXTS } from '../src/modules/print/print-texts.js';

/** Every string of a text table; a template function is called with placeholders. */
function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (typeof value === 'function') return strings((value as (...args: string[]) => unknown)('X', 'Y', 'Z', 'W'));
  if (value && typeof value === 'object') return Object.values(value).flatMap(strings);
  return [];
}

describe('the e-mails and printed texts', () => {
  it('address the reader in the site’s one form per language (nl je, fr vous, de Sie)', () => {
    const tables = { CONFIRMATION_MAIL_TEXTS, RESERVATION_MAIL_TEXTS, PAYMENT_TEXTS, PRINT_TEXTS } as Record<string, Record<Language, unknown>>;
    const slips: string[] = [];
    for (const [name, table] of Object.entries(tables)) {
      for (const language of LANGUAGES) {
        for (const text of strings(table[language])) if (otherFormOfAddress(language, text).length > 0) slips.push(`${name}.${language}: ${text}`);
      }
    }
    expect(slips).toEqual([]);
  });
});
