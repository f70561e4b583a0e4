import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import type { PublicPayment } from '@bjk/domain/payments';
import { formatDate, formatMoney } from '../format';
import { currentLanguage } from '../i18n';
import './plain/plain.css';
import './payment-instructions.css';

/**
 * What to transfer and where (amount, beneficiary, IBAN, BIC, structured message, due date) and the EPC QR code.
 * Plain elements with static CSS (decision 0003): the public payment page draws it without MUI, and it looks the same
 * inside MUI pages (the enrolment wizard's last step).
 */
export function PaymentInstructions({
  payment,
}: {
  /** A payment page's, or any payment with the same instructions (a family's page). */
  payment: Pick<PublicPayment, 'outstandingCents' | 'beneficiary' | 'iban' | 'bic' | 'structuredMessage' | 'dueDate' | 'qrPngPath'>;
}) {
  const { t } = useTranslation('payments');
  const language = currentLanguage();
  const details: [string, string, string][] = [
    [t('page.amount'), formatMoney(payment.outstandingCents, language), 'pay-amount'],
    [t('page.beneficiary'), payment.beneficiary, 'pay-beneficiary'],
    [t('page.iban'), payment.iban, 'pay-iban'],
    [t('page.bic'), payment.bic, 'pay-bic'],
    [t('page.message'), payment.structuredMessage, 'pay-message'],
    [t('page.dueDate'), formatDate(payment.dueDate, language), 'pay-due'],
  ];
  return (
    <div className="bjk-split bjk-pay">
      {/* Each label above its value at every width: beside the QR code, a label column left the values so little room
          that the IBAN, the structured message and the beneficiary's name broke in the middle. */}
      <dl className="bjk-pay-details">
        {details.map(([label, value, testId]) => {
          const code = testId === 'pay-message' || testId === 'pay-iban';
          return (
            <Fragment key={testId}>
              <dt className="bjk-pay-label">{label}</dt>
              <dd className={code ? 'bjk-pay-value bjk-pay-value--code' : 'bjk-pay-value'} data-testid={testId}>
                {value}
              </dd>
            </Fragment>
          );
        })}
      </dl>
      <div className="bjk-pay-qr">
        <img src={payment.qrPngPath} alt={t('page.qrAlt')} width={240} height={240} data-testid="pay-qr" />
        <p className="bjk-body2 bjk-secondary bjk-pay-hint">{t('page.scanHint')}</p>
      </div>
    </div>
  );
}
