import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import type { StayPrice, StayPriceLine } from '@bjk/domain/lodging-pricing';
import type { EditionSettings } from '@bjk/domain/edition';
import { formatMoney } from '../../shared/format';
import { currentLanguage } from '../../shared/i18n';

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

/** The stay's price line by line, from the shared pricing rules (the server computes the same). */
export function PriceEstimate({ settings, price }: { settings: EditionSettings; price: StayPrice }) {
  const { t } = useTranslation('lodging');
  const language = currentLanguage();
  const describe = usePriceLineText(settings);
  return (
    <Table size="small" aria-label={t('price.title')} data-testid="price-estimate">
      <TableBody>
        {price.lines.map((line, index) => {
          const text = describe(line);
          return (
            <TableRow key={index}>
              <TableCell sx={{ pl: 0 }}>
                {text.label}
                {text.detail && <span style={{ display: 'block', opacity: 0.7, fontSize: '0.85em' }}>{text.detail}</span>}
              </TableCell>
              <TableCell align="right" sx={{ pr: 0, whiteSpace: 'nowrap' }}>
                {formatMoney(line.totalCents, language)}
              </TableCell>
            </TableRow>
          );
        })}
        <TableRow>
          <TableCell sx={{ pl: 0, fontWeight: 700 }}>{t('price.total')}</TableCell>
          <TableCell align="right" sx={{ pr: 0, fontWeight: 700, whiteSpace: 'nowrap' }} data-testid="price-total">
            {formatMoney(price.totalCents, language)}
          </TableCell>
        </TableRow>
      </TableBody>
    </Table>
  );
}
