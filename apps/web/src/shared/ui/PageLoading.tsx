import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';

/** A light spinner (MUI's CircularProgress would weigh on the home page's budget). */
export function PageLoading() {
  const { t } = useTranslation('common');
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }} role="progressbar" aria-label={t('loading')}>
      <Box
        sx={{
          width: 40,
          height: 40,
          borderRadius: '50%',
          border: '4px solid',
          borderColor: 'action.hover',
          borderTopColor: 'primary.main',
          animation: 'bjk-spin 0.9s linear infinite',
          '@keyframes bjk-spin': { to: { transform: 'rotate(360deg)' } },
          '@media (prefers-reduced-motion: reduce)': { animationDuration: '3s' },
        }}
      />
    </Box>
  );
}
