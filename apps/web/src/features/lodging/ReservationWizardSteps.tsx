import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Controller, type FieldErrors, type UseFieldArrayReturn, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { addDays } from '@bjk/domain/dates';
import type { EditionSettings } from '@bjk/domain/edition';
import type { ReservationWizardValues } from '@bjk/domain/lodging';
import { ageGroupOf, findRoomType, mealPlansFor, normalStayDates, offeredRoomTypes } from '@bjk/domain/lodging-pricing';
import { formatDate, formatMoney } from '../../shared/format';
import { currentLanguage } from '../../shared/i18n';
import { fieldError } from './messages';

/**
 * The reservation wizard's steps, one component each, over the form the wizard holds (its values live in
 * react-hook-form, so going back and forth keeps them); ReservationForm owns the values, the checks before
 * "next" and the submission.
 */
type WizardForm = UseFormReturn<ReservationWizardValues>;
type WizardErrors = FieldErrors<ReservationWizardValues>;
type RoomType = NonNullable<ReturnType<typeof findRoomType>>;

export const emptyGuest = () => ({ firstName: '', lastName: '', birthDate: '', participates: false });
/** Who asks: name, e-mail, mobile and address of the responsible adult. */
export function ContactStep({ form, errors }: { form: WizardForm; errors: WizardErrors }) {
  const { t } = useTranslation('lodging');
  return (
    <Stack spacing={2}>
      <Typography color="textSecondary">{t('contact.intro')}</Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <TextField
          label={t('fields.firstName')}
          required
          autoComplete="given-name"
          error={!!errors.contact?.firstName}
          helperText={fieldError(t, errors.contact?.firstName?.message)}
          {...form.register('contact.firstName')}
        />
        <TextField
          label={t('fields.lastName')}
          required
          autoComplete="family-name"
          error={!!errors.contact?.lastName}
          helperText={fieldError(t, errors.contact?.lastName?.message)}
          {...form.register('contact.lastName')}
        />
      </Box>
      <TextField
        label={t('fields.email')}
        type="email"
        required
        autoComplete="email"
        inputMode="email"
        error={!!errors.contact?.email}
        helperText={fieldError(t, errors.contact?.email?.message)}
        {...form.register('contact.email')}
      />
      <TextField
        label={t('fields.mobile')}
        type="tel"
        required
        autoComplete="tel"
        placeholder="+32 475 12 34 56"
        error={!!errors.contact?.mobile}
        helperText={fieldError(t, errors.contact?.mobile?.message) ?? t('fields.mobileHelp')}
        {...form.register('contact.mobile')}
      />
      <TextField
        label={t('fields.address')}
        required
        multiline
        minRows={2}
        autoComplete="street-address"
        error={!!errors.contact?.address}
        helperText={fieldError(t, errors.contact?.address?.message)}
        {...form.register('contact.address')}
      />
    </Stack>
  );
}

/** The room type, the normal dates with the optional extra nights, and remarks. */
export function AccommodationStep({ form, errors, settings }: { form: WizardForm; errors: WizardErrors; settings: EditionSettings }) {
  const { t } = useTranslation('lodging');
  const language = currentLanguage();
  const normal = normalStayDates(settings);
  return (
    <Stack spacing={2}>
      <FormControl error={!!errors.roomType}>
        <FormLabel id="room-type-label">{t('accommodation.chooseType')}</FormLabel>
        <Controller
          control={form.control}
          name="roomType"
          render={({ field }) => (
            <RadioGroup aria-labelledby="room-type-label" {...field}>
              {offeredRoomTypes(settings).map((type) => (
                <FormControlLabel
                  key={type.code}
                  value={type.code}
                  control={<Radio />}
                  sx={{ py: 0.5, alignItems: 'flex-start', '& .MuiRadio-root': { pt: 0.5 } }}
                  label={
                    <Box>
                      <Typography component="span" sx={{ display: 'block', fontWeight: 600 }}>
                        {type.label[language]}
                      </Typography>
                      <Typography component="span" variant="body2" color="textSecondary">
                        {t('accommodation.typeFacts', {
                          min: type.minPersons,
                          max: type.maxPersons,
                          price: formatMoney(type.pricePerNightCents, language),
                        })}
                        {type.breakfastIncluded ? ` · ${t('accommodation.breakfastIncluded')}` : ''}
                      </Typography>
                    </Box>
                  }
                />
              ))}
            </RadioGroup>
          )}
        />
        {errors.roomType && <FormHelperText>{fieldError(t, errors.roomType.message)}</FormHelperText>}
      </FormControl>
      <Box>
        <Typography sx={{ fontWeight: 600 }}>{t('accommodation.dates')}</Typography>
        <Typography>
          {t('accommodation.normalDates', { arrival: formatDate(normal.arrivalDate, language), departure: formatDate(normal.departureDate, language) })}
        </Typography>
      </Box>
      {settings.lodging.extraNightBefore && (
        <FormControlLabel
          control={
            <Controller
              control={form.control}
              name="extraNightBefore"
              render={({ field }) => <Checkbox checked={field.value} onChange={(e) => field.onChange(e.target.checked)} />}
            />
          }
          label={t('accommodation.extraBefore', { date: formatDate(addDays(normal.arrivalDate, -1), language) })}
        />
      )}
      {settings.lodging.extraNightAfter && (
        <FormControlLabel
          control={
            <Controller
              control={form.control}
              name="extraNightAfter"
              render={({ field }) => <Checkbox checked={field.value} onChange={(e) => field.onChange(e.target.checked)} />}
            />
          }
          label={t('accommodation.extraAfter', { date: formatDate(addDays(normal.departureDate, 1), language) })}
        />
      )}
      <TextField label={t('fields.remarks')} multiline minRows={2} helperText={t('fields.remarksHelp')} {...form.register('remarks')} />
    </Stack>
  );
}

/** Everyone in the room (the requester first), between the room type's minimum and maximum. */
export function GuestsStep({
  form,
  errors,
  settings,
  guests,
  values,
  roomType,
  guestsChecked,
}: {
  form: WizardForm;
  errors: WizardErrors;
  settings: EditionSettings;
  guests: UseFieldArrayReturn<ReservationWizardValues, 'guests'>;
  values: ReservationWizardValues;
  roomType: RoomType;
  guestsChecked: boolean;
}) {
  const { t } = useTranslation('lodging');
  const limits = { min: roomType.minPersons, max: roomType.maxPersons };
  return (
    <Stack spacing={2}>
      <Alert severity="info">{t('guests.reminder')}</Alert>
      <Typography color="textSecondary">{t('guests.countRule', limits)}</Typography>
      {guests.fields.map((field, index) => {
        const guestErrors = errors.guests?.[index];
        const birthDate = values.guests[index]?.birthDate;
        return (
          <Paper key={field.id} variant="outlined" sx={{ p: 2 }} data-testid={`guest-${index}`}>
            <Stack spacing={1.5}>
              <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
                <Typography sx={{ fontWeight: 600 }}>{t('guests.guestN', { n: index + 1 })}</Typography>
                {guests.fields.length > 1 && (
                  <IconButton aria-label={t('guests.remove', { n: index + 1 })} onClick={() => guests.remove(index)}>
                    <DeleteIcon />
                  </IconButton>
                )}
              </Stack>
              <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
                <TextField
                  label={t('fields.firstName')}
                  required
                  error={!!guestErrors?.firstName}
                  helperText={fieldError(t, guestErrors?.firstName?.message)}
                  {...form.register(`guests.${index}.firstName`)}
                />
                <TextField
                  label={t('fields.lastName')}
                  required
                  error={!!guestErrors?.lastName}
                  helperText={fieldError(t, guestErrors?.lastName?.message)}
                  {...form.register(`guests.${index}.lastName`)}
                />
              </Box>
              <TextField
                label={t('fields.birthDate')}
                type="date"
                required
                slotProps={{ inputLabel: { shrink: true } }}
                error={!!guestErrors?.birthDate}
                helperText={
                  fieldError(t, guestErrors?.birthDate?.message) ??
                  (birthDate && /^\d{4}-\d{2}-\d{2}$/.test(birthDate) ? t(`ageGroups.${ageGroupOf(settings, birthDate)}`) : undefined)
                }
                {...form.register(`guests.${index}.birthDate`)}
              />
              <FormControlLabel
                control={
                  <Controller
                    control={form.control}
                    name={`guests.${index}.participates`}
                    render={({ field: f }) => <Checkbox checked={f.value} onChange={(e) => f.onChange(e.target.checked)} />}
                  />
                }
                label={t('fields.participates')}
              />
            </Stack>
          </Paper>
        );
      })}
      {/* The count rule is checked here from the list itself: react-hook-form's field array may drop the list's own error. */}
      {guestsChecked && (guests.fields.length < roomType.minPersons || guests.fields.length > roomType.maxPersons) && (
        <Alert severity="error" role="alert" data-testid="guests-count-error">
          {t('guests.countRule', { min: roomType.minPersons, max: roomType.maxPersons })}
        </Alert>
      )}
      {guests.fields.length < roomType.maxPersons && (
        <Button startIcon={<AddIcon />} variant="outlined" onClick={() => guests.append(emptyGuest())} sx={{ alignSelf: 'flex-start' }}>
          {t('guests.add')}
        </Button>
      )}
    </Stack>
  );
}

/** The meal plan, among those the room type offers. */
export function MealsStep({ form, errors, settings, roomType }: { form: WizardForm; errors: WizardErrors; settings: EditionSettings; roomType: RoomType }) {
  const { t } = useTranslation('lodging');
  return (
    <FormControl error={!!errors.mealPlan}>
      <FormLabel id="meal-plan-label">{t('meals.choose')}</FormLabel>
      <Controller
        control={form.control}
        name="mealPlan"
        render={({ field }) => (
          <RadioGroup aria-labelledby="meal-plan-label" {...field}>
            {mealPlansFor(settings, roomType).map((plan) => (
              <FormControlLabel
                key={plan}
                value={plan}
                control={<Radio />}
                sx={{ py: 0.5, alignItems: 'flex-start', '& .MuiRadio-root': { pt: 0.5 } }}
                label={
                  <Box>
                    <Typography component="span" sx={{ display: 'block', fontWeight: 600 }}>
                      {t(`plans.${plan}.label`)}
                    </Typography>
                    <Typography component="span" variant="body2" color="textSecondary">
                      {plan === 'breakfast' && roomType.breakfastIncluded ? t('plans.breakfast.included') : t(`plans.${plan}.text`)}
                    </Typography>
                  </Box>
                }
              />
            ))}
          </RadioGroup>
        )}
      />
      {errors.mealPlan && <FormHelperText>{fieldError(t, errors.mealPlan.message)}</FormHelperText>}
      <Typography variant="body2" color="textSecondary" sx={{ mt: 1 }}>
        {t('meals.diet')}
      </Typography>
    </FormControl>
  );
}

/** What the visitor asked, as the confirmation step and the finished page show it. */
export function Overview({
  settings,
  values,
  arrival,
  departure,
}: {
  settings: EditionSettings;
  values: ReservationWizardValues;
  arrival: string;
  departure: string;
}) {
  const { t } = useTranslation('lodging');
  const language = currentLanguage();
  const type = findRoomType(settings, values.roomType);
  const rows: [string, string][] = [
    [t('overview.contact'), `${values.contact.firstName} ${values.contact.lastName}`],
    [t('fields.email'), values.contact.email],
    [t('fields.mobile'), values.contact.mobile],
    [t('fields.address'), values.contact.address],
    [t('overview.lodging'), type?.label[language] ?? values.roomType],
    [t('overview.dates'), `${formatDate(arrival, language)} – ${formatDate(departure, language)}`],
    [t('overview.meals'), values.mealPlan ? t(`plans.${values.mealPlan}.label`) : ''],
  ];
  if (values.remarks) rows.push([t('fields.remarks'), values.remarks]);
  return (
    <Box
      component="dl"
      sx={{ m: 0, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '11rem 1fr' }, columnGap: 2, rowGap: 0.5 }}
      data-testid="reservation-overview"
    >
      {rows.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography component="dt" sx={{ fontWeight: 600 }}>
            {label}
          </Typography>
          <Typography component="dd" sx={{ m: 0, mb: { xs: 1, sm: 0 }, overflowWrap: 'anywhere' }}>
            {value}
          </Typography>
        </Box>
      ))}
      <Typography component="dt" sx={{ fontWeight: 600 }}>
        {t('overview.guests')}
      </Typography>
      <Box component="dd" sx={{ m: 0 }}>
        {values.guests.map((guest, index) => (
          <Typography key={index}>
            {guest.firstName} {guest.lastName}, {guest.birthDate ? formatDate(guest.birthDate, language) : ''}
            {guest.participates ? ` · ${t('overview.participates')}` : ''}
          </Typography>
        ))}
      </Box>
    </Box>
  );
}
