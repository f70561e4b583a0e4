import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { formatMoney } from '../../shared/format';
import { currentLanguage } from '../../shared/i18n';
import { PaymentInstructions } from '../../shared/ui/PaymentInstructions';
import { useResource } from '../../shared/data/resource';
import { ErrorNotice } from '../../shared/ui/plain/ErrorNotice';
import { loadPublicPayment, publicPaymentKey } from './api';
import './payment-page.css';

/** A total under the lines; the middle (quantity × price) column exists on wide screens only. */
function SummaryRow({ label, value, bold = false }: { label: string; value: string; bold?: boolean }) {
  const className = bold ? 'bjk-payment-total' : undefined;
  return (
    <tr className={className}>
      <td>{label}</td>
      <td className="bjk-payment-wide" />
      <td className="bjk-num">{value}</td>
    </tr>
  );
}

/**
 * `/payment/:token`: the e-mail's payment details and EPC QR code, for whoever holds the link; nothing else.
 * Plain elements with static CSS, routed with `{ mui: false, queries: false }` (decision 0003): a parent opening the
 * mail's link on a phone downloads no MUI and no TanStack Query; the request is read through the resource cache, and
 * a link the server does not know is said so in words.
 */
export function PaymentPage() {
  const { t } = useTranslation('payments');
  const language = currentLanguage();
  const { token = '' } = useParams();
  const read = useResource(publicPaymentKey(token), loadPublicPayment(token));
  if (!read.ok) return <ErrorNotice error={read.error} />;
  const data = read.value;
  const money = (cents: number) => formatMoney(cents, language);
  return (
    <div className="bjk-payment">
      <h1 className="bjk-h1">{t('page.title', { number: data.number })}</h1>
      {data.status === 'paid' ? (
        <p className="bjk-body1" data-testid="pay-paid">
          {t('page.paid')}
        </p>
      ) : (
        <p className="bjk-body1">{t('page.intro')}</p>
      )}
      <div className="bjk-table-scroll bjk-payment-lines">
        <table className="bjk-table" aria-label={t('page.lines')}>
          <tbody>
            {data.lines.map((line, index) => (
              <tr key={index}>
                <td>{line.description}</td>
                <td className="bjk-num bjk-payment-wide">{`${line.quantity} × ${money(line.unitPriceCents)}`}</td>
                <td className="bjk-num">{money(line.totalCents)}</td>
              </tr>
            ))}
            {data.discountCents > 0 && <SummaryRow label={t('page.discount')} value={money(-data.discountCents)} />}
            <SummaryRow label={t('page.total')} value={money(data.totalCents)} bold />
            {data.receivedCents > 0 && <SummaryRow label={t('page.received')} value={money(data.receivedCents)} />}
          </tbody>
        </table>
      </div>
      {data.status !== 'paid' && <PaymentInstructions payment={data} />}
    </div>
  );
}
