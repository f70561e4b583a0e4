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
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { Controller, useFieldArray, useForm, type FieldPath, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { addDays } from '@bjk/domain/dates';
import type { EditionSettings } from '@bjk/domain/edition';
import type { MakeReservationResult, ReservationWizardValues } from '@bjk/domain/lodging';
import { lodgingPhaseAt } from '@bjk/domain/lodging-phase';
import { ageGroupOf, findRoomType, mealPlansFor, normalStayDates, offeredRoomTypes, priceStay } from '@bjk/domain/lodging-pricing';
import { useEdition } from '../../shared/edition/useEdition';
import { formatDate, formatDateTime, formatMoney } from '../../shared/format';
import { currentLanguage } from '../../shared/i18n';
import { HttpError } from '../../shared/http';
import { ErrorAlert } from '../../shared/ui/ErrorAlert';
import { makeReservation } from './api';
import { fieldError } from './messages';
import { guestStepFields } from './guest-step';
import { lazyPart } from '../../shared/lazy-part';

const PriceEstimate = lazyPart(() => import('./PriceEstimate'), 'PriceEstimate');

/**
 * The form's checks and the request's shape (zod and the phone number rules) are a chunk of their own: the first
 * screen does not need them (Total Blocking Time on a phone). They download when the visitor starts; a check asked
 * for earlier waits for them.
 */
type Rules = typeof import('./wizard-rules');
let rules: Promise<Rules> | undefined;
const loadRules = (): Promise<Rules> =>
  (rules ??= import('./wizard-rules').catch((error: unknown) => {
    rules = undefined;
    throw error;
  }));
const lazyResolver =
  (settings: EditionSettings): Resolver<ReservationWizardValues> =>
  async (...args) =>
    (await loadRules()).wizardResolver(settings)(...args);

const STEPS = ['intro', 'contact', 'accommodation', 'guests', 'meals', 'confirm'] as const;
type Step = (typeof STEPS)[number] | 'done';

const STEP_FIELDS: Partial<Record<Step, FieldPath<ReservationWizardValues>[]>> = {
  contact: ['contact'],
  accommodation: ['roomType', 'extraNightBefore', 'extraNightAfter', 'remarks'],
  guests: ['guests'],
  meals: ['mealPlan'],
};

const emptyGuest = () => ({ firstName: '', lastName: '', birthDate: '', participates: false });

const initialValues = (): ReservationWizardValues => ({
  contact: { firstName: '', lastName: '', email: '', mobile: '', address: '' },
  roomType: '',
  extraNightBefore: false,
  extraNightAfter: false,
  remarks: '',
  guests: [],
  mealPlan: '',
});

/** The public lodging reservation wizard (DOMAIN.md §5): one room per run. */
export function ReservationWizardPage() {
  const settings = useEdition();
  const phase = lodgingPhaseAt(settings.lodging, new Date());
  if (phase === 'notStarted') return <Navigate to="/rsv26wizard_notstarted" replace />;
  if (phase === 'closed') return <Navigate to="/rsv26wizard_closed" replace />;
  return <Wizard settings={settings} />;
}

function Wizard({ settings }: { settings: EditionSettings }) {
  const { t } = useTranslation(['lodging', 'errors']);
  const language = currentLanguage();
  const [step, setStep] = useState<Step>('intro');
  const [result, setResult] = useState<MakeReservationResult | null>(null);
  // The guest count's message shows once the visitor tried to go on, as the fields' messages do.
  const [guestsChecked, setGuestsChecked] = useState(false);
  // One identity per wizard run: a double click or a retry of this run can only make one reservation.
  const run = useRef({ submissionId: crypto.randomUUID(), key: crypto.randomUUID() });
  const resolver = useMemo(() => lazyResolver(settings), [settings]);
  const form = useForm<ReservationWizardValues>({ resolver, defaultValues: initialValues(), mode: 'onTouched' });
  // Known once the rules arrived (they did before any step could be passed): the confirmation's price.
  const [loadedRules, setLoadedRules] = useState<Rules | null>(null);
  useEffect(() => {
    if (step === 'intro') return;
    PriceEstimate.preload();
    let current = true;
    loadRules().then(
      (loaded) => current && setLoadedRules(loaded),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [step]);
  const guests = useFieldArray({ control: form.control, name: 'guests' });
  // A field showing an error is checked again on every change, so the message goes away while the visitor
  // corrects it (not on leaving the field, when the layout shift would make the "Next" click miss).
  useEffect(() => {
    const subscription = form.watch((_, { name }) => {
      if (name && form.getFieldState(name).error) void form.trigger(name);
    });
    return () => subscription.unsubscribe();
  }, [form]);
  const mutation = useMutation({
    mutationFn: async ({ values, allowDuplicate }: { values: ReservationWizardValues; allowDuplicate: boolean }) =>
      makeReservation({ ...(await loadRules()).toMakeReservation(settings, values, language, run.current.submissionId), allowDuplicate }, run.current.key),
    onSuccess: (answer) => {
      setResult(answer);
      setStep('done');
    },
  });
  // The same contact already asked these dates and this room type: the visitor confirms before a second one is made.
  const likelyDuplicate = mutation.error instanceof HttpError && mutation.error.code === 'lodging.likely_duplicate';
  const confirmDuplicate = () => {
    // A new key: the warning's answer is kept for the first key, and this is another request.
    run.current = { ...run.current, key: crypto.randomUUID() };
    mutation.mutate({ values: form.getValues(), allowDuplicate: true });
  };
  const { errors } = form.formState;
  const values = form.watch();
  const roomType = findRoomType(settings, values.roomType);
  const normal = normalStayDates(settings);
  const limits = roomType ? { min: roomType.minPersons, max: roomType.maxPersons } : undefined;
  const headingRef = useRef<HTMLHeadingElement>(null);

  const goTo = (next: Step) => {
    setStep(next);
    window.scrollTo({ top: 0 });
    requestAnimationFrame(() => headingRef.current?.focus());
  };

  const next = async () => {
    if (step === 'guests') setGuestsChecked(true);
    const fields = step === 'guests' ? guestStepFields(form.getValues('guests').length) : STEP_FIELDS[step];
    if (fields && !(await form.trigger(fields, { shouldFocus: true }))) return;
    const index = STEPS.indexOf(step as (typeof STEPS)[number]);
    const following = STEPS[index + 1];
    if (step === 'accommodation' && roomType) {
      // Start the guest list with the requester, the person most often forgotten.
      if (form.getValues('guests').length === 0) {
        const contact = form.getValues('contact');
        guests.replace([{ ...emptyGuest(), firstName: contact.firstName, lastName: contact.lastName }]);
      }
      if (!(mealPlansFor(settings, roomType) as string[]).includes(form.getValues('mealPlan'))) form.setValue('mealPlan', '');
    }
    if (following) goTo(following);
  };

  const back = () => {
    const index = STEPS.indexOf(step as (typeof STEPS)[number]);
    const previous = STEPS[index - 1];
    if (previous) goTo(previous);
  };

  const newReservation = () => {
    const contact = form.getValues('contact');
    form.reset({ ...initialValues(), contact });
    run.current = { submissionId: crypto.randomUUID(), key: crypto.randomUUID() };
    mutation.reset();
    setGuestsChecked(false);
    setResult(null);
    goTo('accommodation');
  };

  const price = useMemo(() => {
    if (step !== 'confirm' || !roomType || !values.mealPlan || !loadedRules) return null;
    const body = loadedRules.toMakeReservation(settings, values, language, run.current.submissionId);
    try {
      return priceStay(settings, { ...body, mealPlan: body.mealPlan });
    } catch {
      return null;
    }
  }, [step, roomType, values, settings, language, loadedRules]);

  const stepIndex = step === 'done' ? STEPS.length : STEPS.indexOf(step);
  const arrival = values.extraNightBefore ? addDays(normal.arrivalDate, -1) : normal.arrivalDate;
  const departure = values.extraNightAfter ? addDays(normal.departureDate, 1) : normal.departureDate;

  return (
    <Paper variant="outlined" sx={{ maxWidth: 720, mx: 'auto', p: { xs: 2, sm: 4 } }}>
      <Stack spacing={2} component="form" noValidate onSubmit={(event) => event.preventDefault()}>
        <Typography variant="h1" sx={{ fontSize: { xs: '1.6rem', sm: '2rem' } }}>
          {t('wizard.title')}
        </Typography>
        <Box>
          <Typography variant="body2" color="text.secondary" data-testid="wizard-step">
            {step === 'done' ? t('wizard.finished') : t('wizard.stepOf', { step: stepIndex + 1, total: STEPS.length, name: t(`steps.${step}`) })}
          </Typography>
          <LinearProgress variant="determinate" value={(stepIndex / STEPS.length) * 100} aria-label={t('wizard.progress')} />
        </Box>
        <Typography variant="h2" tabIndex={-1} ref={headingRef} sx={{ fontSize: '1.3rem', outline: 'none' }}>
          {step === 'done' ? t('done.title') : t(`steps.${step}`)}
        </Typography>

        {step === 'intro' && (
          <Stack spacing={1.5}>
            <Typography>{t('intro.text', { edition: settings.name[language], venue: settings.venue.name })}</Typography>
            <Typography>{t('intro.oneRoom')}</Typography>
            <Typography>{t('intro.dates', { arrival: formatDate(normal.arrivalDate, language), departure: formatDate(normal.departureDate, language) })}</Typography>
            <Typography color="text.secondary">{t('intro.confirmation')}</Typography>
          </Stack>
        )}

        {step === 'contact' && (
          <Stack spacing={2}>
            <Typography color="text.secondary">{t('contact.intro')}</Typography>
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
              <TextField label={t('fields.firstName')} required autoComplete="given-name" error={!!errors.contact?.firstName} helperText={fieldError(t, errors.contact?.firstName?.message)} {...form.register('contact.firstName')} />
              <TextField label={t('fields.lastName')} required autoComplete="family-name" error={!!errors.contact?.lastName} helperText={fieldError(t, errors.contact?.lastName?.message)} {...form.register('contact.lastName')} />
            </Box>
            <TextField label={t('fields.email')} type="email" required autoComplete="email" inputMode="email" error={!!errors.contact?.email} helperText={fieldError(t, errors.contact?.email?.message)} {...form.register('contact.email')} />
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
            <TextField label={t('fields.address')} required multiline minRows={2} autoComplete="street-address" error={!!errors.contact?.address} helperText={fieldError(t, errors.contact?.address?.message)} {...form.register('contact.address')} />
          </Stack>
        )}

        {step === 'accommodation' && (
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
                            <Typography component="span" variant="body2" color="text.secondary">
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
              <Typography>{t('accommodation.normalDates', { arrival: formatDate(normal.arrivalDate, language), departure: formatDate(normal.departureDate, language) })}</Typography>
            </Box>
            {settings.lodging.extraNightBefore && (
              <FormControlLabel
                control={<Controller control={form.control} name="extraNightBefore" render={({ field }) => <Checkbox checked={field.value} onChange={(e) => field.onChange(e.target.checked)} />} />}
                label={t('accommodation.extraBefore', { date: formatDate(addDays(normal.arrivalDate, -1), language) })}
              />
            )}
            {settings.lodging.extraNightAfter && (
              <FormControlLabel
                control={<Controller control={form.control} name="extraNightAfter" render={({ field }) => <Checkbox checked={field.value} onChange={(e) => field.onChange(e.target.checked)} />} />}
                label={t('accommodation.extraAfter', { date: formatDate(addDays(normal.departureDate, 1), language) })}
              />
            )}
            <TextField label={t('fields.remarks')} multiline minRows={2} helperText={t('fields.remarksHelp')} {...form.register('remarks')} />
          </Stack>
        )}

        {step === 'guests' && roomType && (
          <Stack spacing={2}>
            <Alert severity="info">{t('guests.reminder')}</Alert>
            <Typography color="text.secondary">{t('guests.countRule', limits)}</Typography>
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
                      <TextField label={t('fields.firstName')} required error={!!guestErrors?.firstName} helperText={fieldError(t, guestErrors?.firstName?.message)} {...form.register(`guests.${index}.firstName`)} />
                      <TextField label={t('fields.lastName')} required error={!!guestErrors?.lastName} helperText={fieldError(t, guestErrors?.lastName?.message)} {...form.register(`guests.${index}.lastName`)} />
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
                        <Controller control={form.control} name={`guests.${index}.participates`} render={({ field: f }) => <Checkbox checked={f.value} onChange={(e) => f.onChange(e.target.checked)} />} />
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
        )}

        {step === 'meals' && roomType && (
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
                          <Typography component="span" variant="body2" color="text.secondary">
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
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              {t('meals.diet')}
            </Typography>
          </FormControl>
        )}

        {step === 'confirm' && roomType && (
          <Stack spacing={2}>
            <Overview settings={settings} values={values} arrival={arrival} departure={departure} />
            <Typography variant="h3" sx={{ fontSize: '1.1rem' }}>
              {t('price.title')}
            </Typography>
            {price && (
              <Suspense fallback={null}>
                <PriceEstimate settings={settings} price={price} />
              </Suspense>
            )}
            <Typography variant="body2" color="text.secondary">
              {t('price.note')}
            </Typography>
            {likelyDuplicate ? (
              <Alert
                severity="warning"
                data-testid="likely-duplicate"
                action={
                  <Button color="inherit" size="small" disabled={mutation.isPending} onClick={confirmDuplicate} data-testid="confirm-duplicate">
                    {t('wizard.confirmDuplicate')}
                  </Button>
                }
              >
                {t('codes.lodging.likely_duplicate', { ns: 'errors' })}
              </Alert>
            ) : (
              mutation.isError && <ErrorAlert error={mutation.error} submit />
            )}
          </Stack>
        )}

        {step === 'done' && result && (
          <Stack spacing={2}>
            <Alert severity="success" data-testid="reservation-received">
              {t('done.received', { number: result.number })}
            </Alert>
            <Typography>{t('done.email', { email: values.contact.email })}</Typography>
            <Typography>{t('done.total', { total: formatMoney(result.totalCents, language) })}</Typography>
            <Overview settings={settings} values={values} arrival={arrival} departure={departure} />
            <Typography color="text.secondary">{t('done.another')}</Typography>
            <Button variant="contained" onClick={newReservation} sx={{ alignSelf: 'flex-start' }}>
              {t('done.new')}
            </Button>
          </Stack>
        )}

        {step !== 'done' && (
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', pt: 1 }}>
            <Button onClick={back} disabled={step === 'intro' || mutation.isPending}>
              {t('wizard.back')}
            </Button>
            {step === 'confirm' ? (
              <Button variant="contained" size="large" disabled={mutation.isPending} onClick={form.handleSubmit((values) => mutation.mutate({ values, allowDuplicate: false }))} data-testid="confirm-reservation">
                {t('wizard.confirm')}
              </Button>
            ) : (
              <Button variant="contained" size="large" onClick={() => void next()}>
                {step === 'intro' ? t('wizard.start') : t('wizard.next')}
              </Button>
            )}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}

function Overview({ settings, values, arrival, departure }: { settings: EditionSettings; values: ReservationWizardValues; arrival: string; departure: string }) {
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
    <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '11rem 1fr' }, columnGap: 2, rowGap: 0.5 }} data-testid="reservation-overview">
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

/** `/rsv26wizard_notstarted` and `/rsv26wizard_closed`: the wizard outside its window. */
export function ReservationPhasePage({ phase }: { phase: 'notStarted' | 'closed' }) {
  const { t } = useTranslation('lodging');
  const settings = useEdition();
  const language = currentLanguage();
  const opens = formatDateTime(settings.lodging.opensAt, language, settings.timeZone);
  return (
    <Paper variant="outlined" sx={{ maxWidth: 720, mx: 'auto', p: { xs: 2, sm: 4 } }}>
      <Stack spacing={2}>
        <Typography variant="h1" sx={{ fontSize: { xs: '1.6rem', sm: '2rem' } }}>
          {t('wizard.title')}
        </Typography>
        <Alert severity={phase === 'closed' ? 'warning' : 'info'} data-testid={`phase-${phase}`}>
          <Typography sx={{ fontWeight: 600 }}>{t(`phase.${phase}.title`)}</Typography>
          {phase === 'closed' ? t('phase.closed.text', { venue: settings.venue.name }) : t('phase.notStarted.text', { opens })}
        </Alert>
      </Stack>
    </Paper>
  );
}

export function ReservationNotStartedPage() {
  return <ReservationPhasePage phase="notStarted" />;
}

export function ReservationClosedPage() {
  return <ReservationPhasePage phase="closed" />;
}
