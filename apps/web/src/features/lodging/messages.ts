import type { TFunction } from 'i18next';
import { LODGING_ERRORS, lodgingMessageKey } from '@bjk/domain/lodging-codes';

/** A form field's error in the reader's language: the specification's messages, and the guest-count rule. */
export function fieldError(t: TFunction<'lodging'>, message: string | undefined, limits?: { min: number; max: number }): string | undefined {
  if (!message) return undefined;
  if (message === LODGING_ERRORS.guestCount && limits) return t('guests.countRule', limits);
  const key = lodgingMessageKey(message);
  return key ? t(`messages.${key}`) : t('messages.invalidValue');
}
