import PhotoCameraIcon from '@mui/icons-material/PhotoCamera';
import ImageIcon from '@mui/icons-material/Image';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Slider from '@mui/material/Slider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useRef, useState } from 'react';
import Cropper from 'react-easy-crop';
import { useTranslation } from 'react-i18next';
import { BADGE_PHOTO_MIN } from '@bjk/domain/enrolment';
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
    <Stack spacing={2}>
      <Typography>{t('photo.intro')}</Typography>
      {shown && (
        <Alert severity="error" data-testid="photo-problem">
          {shown.kind === 'notImage'
            ? t('photo.notImage')
            : t(`photo.${shown.kind}`, { ...shown.size, minWidth: BADGE_PHOTO_MIN.width, minHeight: BADGE_PHOTO_MIN.height })}
        </Alert>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
        {/* Real buttons that open hidden file inputs: a label styled as a button is no button to assistive technology. */}
        <Button variant="outlined" startIcon={<PhotoCameraIcon />} sx={{ display: { sm: 'none' } }} onClick={() => cameraInput.current?.click()}>
          {t('photo.take')}
        </Button>
        <input ref={cameraInput} hidden type="file" accept="image/*" capture="user" data-testid="photo-camera" onChange={(e) => void choose(e.target.files)} />
        <Button variant="outlined" startIcon={<ImageIcon />} onClick={() => fileInput.current?.click()}>
          {t('photo.choose')}
        </Button>
        <input ref={fileInput} hidden type="file" accept="image/*" data-testid="photo-file" onChange={(e) => void choose(e.target.files)} />
      </Stack>
      {source && (
        <Stack spacing={1}>
          <Box sx={{ position: 'relative', width: '100%', height: { xs: 360, sm: 420 }, bgcolor: 'grey.900', borderRadius: 1, overflow: 'hidden' }}>
            <Cropper image={source} crop={crop} zoom={zoom} aspect={4 / 5} onCropChange={setCrop} onZoomChange={setZoom} onCropComplete={onCropComplete} />
          </Box>
          <Typography id="zoom-label" variant="body2">
            {t('photo.zoom')}
          </Typography>
          <Slider value={zoom} min={1} max={3} step={0.05} aria-labelledby="zoom-label" onChange={(_, value) => setZoom(value)} />
          <Button variant="contained" onClick={() => void applyCrop()} disabled={!area || !!areaTooSmall} data-testid="photo-use">
            {t('photo.use')}
          </Button>
        </Stack>
      )}
      {preview && !source && (
        <Stack spacing={1} sx={{ alignItems: 'center' }}>
          <Box
            component="img"
            src={preview}
            alt={t('photo.previewAlt')}
            sx={{ width: 160, height: 200, objectFit: 'cover', borderRadius: 1, boxShadow: 1 }}
            data-testid="photo-preview"
          />
          <Typography variant="body2" color="textSecondary">
            {t('photo.previewHelp')}
          </Typography>
        </Stack>
      )}
    </Stack>
  );
}
