import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import type { Sponsor } from '@bjk/domain/files';
import { loadPublicSponsors } from './api';

/** Pause and play glyphs drawn inline: an icon library would weigh more than the whole carousel. */
const PAUSE = 'M6 19h4V5H6v14zm8-14v14h4V5h-4z';
const PLAY = 'M8 5v14l11-7z';

const STEP_MS = 5000;

const logoUrl = (logo: { group: string; name: string }) => `/api/v1/filestore/anon/file?${new URLSearchParams(logo)}`;
const reducedMotion = '(prefers-reduced-motion: reduce)';

function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    (listener) => {
      const query = window.matchMedia(reducedMotion);
      query.addEventListener('change', listener);
      return () => query.removeEventListener('change', listener);
    },
    () => window.matchMedia(reducedMotion).matches,
  );
}

/**
 * The sponsors' logos, turning one place every few seconds. It stops while pointed at or focused,
 * with its pause button, and never moves for visitors who ask for reduced motion (WCAG 2.2.2).
 */
export default function SponsorCarousel() {
  const { t } = useTranslation('files');
  const [list, setList] = useState<Sponsor[]>([]);
  const reduced = usePrefersReducedMotion();
  const [paused, setPaused] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [offset, setOffset] = useState(0);
  const moving = !reduced && !paused && !hovered && list.length > 1;

  // A plain request, not TanStack Query: the layout is on every page, the home page included, and
  // stays light; without sponsors (or on a failure) the strip is simply not shown.
  useEffect(() => {
    const controller = new AbortController();
    loadPublicSponsors(controller.signal).then(setList, () => setList([]));
    return () => controller.abort();
  }, []);

  useEffect(() => {
    if (!moving) return;
    const timer = window.setInterval(() => setOffset((o) => o + 1), STEP_MS);
    return () => window.clearInterval(timer);
  }, [moving]);

  if (list.length === 0) return null;
  const ordered = list.map((_, i) => list[(i + offset) % list.length]!);
  return (
    <Box
      component="section"
      aria-label={t('sponsors.label')}
      data-testid="sponsors"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setHovered(true)}
      onBlur={() => setHovered(false)}
      sx={{ borderTop: 1, borderColor: 'divider', bgcolor: 'background.paper', px: { xs: 2, sm: 3 }, py: 2 }}
    >
      <Box sx={{ maxWidth: 1200, mx: 'auto', display: 'flex', alignItems: 'center', gap: 2 }}>
        <Typography variant="subtitle2" component="h2" sx={{ flexShrink: 0, display: { xs: 'none', sm: 'block' } }}>
          {t('sponsors.title')}
        </Typography>
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', gap: 2, overflow: 'hidden', flexGrow: 1, minWidth: 0 }}>
          {ordered.map((sponsor) => (
            <Box
              component="li"
              key={`${sponsor.id}-${offset}`}
              sx={{
                flexShrink: 0,
                '@media (prefers-reduced-motion: no-preference)': { animation: 'bjk-sponsor-in 600ms ease-out' },
                '@keyframes bjk-sponsor-in': { from: { opacity: 0.5 }, to: { opacity: 1 } },
              }}
            >
              <a href={sponsor.url} target="_blank" rel="noopener noreferrer">
                <Box
                  component="img"
                  src={logoUrl(sponsor.logo)}
                  alt={sponsor.name}
                  loading="lazy"
                  width={160}
                  height={60}
                  sx={{ display: 'block', width: 160, height: 60, objectFit: 'contain' }}
                />
              </a>
            </Box>
          ))}
        </Box>
        {!reduced && list.length > 1 && (
          <Box
            component="button"
            type="button"
            onClick={() => setPaused((p) => !p)}
            aria-pressed={paused}
            aria-label={paused ? t('sponsors.play') : t('sponsors.pause')}
            data-testid="sponsors-pause"
            sx={{
              flexShrink: 0,
              width: 44,
              height: 44,
              display: 'grid',
              placeItems: 'center',
              border: 0,
              borderRadius: '50%',
              bgcolor: 'transparent',
              color: 'text.secondary',
              cursor: 'pointer',
              '&:hover': { bgcolor: 'action.hover' },
              '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineStyle: 'solid' },
            }}
          >
            <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
              <path d={paused ? PLAY : PAUSE} fill="currentColor" />
            </svg>
          </Box>
        )}
      </Box>
    </Box>
  );
}
