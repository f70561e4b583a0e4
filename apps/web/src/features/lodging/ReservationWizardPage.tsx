import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useFieldArray, useForm, type FieldPath, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { addDays } from '@bjk/domain/dates';
import type { EditionSettings } from '@bjk/domain/edition';
import type { MakeReservationResult, ReservationWizardValues } from '@bjk/domain/lodging';
import { lodgingPhaseAt } from '@bjk/domain/lodging-phase';
import { findRoomType, mealPlansFor, normalStayDates, priceStay } from '@bjk/domain/lodging-pricing';
import { useEdition } from '../../shared/edition/useEdition';
import { formatDate, formatDateTime, formatMoney } from '../../shared/format';
import { currentLanguage } from '../../shared/i18n';
import { HttpError } from '../../shared/http';
import { ErrorAlert } from '../../shared/ui/ErrorAlert';
import { makeReservation } from './api';
import { guestStepFields } from './guest-step';
import { lazyPart } from '../../shared/lazy-part';
import { AccommodationStep, ContactStep, GuestsStep, MealsStep, Overview, emptyGuest } from './ReservationWizardSteps';

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

        {step === 'contact' && <ContactStep form={form} errors={errors} />}

        {step === 'accommodation' && <AccommodationStep form={form} errors={errors} settings={settings} />}

        {step === 'guests' && roomType && <GuestsStep form={form} errors={errors} settings={settings} guests={guests} values={values} roomType={roomType} guestsChecked={guestsChecked} />}

        {step === 'meals' && roomType && <MealsStep form={form} errors={errors} settings={settings} roomType={roomType} />}

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
              // The button under the question, not beside it: beside it, a phone squeezed both into narrow columns.
              <Alert severity="warning" data-testid="likely-duplicate">
                <Stack spacing={1.5} sx={{ alignItems: 'flex-start' }}>
                  <span>{t('codes.lodging.likely_duplicate', { ns: 'errors' })}</span>
                  <Button variant="outlined" color="inherit" size="small" disabled={mutation.isPending} onClick={confirmDuplicate} data-testid="confirm-duplicate">
                    {t('wizard.confirmDuplicate')}
                  </Button>
                </Stack>
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
