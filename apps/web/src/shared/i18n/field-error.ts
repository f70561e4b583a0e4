import { useTranslation } from 'react-i18next';
import { validationMessageKey } from '@bjk/domain/validation-messages';

/** A field's failure as react-hook-form (zod's issue code in `type`) or the API (`code`, in `details.issues`) gives it. */
export type FieldErrorLike = { type?: unknown; code?: unknown; message?: unknown } | undefined | null;

/**
 * The `errors` namespace key for a field's validation failure: the schema's own message when it is one of the
 * specification's (`VALIDATION_MESSAGES`), else a text per zod issue code — never zod's English.
 */
export function fieldErrorKey(error: FieldErrorLike): string | undefined {
  if (!error) return undefined;
  const known = validationMessageKey(typeof error.message === 'string' ? error.message : undefined);
  if (known) return `validation.${known}`;
  switch (error.type ?? error.code) {
    case 'too_small':
      return 'validation.tooSmall';
    case 'too_big':
      return 'validation.tooBig';
    case 'invalid_format':
      return 'validation.format';
    case 'invalid_type':
      return 'validation.required';
    default:
      return 'validation.invalidValue';
  }
}

/** `text(error)`: a field's failure in the visitor's language, or undefined when the field is fine. */
export function useFieldErrorText(): (error: FieldErrorLike) => string | undefined {
  const { t } = useTranslation('errors');
  return (error) => {
    const key = fieldErrorKey(error);
    return key ? t(key) : undefined;
  };
}
