import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  registrationFeeCents,
  type ConfirmedRegistration,
  type EnrolmentPhase,
  type PlayerLookup,
  type RegistrationDetails,
  type RegistrationKind,
} from '@bjk/domain/enrolment';
import { useEdition } from '../../../shared/edition/useEdition';
import { formatMoney } from '../../../shared/format';
import { currentLanguage } from '../../../shared/i18n';
import type { ConsentChoices } from '@bjk/domain/consents';
import { ErrorNotice } from '../../../shared/ui/plain/ErrorNotice';
import { Notice } from '../../../shared/ui/plain/Notice';
import { ShellButton } from '../../../shared/ui/ShellButton';
import { confirmRegistration } from '../api';
import { BackButton } from './BackButton';
import { StepFrame } from './StepFrame';
import { useSubmission } from './submission';

type Props = {
  kind: RegistrationKind;
  phase: EnrolmentPhase;
  player: PlayerLookup;
  details: RegistrationDetails;
  draftId: string;
  photo: Blob;
  consents?: ConsentChoices;
  onConfirmed: (confirmed: ConfirmedRegistration) => void;
  onBack: () => void;
};

/** Step 7: the summary with the photo, and the confirmation. */
export function ConfirmStep({ kind, phase, player, details, draftId, photo, consents, onConfirmed, onBack }: Props) {
  const { t } = useTranslation('enrolment');
  const edition = useEdition();
  const language = currentLanguage();
  const [photoUrl, setPhotoUrl] = useState<string | null>(null);
  useEffect(() => {
    const url = URL.createObjectURL(photo);
    setPhotoUrl(url);
    return () => URL.revokeObjectURL(url);
  }, [photo]);
  const confirm = useSubmission(() => confirmRegistration(draftId, consents), onConfirmed);
  const feeCents = registrationFeeCents(edition, kind, player.fideTitle, phase === 'late');
  const rows: [string, string][] = [
    [t('details.player'), `${player.firstName} ${player.lastName}`],
    [t('lookup.idbel'), String(player.idbel ?? '—')],
    [t('details.birthYear'), String(player.birthYear ?? '')],
    [t('details.club'), player.clubName ?? ''],
    [t('details.category'), t(`categories.${details.category}`, { defaultValue: details.category })],
    [t('details.email'), details.email],
    [t('details.mobile'), details.mobile],
    [t('details.parent'), [details.parent.fullName, details.parent.email, details.parent.mobile].filter(Boolean).join(' · ')],
    [t('details.attendant'), [details.attendant.fullName, details.attendant.email, details.attendant.mobile].filter(Boolean).join(' · ')],
    [t('confirm.fee'), formatMoney(feeCents, language)],
  ];
  return (
    <StepFrame
      title={t('confirm.title')}
      actions={
        <>
          <BackButton onBack={onBack} />
          <ShellButton variant="contained" color="success" size="large" disabled={confirm.pending} onClick={() => confirm.run()} data-testid="wizard-confirm">
            {t('confirm.submit')}
          </ShellButton>
        </>
      }
    >
      <div className="bjk-split bjk-confirm">
        {photoUrl && <img src={photoUrl} alt={t('photo.previewAlt')} className="bjk-enrol-photo" />}
        <dl className="bjk-confirm-summary" data-testid="confirm-summary">
          {rows
            .filter(([, value]) => value !== '')
            .map(([label, value]) => (
              <div key={label} className="bjk-confirm-row">
                <dt className="bjk-body2 bjk-secondary">{label}</dt>
                <dd className="bjk-body2">{value}</dd>
              </div>
            ))}
        </dl>
      </div>
      {phase === 'late' && (
        <Notice severity="warning" testId="late-fee">
          {t('lateFee', { fee: formatMoney(edition.fees.lateFeeCents, language) })}
        </Notice>
      )}
      {confirm.failure !== null && <ErrorNotice error={confirm.failure} submit />}
    </StepFrame>
  );
}
