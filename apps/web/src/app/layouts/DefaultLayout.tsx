import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { Suspense, lazy, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEdition } from '../../shared/edition/useEdition';
import { formatIban } from '../../shared/format';
import { currentLanguage } from '../../shared/i18n';
import { usePublicMenu } from '../public-menu';
import { AppShell } from './AppShell';

const SponsorCarousel = lazy(() => import('../../features/files/SponsorCarousel'));

/**
 * The sponsors' strip above the footer loads once the visitor starts using the page (scrolls, points,
 * types), never with the first page itself: the home page's JavaScript budget.
 */
function SponsorsAfterFirstUse() {
  const [used, setUsed] = useState(false);
  useEffect(() => {
    const events = ['scroll', 'pointermove', 'pointerdown', 'keydown', 'touchstart'];
    const onUse = () => setUsed(true);
    for (const type of events) window.addEventListener(type, onUse, { once: true, passive: true });
    return () => {
      for (const type of events) window.removeEventListener(type, onUse);
    };
  }, []);
  return used ? (
    <Suspense fallback={null}>
      <SponsorCarousel />
    </Suspense>
  ) : null;
}

function Footer() {
  const { t } = useTranslation('common');
  const edition = useEdition();
  const { organiser, bank } = edition;
  return (
    <Box component="footer" sx={{ bgcolor: 'primary.main', color: 'primary.contrastText', px: { xs: 2, sm: 3 }, py: 3, mt: 4 }}>
      <Box sx={{ maxWidth: 1200, mx: 'auto', display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <Box>
          <Typography variant="subtitle1" component="p" sx={{ fontWeight: 600 }}>
            {organiser.name}
          </Typography>
          <Typography variant="body2" component="address" sx={{ fontStyle: 'normal' }}>
            {organiser.address}
          </Typography>
          <Typography variant="body2">
            <Box component="a" href={`mailto:${organiser.email}`} sx={{ color: 'inherit' }} data-testid="footer-email">
              {organiser.email}
            </Box>
          </Typography>
        </Box>
        <Box>
          <Typography variant="body2" data-testid="footer-vat">
            {t('footer.vat', { vat: organiser.vatNumber })}
          </Typography>
          <Typography variant="body2" data-testid="footer-iban">
            {t('footer.iban', { iban: formatIban(bank.iban), bic: bank.bic })}
          </Typography>
        </Box>
      </Box>
    </Box>
  );
}

/** The public site's layout. */
export function DefaultLayout() {
  const { t } = useTranslation('common');
  const edition = useEdition();
  const language = currentLanguage();
  const navigation = usePublicMenu(language);
  return (
    <AppShell
      title={edition.name[language]}
      shortTitle={edition.shortName[language]}
      homePath="/"
      navigation={navigation}
      navigationLabel={t('nav.label')}
      footer={
        <>
          <SponsorsAfterFirstUse />
          <Footer />
        </>
      }
    />
  );
}
