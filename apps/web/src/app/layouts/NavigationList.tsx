import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import type { NavGroup } from '../navigation';

type Props = { groups: NavGroup[]; onNavigate?: () => void; label: string };

// Plain links styled like MUI's list (MUI List components would add ~4 kB gzip to the home page).
const linkSx = {
  display: 'block',
  px: 2,
  py: 1,
  color: 'text.primary',
  textDecoration: 'none',
  fontSize: '0.95rem',
  '&:hover': { bgcolor: 'action.hover' },
  '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: -2 },
  '&.active': { bgcolor: 'action.selected', fontWeight: 600 },
} as const;

export function NavigationList({ groups, onNavigate, label }: Props) {
  const { t } = useTranslation('common');
  const id = useId();
  return (
    <nav aria-label={label}>
      {groups
        .filter((group) => group.items.length > 0)
        .map((group) => (
          <Box key={group.key} sx={{ pb: 1 }}>
            <Typography component="h2" id={`${id}-${group.key}`} variant="overline" sx={{ display: 'block', px: 2, pt: 1.5, color: 'text.secondary' }}>
              {t(group.labelKey)}
            </Typography>
            <Box component="ul" aria-labelledby={`${id}-${group.key}`} sx={{ listStyle: 'none', m: 0, p: 0 }}>
              {group.items.map((item) => (
                <li key={item.to}>
                  <Box component={NavLink} to={item.to} end onClick={onNavigate} sx={linkSx}>
                    {'label' in item ? item.label : t(item.labelKey)}
                  </Box>
                </li>
              ))}
            </Box>
          </Box>
        ))}
    </nav>
  );
}
