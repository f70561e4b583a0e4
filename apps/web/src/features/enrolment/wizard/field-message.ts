import { useTranslation } from 'react-i18next';
import { validationMessageKey } from '@bjk/domain/validation-messages';

/** A field message from the shared schema, in the visitor's language. */
export function useFieldMessage() {
  const { t } = useTranslation('enrolment');
  return (message: string | undefined) => {
    if (!message) return undefined;
    const key = validationMessageKey(message);
    return key ? t(`validation.${key}`) : t('validation.invalidValue');
  };
}
