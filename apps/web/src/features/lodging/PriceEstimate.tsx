import { useTranslation } from 'react-i18next';
import type { StayPrice, StayPriceLine } from '@bjk/domain/lodging-pricing';
import type { EditionSettings } from '@bjk/domain/edition';
import { formatMoney } from '../../shared/format';
import { currentLanguage } from '../../shared/i18n';
import '../../shared/ui/plain/plain.css';
import './wizard.css';

/** One price line in the reader's words: what it is and how it was counted (nights × price). */
export function usePriceLineText(settings: EditionSettings) {
  const { t } = useTranslation('lodging');
  const language = currentLanguage();
  return (line: StayPriceLine): { label: string; detail: string } => {
    const unit = formatMoney(line.unitCents, language);
    switch (line.kind) {
      case 'room': {
        const type = settings.roomTypes.find((r) => r.code === line.roomType);
        return {
          label: t('price.room', { type: type?.label[language] ?? line.roomType }),
          detail:
            line.minorDiscountCents > 0
              ? t('price.roomMinorDetail', { nights: line.quantity, unit, discount: formatMoney(line.minorDiscountCents, language) })
              : t('price.perNight', { count: line.quantity, unit }),
        };
      }
      case 'meals':
        return {
          label: t('price.meals', { name: line.guestName, group: t(`ageGroups.${line.ageGroup}`), plan: t(`plans.${line.mealPlan}.label`) }),
          detail: t('price.perNight', { count: line.quantity, unit }),
        };
      case 'touristTax':
        return { label: t('price.touristTax'), detail: t('price.perPersonNight', { count: line.quantity, unit }) };
      case 'cleaning':
        return { label: t('price.cleaning'), detail: '' };
      case 'withoutDiscount':
        return { label: t('price.withoutDiscount'), detail: '' };
      case 'discount':
        return { label: line.percent !== undefined ? t('price.discountPercent', { percent: line.percent }) : t('price.discount'), detail: '' };
    }
  };
}

/**
 * The stay's price line by line, from the shared pricing rules (the server computes the same): a plain table
 * (`plain.css`), in the public wizard and on the back office's reservation page alike.
 */
export function PriceEstimate({ settings, price }: { settings: EditionSettings; price: StayPrice }) {
  const { t } = useTranslation('lodging');
  const language = currentLanguage();
  const describe = usePriceLineText(settings);
  return (
    <table className="bjk-table bjk-price-table" aria-label={t('price.title')} data-testid="price-estimate">
      <tbody>
        {price.lines.map((line, index) => {
          const text = describe(line);
          return (
            <tr key={index}>
              <td>
                {text.label}
                {text.detail && <span className="bjk-wizard-price-detail">{text.detail}</span>}
              </td>
              <td>{formatMoney(line.totalCents, language)}</td>
            </tr>
          );
        })}
        <tr>
          <td>{t('price.total')}</td>
          <td data-testid="price-total">{formatMoney(price.totalCents, language)}</td>
        </tr>
      </tbody>
    </table>
  );
}
