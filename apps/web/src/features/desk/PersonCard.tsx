import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { PaymentStanding, RosterPerson } from '@bjk/domain/desk';
import { formatDate, formatDateTime } from '../../shared/format';
import { currentLanguage } from '../../shared/i18n';
import type { KnownScan } from './desk-sync';

const PAYMENT_COLORS: Record<PaymentStanding, 'success' | 'error' | 'default'> = {
  paid: 'success',
  partially_paid: 'error',
  open: 'error',
  none: 'default',
};

function PaymentChip({ label, standing, testId }: { label: string; standing: PaymentStanding; testId: string }) {
  const { t } = useTranslation('desk');
  return (
    <Chip
      size="small"
      color={PAYMENT_COLORS[standing]}
      variant={standing === 'none' ? 'outlined' : 'filled'}
      label={`${label}: ${t(`payment.${standing}`)}`}
      data-testid={testId}
      data-standing={standing}
    />
  );
}

/** What the desk sees of a person: photo, name, category, payments (unpaid in red), stay, and what was recorded. */
export function PersonCard({ person, scans, timeZone }: { person: RosterPerson; scans: KnownScan[]; timeZone: string }) {
  const { t } = useTranslation('desk');
  const language = currentLanguage();
  const name = `${person.firstName} ${person.lastName}`;
  const time = (instant: string) => formatDateTime(instant, language, timeZone, { timeStyle: 'short' });
  const day = (date: string) => formatDate(date, language, { day: 'numeric', month: 'short' });
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="desk-card" data-badge={person.badgeId}>
      <Stack direction="row" spacing={2}>
        {person.thumbnail ? (
          <Box
            component="img"
            src={person.thumbnail}
            alt={t('card.photo', { name })}
            sx={{ width: 96, height: 120, objectFit: 'cover', borderRadius: 1, flexShrink: 0 }}
          />
        ) : (
          <Box sx={{ width: 96, height: 120, borderRadius: 1, bgcolor: 'action.hover', flexShrink: 0 }} />
        )}
        <Stack spacing={0.75} sx={{ minWidth: 0 }}>
          <Typography variant="h2" component="h2" sx={{ fontSize: '1.35rem', overflowWrap: 'anywhere' }} data-testid="desk-card-name">
            {name}
          </Typography>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
            <Box component="span" sx={{ width: 14, height: 14, borderRadius: '50%', bgcolor: person.categoryColor, border: 1, borderColor: 'divider' }} />
            <Typography component="span" sx={{ fontWeight: 600 }} data-testid="desk-card-category">
              {person.category}
            </Typography>
            {person.mealsLabel && <Chip size="small" variant="outlined" label={person.mealsLabel} />}
          </Stack>
          {person.holder === 'participant' && <PaymentChip label={t('card.payment')} standing={person.payment} testId="desk-card-payment" />}
        </Stack>
      </Stack>
      <Stack spacing={0.5} sx={{ mt: 1.5 }}>
        <Typography variant="subtitle2" component="h3">
          {t('card.lodging')}
        </Typography>
        {person.lodging ? (
          <Box data-testid="desk-card-lodging">
            <Typography>
              {person.lodging.rooms.length ? t('card.room', { rooms: person.lodging.rooms.join(', ') }) : t('card.noRoom')} · {person.lodging.roomType} ·{' '}
              {person.lodging.reservationNumber}
            </Typography>
            <Typography>
              {t('card.nights', { count: person.lodging.nights, from: day(person.lodging.arrivalDate), to: day(person.lodging.departureDate) })} ·{' '}
              {t(`card.mealPlan.${person.lodging.mealPlan}`)}
            </Typography>
            <Box sx={{ mt: 0.5 }}>
              <PaymentChip label={t('card.stayPayment')} standing={person.lodging.payment} testId="desk-card-stay-payment" />
            </Box>
          </Box>
        ) : (
          <Typography color="textSecondary">{t('card.noLodging')}</Typography>
        )}
      </Stack>
      <Stack spacing={0.5} sx={{ mt: 1.5 }}>
        <Typography variant="subtitle2" component="h3">
          {t('card.today')}
        </Typography>
        {scans.length === 0 && <Typography color="textSecondary">{t('card.nothingToday')}</Typography>}
        <Box component="ul" sx={{ m: 0, pl: 2.5 }} data-testid="desk-card-scans">
          {scans.map((scan) => (
            <li key={scan.id} data-status={scan.status} data-pending={scan.pending}>
              {time(scan.scannedAt)} · {t(`mode.${scan.mode}`)}
              {scan.meal ? ` (${t(`meal.${scan.meal.meal}`)} ${day(scan.meal.date)})` : ''} · {scan.desk}
              {scan.status === 'repeat' && ` · ${t('card.repeat')}`}
              {scan.pending && ` · ${t('card.pending')}`}
            </li>
          ))}
        </Box>
      </Stack>
    </Paper>
  );
}
