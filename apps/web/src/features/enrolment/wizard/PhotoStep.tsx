import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../shared/ui/ErrorAlert';
import { uploadPhoto } from '../api';
import { BackButton } from './BackButton';
import { PhotoPicker } from './PhotoPicker';
import { StepFrame } from './StepFrame';

type Props = {
  draftId: string;
  /** The photo chosen before going back, and the one the server already has. */
  kept: { photo?: Blob; uploaded?: Blob };
  onUploaded: (photo: Blob) => void;
  onBack: () => void;
};

/** Step 5: the badge photo, cropped in the browser and uploaded to the draft. */
export function PhotoStep({ draftId, kept, onUploaded, onBack }: Props) {
  const { t } = useTranslation('enrolment');
  const [photo, setPhoto] = useState<Blob | null>(kept.photo ?? null);
  const upload = useMutation({
    mutationFn: (blob: Blob) => uploadPhoto(draftId, blob),
    onSuccess: (_, blob) => onUploaded(blob),
  });
  return (
    <StepFrame
      title={t('photo.title')}
      actions={
        <>
          <BackButton onBack={onBack} />
          <Button
            variant="contained"
            size="large"
            disabled={!photo || upload.isPending}
            onClick={() => photo && (photo === kept.uploaded ? onUploaded(photo) : upload.mutate(photo))}
            data-testid="wizard-next"
          >
            {t('next')}
          </Button>
        </>
      }
    >
      <PhotoPicker photo={photo} onCropped={setPhoto} />
      {upload.isPending && <LinearProgress aria-label={t('photo.uploading')} />}
      {upload.isError && <ErrorAlert error={upload.error} submit />}
    </StepFrame>
  );
}
