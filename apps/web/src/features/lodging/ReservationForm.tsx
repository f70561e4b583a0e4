import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useFieldArray, useForm, type FieldPath, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { addDays } from '@bjk/domain/dates';
import type { EditionSettings } from '@bjk/domain/edition';
import type { MakeReservationResult, ReservationWizardValues } from '@bjk/domain/lodging';
import { findRoomType, mealPlansFor, normalStayDates, priceStay } from '@bjk/domain/lodging-pricing';
import { formatMoney } from '../../shared/format';
import { currentLanguage } from '../../shared/i18n';
import { HttpError } from '../../shared/http';
import { lazyPart } from '../../shared/lazy-part';
import { withQueryClient } from '../../shared/query/QueryProvider';
import { ErrorAlert } from '../../shared/ui/ErrorAlert';
import { ShellButton } from '../../shared/ui/ShellButton';
import { makeReservation } from './api';
import { guestStepFields } from './guest-step';
import { AccommodationStep, ContactStep, GuestsStep, MealsStep, Overview, emptyGuest } from './ReservationWizardSteps';
import { WizardNav } from './WizardNav';
import { STEPS, type Step } from './wizard-steps';
import { onValidSubmit } from '../../shared/ui/forms';
import { randomId } from '../../shared/random-id';

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

type Props = { settings: EditionSettings; step: Step; goTo: (step: Step) => void };

/**
 * The reservation wizard's form, from "Start" on (ReservationWizardPage draws the frame and the intro without MUI):
 * the values (react-hook-form), the steps after the intro with their checks before "Next", and the submission. It
 * stays mounted on the intro (drawing nothing there), so going back to it keeps the answers.
 */
function Form({ settings, step, goTo }: Props) {
  const { t } = useTranslation(['lodging', 'errors']);
  const language = currentLanguage();
  const [result, setResult] = useState<MakeReservationResult | null>(null);
  // The guest count's message shows once the visitor tried to go on, as the fields' messages do.
  const [guestsChecked, setGuestsChecked] = useState(false);
  // One identity per wizard run: a double click or a retry of this run can only make one reservation.
  const run = useRef({ submissionId: randomId(), key: randomId() });
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
      goTo('done');
    },
  });
  // The same contact already asked these dates and this room type: the visitor confirms before a second one is made.
  const likelyDuplicate = mutation.error instanceof HttpError && mutation.error.code === 'lodging.likely_duplicate';
  const confirmDuplicate = () => {
    // A new key: the warning's answer is kept for the first key, and this is another request.
    run.current = { ...run.current, key: randomId() };
    mutation.mutate({ values: form.getValues(), allowDuplicate: true });
  };
  const { errors } = form.formState;
  const values = form.watch();
  const roomType = findRoomType(settings, values.roomType);
  const normal = normalStayDates(settings);

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
    run.current = { submissionId: randomId(), key: randomId() };
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

  const arrival = values.extraNightBefore ? addDays(normal.arrivalDate, -1) : normal.arrivalDate;
  const departure = values.extraNightAfter ? addDays(normal.departureDate, 1) : normal.departureDate;

  // The page draws the intro; the form keeps its values meanwhile.
  if (step === 'intro') return null;

  return (
    <>
      {step === 'contact' && <ContactStep form={form} errors={errors} />}

      {step === 'accommodation' && <AccommodationStep form={form} errors={errors} settings={settings} />}

      {step === 'guests' && roomType && (
        <GuestsStep form={form} errors={errors} settings={settings} guests={guests} values={values} roomType={roomType} guestsChecked={guestsChecked} />
      )}

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
          <Typography variant="body2" color="textSecondary">
            {t('price.note')}
          </Typography>
          {likelyDuplicate ? (
            // The button under the question, not beside it: beside it, a phone squeezed both into narrow columns.
            <Alert severity="warning" data-testid="likely-duplicate">
              <Stack spacing={1.5} sx={{ alignItems: 'flex-start' }}>
                <span>{t('codes.lodging.likely_duplicate', { ns: 'errors' })}</span>
                <Button
                  variant="outlined"
                  color="inherit"
                  size="small"
                  disabled={mutation.isPending}
                  onClick={confirmDuplicate}
                  data-testid="confirm-duplicate"
                >
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
          <Typography color="textSecondary">{t('done.another')}</Typography>
          <Button variant="contained" onClick={newReservation} sx={{ alignSelf: 'flex-start' }}>
            {t('done.new')}
          </Button>
        </Stack>
      )}

      {step !== 'done' && (
        <WizardNav onBack={back} backDisabled={mutation.isPending}>
          {step === 'confirm' ? (
            <ShellButton
              variant="contained"
              size="large"
              disabled={mutation.isPending}
              onClick={onValidSubmit(form, (values) => mutation.mutate({ values, allowDuplicate: false }))}
              data-testid="confirm-reservation"
            >
              {t('wizard.confirm')}
            </ShellButton>
          ) : (
            <ShellButton variant="contained" size="large" onClick={() => void next()}>
              {t('wizard.next')}
            </ShellButton>
          )}
        </WizardNav>
      )}
    </>
  );
}

/** The form with TanStack Query's client (its submission): the page itself loads without it (`queries: false`). */
export const ReservationForm = withQueryClient(Form);
