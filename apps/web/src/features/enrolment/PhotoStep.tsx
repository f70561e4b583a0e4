import PhotoCameraIcon from '@mui/icons-material/PhotoCamera';
import ImageIcon from '@mui/icons-material/Image';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Slider from '@mui/material/Slider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useState } from 'react';
import Cropper from 'react-easy-crop';
import { useTranslation } from 'react-i18next';
import { cropToJpeg, type PixelArea } from './crop';

type Props = {
  /** The cropped photo already made (going back to this step shows it). */
  photo: Blob | null;
  onCropped: (photo: Blob | null) => void;
};

/** Step 5: choose a picture (or take one on a phone), crop it to a 4:5 portrait with zoom, preview. */
export function PhotoStep({ photo, onCropped }: Props) {
  const { t } = useTranslation('enrolment');
  const [source, setSource] = useState<string | null>(null);
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [area, setArea] = useState<PixelArea | null>(null);
  const [failed, setFailed] = useState(false);
  const [preview, setPreview] = useState<string | null>(null);

  useEffect(() => {
    if (!photo) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(photo);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [photo]);

  useEffect(() => () => {
    if (source) URL.revokeObjectURL(source);
  }, [source]);

  const choose = (files: FileList | null) => {
    const file = files?.[0];
    if (!file) return;
    setFailed(!file.type.startsWith('image/'));
    if (!file.type.startsWith('image/')) return;
    setSource(URL.createObjectURL(file));
    setZoom(1);
    setCrop({ x: 0, y: 0 });
    onCropped(null);
  };

  const onCropComplete = useCallback((_: unknown, pixels: PixelArea) => setArea(pixels), []);

  const applyCrop = async () => {
    if (!source || !area) return;
    try {
      onCropped(await cropToJpeg(source, area));
      setSource(null);
    } catch {
      setFailed(true);
    }
  };

  return (
    <Stack spacing={2}>
      <Typography>{t('photo.intro')}</Typography>
      {failed && <Alert severity="error">{t('photo.notImage')}</Alert>}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
        <Button component="label" variant="outlined" startIcon={<PhotoCameraIcon />} sx={{ display: { sm: 'none' } }}>
          {t('photo.take')}
          <input hidden type="file" accept="image/*" capture="user" data-testid="photo-camera" onChange={(e) => choose(e.target.files)} />
        </Button>
        <Button component="label" variant="outlined" startIcon={<ImageIcon />}>
          {t('photo.choose')}
          <input hidden type="file" accept="image/*" data-testid="photo-file" onChange={(e) => choose(e.target.files)} />
        </Button>
      </Stack>
      {source && (
        <Stack spacing={1}>
          <Box sx={{ position: 'relative', width: '100%', height: { xs: 360, sm: 420 }, bgcolor: 'grey.900', borderRadius: 1, overflow: 'hidden' }}>
            <Cropper image={source} crop={crop} zoom={zoom} aspect={4 / 5} onCropChange={setCrop} onZoomChange={setZoom} onCropComplete={onCropComplete} />
          </Box>
          <Typography id="zoom-label" variant="body2">
            {t('photo.zoom')}
          </Typography>
          <Slider value={zoom} min={1} max={3} step={0.05} aria-labelledby="zoom-label" onChange={(_, value) => setZoom(value as number)} />
          <Button variant="contained" onClick={() => void applyCrop()} disabled={!area} data-testid="photo-use">
            {t('photo.use')}
          </Button>
        </Stack>
      )}
      {preview && !source && (
        <Stack spacing={1} sx={{ alignItems: 'center' }}>
          <Box component="img" src={preview} alt={t('photo.previewAlt')} sx={{ width: 160, height: 200, objectFit: 'cover', borderRadius: 1, boxShadow: 1 }} data-testid="photo-preview" />
          <Typography variant="body2" color="text.secondary">
            {t('photo.previewHelp')}
          </Typography>
        </Stack>
      )}
    </Stack>
  );
}
