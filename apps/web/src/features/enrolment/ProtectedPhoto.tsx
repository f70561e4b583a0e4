import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { protectedPhotoQuery } from './mgmt-api';

/** A photo behind a manager permission: fetched with the token, shown from an object URL. */
export function ProtectedPhoto({ path, version }: { path: string; version?: unknown }) {
  const { t } = useTranslation('enrolment');
  const query = useQuery(protectedPhotoQuery(path, version));
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!query.data) return;
    const next = URL.createObjectURL(query.data);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [query.data]);
  if (query.isError) return <Typography color="textSecondary">{t('mgmt.noPhoto')}</Typography>;
  if (!url) return <Box sx={{ width: 160, height: 200, bgcolor: 'grey.100', borderRadius: 1 }} />;
  return (
    <Box
      component="img"
      src={url}
      alt={t('photo.previewAlt')}
      sx={{ width: 160, height: 200, objectFit: 'cover', borderRadius: 1, boxShadow: 1 }}
      data-testid="mgmt-photo"
    />
  );
}
