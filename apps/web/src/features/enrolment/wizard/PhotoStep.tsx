import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorNotice } from '../../../shared/ui/plain/ErrorNotice';
import { Progress } from '../../../shared/ui/plain/Progress';
import { ShellButton } from '../../../shared/ui/ShellButton';
import { uploadPhoto } from '../api';
import { BackButton } from './BackButton';
import { PhotoPicker } from './PhotoPicker';
import { StepFrame } from './StepFrame';
import { useSubmission } from './submission';

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
  const upload = useSubmission(
    (blob: Blob) => uploadPhoto(draftId, blob),
    (_, blob) => onUploaded(blob),
  );
  return (
    <StepFrame
      title={t('photo.title')}
      actions={
        <>
          <BackButton onBack={onBack} />
          <ShellButton
            variant="contained"
            size="large"
            disabled={!photo || upload.pending}
            onClick={() => photo && (photo === kept.uploaded ? onUploaded(photo) : upload.run(photo))}
            data-testid="wizard-next"
          >
            {t('next')}
          </ShellButton>
        </>
      }
    >
      <PhotoPicker photo={photo} onCropped={setPhoto} />
      {upload.pending && <Progress label={t('photo.uploading')} />}
      {upload.failure !== null && <ErrorNotice error={upload.failure} submit />}
    </StepFrame>
  );
}
