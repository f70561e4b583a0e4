import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import CameraIcon from '@mui/icons-material/PhotoCamera';
import QrIcon from '@mui/icons-material/QrCodeScanner';
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { cameraAvailable, readQrCodes } from './qr-reader';

/**
 * The badge still held up is not a second scan: the same code is read again only after a frame without it and this
 * long after it was last seen (a family handing their badges over one after the other shows a new code anyway).
 */
const SAME_CODE_MS = 3_000;
/** How often a camera frame is read (a phone's battery lasts the day). */
const FRAME_MS = 200;

/**
 * Reads a badge's QR code: from the phone's camera (a secure context only), or from a photo of the code (a file
 * input that opens the camera app on a phone), which also works on a plain http address.
 */
export function Scanner({ onCode }: { onCode: (text: string) => void }) {
  const { t } = useTranslation('desk');
  const secure = cameraAvailable();
  const [running, setRunning] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const video = useRef<HTMLVideoElement>(null);
  const photoInput = useRef<HTMLInputElement>(null);
  const handler = useRef(onCode);
  handler.current = onCode;

  useEffect(() => {
    if (!running) return;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | null = null;
    let stopped = false;
    let last = { text: '', at: 0, gone: false };
    const readFrame = async () => {
      const element = video.current;
      if (stopped || !element) return;
      if (element.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA && element.videoWidth > 0) {
        try {
          const codes = await readQrCodes(element);
          const now = Date.now();
          if (!codes.includes(last.text)) last.gone = true;
          for (const text of codes) {
            if (text === last.text && (!last.gone || now - last.at < SAME_CODE_MS)) {
              last.at = now;
              continue;
            }
            last = { text, at: now, gone: false };
            handler.current(text);
          }
        } catch {
          // A frame that cannot be read (the video is between sizes): the next one.
        }
      }
      if (!stopped) timer = setTimeout(() => void readFrame(), FRAME_MS);
    };
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: 'environment' }, audio: false })
      .then(async (media) => {
        stream = media;
        if (stopped || !video.current) return media.getTracks().forEach((track) => track.stop());
        video.current.srcObject = media;
        await video.current.play();
        void readFrame();
      })
      .catch((error: unknown) => {
        setProblem(t('camera.denied', { reason: (error as Error).message || String(error) }));
        setRunning(false);
      });
    return () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, [running, t]);

  const readPhoto = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setProblem(null);
    try {
      const bitmap = await createImageBitmap(file);
      const [text] = await readQrCodes(bitmap);
      bitmap.close();
      if (text) onCode(text);
      else setProblem(t('camera.noCode'));
    } catch {
      setProblem(t('camera.noCode'));
    }
  };

  return (
    <Stack spacing={1}>
      {!secure && (
        <Alert severity="info" data-testid="desk-camera-needs-https">
          {t('camera.needsHttps')}
        </Alert>
      )}
      {problem && (
        <Alert severity="warning" data-testid="desk-camera-problem">
          {problem}
        </Alert>
      )}
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {secure && (
          <Button
            variant={running ? 'outlined' : 'contained'}
            startIcon={<QrIcon />}
            onClick={() => (setProblem(null), setRunning((r) => !r))}
            data-testid="desk-camera-toggle"
          >
            {running ? t('camera.stop') : t('camera.start')}
          </Button>
        )}
        <Button variant={secure ? 'text' : 'contained'} startIcon={<CameraIcon />} onClick={() => photoInput.current?.click()}>
          {t('camera.photo')}
        </Button>
        <input
          ref={photoInput}
          hidden
          type="file"
          accept="image/*"
          capture="environment"
          aria-label={t('camera.photo')}
          onChange={(e) => void readPhoto(e)}
          data-testid="desk-photo-input"
        />
      </Stack>
      {running && (
        <Box
          component="video"
          ref={video}
          muted
          playsInline
          aria-label={t('camera.video')}
          data-testid="desk-video"
          sx={{ width: '100%', maxHeight: '45vh', objectFit: 'cover', borderRadius: 1, bgcolor: 'black' }}
        />
      )}
    </Stack>
  );
}
