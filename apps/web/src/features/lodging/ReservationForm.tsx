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
import { ErrorNotice } from '../../shared/ui/plain/ErrorNotice';
import { Notice } from '../../shared/ui/plain/Notice';
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
 * The reservation wizard's form, from "Start" on (ReservationWizardPage draws the frame and the intro), in plain
 * elements like the rest of the public site (no MUI, no TanStack Query: the submission is this component's state):
 * the values (react-hook-form), the steps after the intro with their checks before "Next", and the submission. It
 * stays mounted on the intro (drawing nothing there), so going back to it keeps the answers.
 */
export function ReservationForm({ settings, step, goTo }: Props) {
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
  // The submission: one request at a time (a double click sends once), its failure shown until the next try.
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const sending = useRef(false);
  const submit = async (values: ReservationWizardValues, allowDuplicate: boolean) => {
    if (sending.current) return;
    sending.current = true;
    setPending(true);
    setFailure(null);
    try {
      const body = { ...(await loadRules()).toMakeReservation(settings, values, language, run.current.submissionId), allowDuplicate };
      setResult(await makeReservation(body, run.current.key));
      goTo('done');
    } catch (error) {
      setFailure(error);
    } finally {
      sending.current = false;
      setPending(false);
    }
  };
  // The same contact already asked these dates and this room type: the visitor confirms before a second one is made.
  const likelyDuplicate = failure instanceof HttpError && failure.code === 'lodging.likely_duplicate';
  const confirmDuplicate = () => {
    // A new key: the warning's answer is kept for the first key, and this is another request.
    run.current = { ...run.current, key: randomId() };
    void submit(form.getValues(), true);
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
    setFailure(null);
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
        <div className="bjk-stack">
          <Overview settings={settings} values={values} arrival={arrival} departure={departure} />
          <h3 className="bjk-wizard-price-title">{t('price.title')}</h3>
          {price && (
            <Suspense fallback={null}>
              <PriceEstimate settings={settings} price={price} />
            </Suspense>
          )}
          <p className="bjk-body2 bjk-secondary">{t('price.note')}</p>
          {likelyDuplicate ? (
            // The button under the question, not beside it: beside it, a phone squeezed both into narrow columns.
            <Notice severity="warning" role="alert" testId="likely-duplicate">
              <div className="bjk-stack bjk-wizard-duplicate">
                <span>{t('codes.lodging.likely_duplicate', { ns: 'errors' })}</span>
                <ShellButton
                  variant="outlined"
                  size="small"
                  className="bjk-wizard-stack-start"
                  disabled={pending}
                  onClick={confirmDuplicate}
                  data-testid="confirm-duplicate"
                >
                  {t('wizard.confirmDuplicate')}
                </ShellButton>
              </div>
            </Notice>
          ) : (
            failure !== null && <ErrorNotice error={failure} submit />
          )}
        </div>
      )}

      {step === 'done' && result && (
        <div className="bjk-stack">
          <Notice severity="success" role="status" testId="reservation-received">
            {t('done.received', { number: result.number })}
          </Notice>
          <p className="bjk-body1">{t('done.email', { email: values.contact.email })}</p>
          <p className="bjk-body1">{t('done.total', { total: formatMoney(result.totalCents, language) })}</p>
          <Overview settings={settings} values={values} arrival={arrival} departure={departure} />
          <p className="bjk-body1 bjk-secondary">{t('done.another')}</p>
          <ShellButton variant="contained" className="bjk-wizard-stack-start" onClick={newReservation}>
            {t('done.new')}
          </ShellButton>
        </div>
      )}

      {step !== 'done' && (
        <WizardNav onBack={back} backDisabled={pending}>
          {step === 'confirm' ? (
            <ShellButton
              variant="contained"
              size="large"
              disabled={pending}
              onClick={onValidSubmit(form, (values) => submit(values, false))}
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
