import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ConfirmedRegistration, PlayerLookup } from '@bjk/domain/enrolment';
import { formatMoney } from '../../../shared/format';
import { currentLanguage } from '../../../shared/i18n';
import { PaymentInstructions } from '../../../shared/ui/PaymentInstructions';
import { Card } from '../../../shared/ui/plain/Card';
import { Notice } from '../../../shared/ui/plain/Notice';
import { ShellButton } from '../../../shared/ui/ShellButton';

/** After the confirmation: thanks, what to pay (the instructions and the QR code), and a new enrolment. */
export function DoneStep({ player, confirmed, onRestart }: { player: PlayerLookup; confirmed: ConfirmedRegistration; onRestart: () => void }) {
  const { t } = useTranslation('enrolment');
  const language = currentLanguage();
  return (
    <Card roomy>
      <div className="bjk-stack">
        <Notice severity="success" role="status" testId="enrolment-done">
          {t('done.thanks', { name: `${player.firstName} ${player.lastName}` })}
        </Notice>
        {confirmed.payment ? (
          <div className="bjk-stack" data-testid="enrolment-payment">
            <p className="bjk-body1">{t('done.instructions', { fee: formatMoney(confirmed.payment.outstandingCents, language) })}</p>
            <PaymentInstructions payment={confirmed.payment} />
            <Link to={confirmed.payment.pagePath} className="bjk-link bjk-body1" data-testid="enrolment-payment-link">
              {t('done.paymentPage')}
            </Link>
          </div>
        ) : (
          <p className="bjk-body1">{t('done.payment', { fee: formatMoney(confirmed.feeCents, language) })}</p>
        )}
        {confirmed.mailedTo.length > 0 && (
          <p className="bjk-body1" data-testid="enrolment-mailed-to">
            {t('done.mail', {
              who: new Intl.ListFormat(language, { type: 'conjunction' }).format(confirmed.mailedTo.map((who) => t(`done.recipient.${who}`))),
            })}
          </p>
        )}
        <ShellButton variant="outlined" size="large" onClick={onRestart} data-testid="enrolment-new">
          {t('done.new')}
        </ShellButton>
      </div>
    </Card>
  );
}
