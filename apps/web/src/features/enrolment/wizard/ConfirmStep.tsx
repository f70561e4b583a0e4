import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
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
import { ErrorAlert } from '../../../shared/ui/ErrorAlert';
import { confirmRegistration } from '../api';
import { BackButton } from './BackButton';
import { StepFrame } from './StepFrame';

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
  const confirm = useMutation({ mutationFn: () => confirmRegistration(draftId, consents), onSuccess: onConfirmed });
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
          <Button variant="contained" size="large" color="success" disabled={confirm.isPending} onClick={() => confirm.mutate()} data-testid="wizard-confirm">
            {t('confirm.submit')}
          </Button>
        </>
      }
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { xs: 'center', sm: 'flex-start' } }}>
        {photoUrl && (
          <Box
            component="img"
            src={photoUrl}
            alt={t('photo.previewAlt')}
            sx={{ width: 160, height: 200, objectFit: 'cover', borderRadius: 1, boxShadow: 1, flexShrink: 0 }}
          />
        )}
        <Box
          component="dl"
          sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5, width: '100%' }}
          data-testid="confirm-summary"
        >
          {rows
            .filter(([, value]) => value !== '')
            .map(([label, value]) => (
              <Box key={label} sx={{ display: 'contents' }}>
                <Typography component="dt" color="textSecondary" variant="body2">
                  {label}
                </Typography>
                <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
                  {value}
                </Typography>
              </Box>
            ))}
        </Box>
      </Stack>
      {phase === 'late' && (
        <Alert severity="warning" data-testid="late-fee">
          {t('lateFee', { fee: formatMoney(edition.fees.lateFeeCents, language) })}
        </Alert>
      )}
      {confirm.isError && <ErrorAlert error={confirm.error} submit />}
    </StepFrame>
  );
}
