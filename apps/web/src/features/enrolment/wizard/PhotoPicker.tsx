import { useCallback, useEffect, useRef, useState } from 'react';
import Cropper from 'react-easy-crop';
import { useTranslation } from 'react-i18next';
import { BADGE_PHOTO_MIN } from '@bjk/domain/enrolment';
import { RangeInput } from '../../../shared/ui/plain/fields';
import { Icon } from '../../../shared/ui/plain/Icon';
import { Notice } from '../../../shared/ui/plain/Notice';
import { ShellButton } from '../../../shared/ui/ShellButton';
import { croppedSize, cropToJpeg, largeEnough, measurePicture, type PixelArea, type PixelSize } from './crop';

type Props = {
  /** The cropped photo already made (going back to this step shows it). */
  photo: Blob | null;
  onCropped: (photo: Blob | null) => void;
};

/** Why a chosen file gives no photo: no picture at all, or fewer pixels than the badge needs. */
type Problem = { kind: 'notImage' } | { kind: 'tooSmall' | 'cropTooSmall'; size: PixelSize };

/** Choose a picture (or take one on a phone), crop it to a 4:5 portrait with zoom, preview. */
export function PhotoPicker({ photo, onCropped }: Props) {
  const { t } = useTranslation('enrolment');
  const [source, setSource] = useState<string | null>(null);
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [area, setArea] = useState<PixelArea | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const cameraInput = useRef<HTMLInputElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (!photo) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(photo);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [photo]);

  useEffect(
    () => () => {
      if (source) URL.revokeObjectURL(source);
    },
    [source],
  );

  const choose = async (files: FileList | null) => {
    const file = files?.[0];
    if (!file) return;
    setProblem(null);
    setSource(null);
    onCropped(null);
    // The type comes from the file name: a renamed document claims image/jpeg. Decoding it is the real test.
    let size: PixelSize;
    try {
      size = await measurePicture(file);
    } catch {
      setProblem({ kind: 'notImage' });
      return;
    }
    if (!largeEnough(size)) {
      setProblem({ kind: 'tooSmall', size });
      return;
    }
    setSource(URL.createObjectURL(file));
    setZoom(1);
    setCrop({ x: 0, y: 0 });
  };

  const onCropComplete = useCallback((_: unknown, pixels: PixelArea) => setArea(pixels), []);
  const areaTooSmall =
    area && !croppedSize(area) ? { kind: 'cropTooSmall' as const, size: { width: Math.round(area.width), height: Math.round(area.height) } } : null;
  const shown = problem ?? (source ? areaTooSmall : null);

  const applyCrop = async () => {
    if (!source || !area || !croppedSize(area)) return;
    try {
      onCropped(await cropToJpeg(source, area));
      setSource(null);
    } catch {
      setProblem({ kind: 'notImage' });
    }
  };

  return (
    <div className="bjk-stack">
      <p className="bjk-body1">{t('photo.intro')}</p>
      {shown && (
        <Notice severity="error" role="alert" testId="photo-problem">
          {shown.kind === 'notImage'
            ? t('photo.notImage')
            : t(`photo.${shown.kind}`, { ...shown.size, minWidth: BADGE_PHOTO_MIN.width, minHeight: BADGE_PHOTO_MIN.height })}
        </Notice>
      )}
      <div className="bjk-photo-sources">
        {/* Real buttons that open hidden file inputs: a label styled as a button is no button to assistive technology. */}
        <ShellButton variant="outlined" className="bjk-photo-camera" onClick={() => cameraInput.current?.click()}>
          <Icon name="photoCamera" size={20} />
          {t('photo.take')}
        </ShellButton>
        <input ref={cameraInput} hidden type="file" accept="image/*" capture="user" data-testid="photo-camera" onChange={(e) => void choose(e.target.files)} />
        <ShellButton variant="outlined" onClick={() => fileInput.current?.click()}>
          <Icon name="image" size={20} />
          {t('photo.choose')}
        </ShellButton>
        <input ref={fileInput} hidden type="file" accept="image/*" data-testid="photo-file" onChange={(e) => void choose(e.target.files)} />
      </div>
      {source && (
        <div className="bjk-stack bjk-photo-crop">
          <div className="bjk-photo-cropper">
            <Cropper image={source} crop={crop} zoom={zoom} aspect={4 / 5} onCropChange={setCrop} onZoomChange={setZoom} onCropComplete={onCropComplete} />
          </div>
          <RangeInput label={t('photo.zoom')} value={zoom} min={1} max={3} step={0.05} onChange={(e) => setZoom(Number(e.target.value))} />
          <ShellButton variant="contained" onClick={() => void applyCrop()} disabled={!area || !!areaTooSmall} data-testid="photo-use">
            {t('photo.use')}
          </ShellButton>
        </div>
      )}
      {preview && !source && (
        <div className="bjk-photo-preview">
          <img src={preview} alt={t('photo.previewAlt')} className="bjk-enrol-photo" data-testid="photo-preview" />
          <p className="bjk-body2 bjk-secondary">{t('photo.previewHelp')}</p>
        </div>
      )}
    </div>
  );
}
