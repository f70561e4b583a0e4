import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { memo, useEffect, useRef, useState } from 'react';
import { FormProvider, useForm, useFormState, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { editionSettingsSchema, type EditionSettings } from '@bjk/domain/edition';
import { hasPermission, useManager } from '../../shared/auth/session';
import { invalidateEdition } from '../../shared/edition/useEdition';
import { formatDateTime } from '../../shared/format';
import { currentLanguage } from '../../shared/i18n';
import { ErrorAlert } from '../../shared/ui/ErrorAlert';
import { RecordHistory } from '../../shared/ui/RecordHistory';
import { CheckInput, DateInput, DateTimeInput, LocalizedInput, MoneyInput, NumberInput, Row, Section, TextInput } from './SettingsFields';
import { hasDirtyField, sameContent } from './settings-inputs';
import { AbsenceRounds } from './AbsenceRounds';
import { PrizeTable } from './PrizeTable';
import { Categories, MealPlans, MealPrices, RoomTypes, VkCategories } from './SettingsLists';
import { editionKeys, saveSettings, settingsQuery } from './api';

// The form holds parsed settings (defaults filled in by the server), so the schema's output type is the form's.
const validateSettings = zodResolver(editionSettingsSchema) as unknown as Resolver<EditionSettings>;

/** The shared schema, after one rule of the form: no vk category left means the edition does not run the vk. */
const settingsResolver: Resolver<EditionSettings> = (values, context, options) =>
  validateSettings(withoutEmptyAbsences(values.vk && values.vk.categories.length === 0 ? { ...values, vk: undefined } : values), context, options);

/** Another: absences with no round and no bye limit typed are no absences (the edition never had them). */
function withoutEmptyAbsences(values: EditionSettings): EditionSettings {
  const absences = values.familyAbsences;
  if (!absences || (absences.rounds?.length ?? 0) > 0 || Number.isFinite(absences.maxHalfPointByes)) return values;
  return { ...values, familyAbsences: undefined };
}

/** `/mgmt/settings`: admins edit everything that changes from one championship to the next. */
export function SettingsPage() {
  const { t } = useTranslation('edition');
  const session = useManager();
  if (!hasPermission(session, 'edition:write')) return <Typography>{t('settings.forbidden')}</Typography>;
  return <SettingsForm />;
}

function SettingsForm() {
  const { t } = useTranslation('edition');
  const queryClient = useQueryClient();
  const { data } = useSuspenseQuery(settingsQuery());
  const [updatedAt, setUpdatedAt] = useState(data.updatedAt);
  const savedOnce = useRef(false);
  const [savedNotice, setSavedNotice] = useState(false);
  const form = useForm<EditionSettings>({ resolver: settingsResolver, defaultValues: data.settings, mode: 'onTouched' });
  const mutation = useMutation({
    mutationFn: (settings: EditionSettings) => saveSettings(settings, updatedAt),
    onSuccess: (saved) => {
      setUpdatedAt(saved.updatedAt);
      // The form already shows what was saved (the usual case): only its saved state moves, no input re-renders
      // (a full reset re-rendered some 240 inputs: most of a save's second on a loaded machine).
      form.reset(saved.settings, { keepValues: sameContent(saved.settings, form.getValues()) });
      queryClient.setQueryData(editionKeys.settings, saved);
      void queryClient.invalidateQueries({ queryKey: ['mgmt', 'audit'] });
      savedOnce.current = true;
      setSavedNotice(true);
    },
  });
  // The site (footer, fees, wizards, this layout's title) reads the new settings once the manager leaves
  // this page: invalidating at once would suspend the layout around the form and lose its state.
  useEffect(
    () => () => {
      if (savedOnce.current) invalidateEdition();
    },
    [],
  );
  const timeZone = data.settings.timeZone;
  const language = currentLanguage();

  return (
    <FormProvider {...form}>
      <Stack
        component="form"
        noValidate
        spacing={2}
        onSubmit={(event) => {
          setSavedNotice(false);
          void form.handleSubmit((values) => mutation.mutate(values))(event);
        }}
        data-testid="settings-form"
      >
        <Typography variant="h1">{t('settings.title')}</Typography>
        <Typography color="textSecondary">
          {t('settings.intro', { edition: data.settings.shortName[language], updatedAt: formatDateTime(updatedAt, language, timeZone) })}
        </Typography>

        <SettingsSections timeZone={timeZone} />

        <RecordHistory subjectType="edition" subjectId={data.settings.code} timeZone={timeZone} />

        <SaveBar saving={mutation.isPending} error={mutation.isError ? mutation.error : null} saved={savedNotice} onUndo={() => form.reset()} />
      </Stack>
    </FormProvider>
  );
}

/**
 * Every section of the form. Memoised: saving (the mutation's state, the notice, the new save time) re-renders the
 * form around it but none of its hundreds of inputs; each input re-renders by itself through react-hook-form.
 */
const SettingsSections = memo(function SettingsSections({ timeZone }: { timeZone: string }) {
  const { t } = useTranslation('edition');
  return (
    <>
      <Section id="s-general" title={t('sections.general')} help={t('help.general')}>
        <LocalizedInput name="name" label={t('fields.name')} />
        <LocalizedInput name="shortName" label={t('fields.shortName')} />
        <Row>
          <TextInput name="venue.name" label={t('fields.venueName')} />
          <TextInput name="venue.address" label={t('fields.venueAddress')} />
        </Row>
        <Row>
          <DateInput name="startDate" label={t('fields.startDate')} />
          <DateInput name="endDate" label={t('fields.endDate')} helper={t('help.endDate')} />
        </Row>
      </Section>

      <Section id="s-enrolment" title={t('sections.enrolment')} help={t('help.times', { timeZone })}>
        <Row>
          <DateTimeInput name="enrolment.opensAt" label={t('fields.opensAt')} timeZone={timeZone} />
          <DateTimeInput name="enrolment.lateFrom" label={t('fields.lateFrom')} timeZone={timeZone} helper={t('help.lateFrom')} />
          <DateTimeInput name="enrolment.closesAt" label={t('fields.closesAt')} timeZone={timeZone} />
        </Row>
        <Row>
          <MoneyInput name="fees.enrolmentCents" label={t('fields.enrolmentFee')} />
          <MoneyInput name="fees.lateFeeCents" label={t('fields.lateFee')} helper={t('help.lateFee')} />
        </Row>
        <Row>
          <MoneyInput name="fees.vk.feeCents" label={t('fields.vkFee')} />
          <MoneyInput name="fees.vk.reducedFeeCents" label={t('fields.vkReducedFee')} />
        </Row>
        <NumberInput name="paymentTerms.enrolmentDays" label={t('fields.enrolmentDays')} unit={t('units.days')} />
        <CheckInput name="paymentRequestOnConfirmation" label={t('fields.paymentRequestOnConfirmation')} />
      </Section>

      <Section id="s-lodging" title={t('sections.lodging')} help={t('help.times', { timeZone })}>
        <Row>
          <DateTimeInput name="lodging.opensAt" label={t('fields.lodgingOpensAt')} timeZone={timeZone} />
          <DateTimeInput name="lodging.closesAt" label={t('fields.lodgingClosesAt')} timeZone={timeZone} />
        </Row>
        <Row>
          <CheckInput name="lodging.extraNightBefore" label={t('fields.extraNightBefore')} />
          <CheckInput name="lodging.extraNightAfter" label={t('fields.extraNightAfter')} />
        </Row>
        <NumberInput name="paymentTerms.stayDays" label={t('fields.stayDays')} unit={t('units.days')} />
      </Section>

      <Section id="s-rooms" title={t('sections.rooms')} help={t('help.rooms')}>
        <RoomTypes />
        <Row>
          <MoneyInput name="dhMinorDiscountCents" label={t('fields.dhMinorDiscount')} helper={t('help.dhMinorDiscount')} />
          <CheckInput name="chargeCleaningFee" label={t('fields.chargeCleaningFee')} />
        </Row>
      </Section>

      <Section id="s-meals" title={t('sections.meals')} help={t('help.meals')}>
        <MealPlans />
        <MealPrices />
        <Row>
          <NumberInput name="meals.ageLimits.under3" label={t('fields.ageUnder3')} unit={t('units.years')} />
          <NumberInput name="meals.ageLimits.under12" label={t('fields.ageUnder12')} unit={t('units.years')} />
          <NumberInput name="meals.ageLimits.under18" label={t('fields.ageUnder18')} unit={t('units.years')} />
        </Row>
      </Section>

      <Section id="s-taxes" title={t('sections.taxes')} help={t('help.taxes')}>
        <MoneyInput name="touristTaxCents" label={t('fields.touristTax')} helper={t('help.touristTax')} />
        <Row>
          <NumberInput name="vatRates.lodging" label={t('fields.vatLodging')} unit="%" />
          <NumberInput name="vatRates.meals" label={t('fields.vatMeals')} unit="%" />
          <NumberInput name="vatRates.touristTax" label={t('fields.vatTouristTax')} unit="%" />
        </Row>
        <Row>
          <NumberInput name="vatRates.fee" label={t('fields.vatFee')} unit="%" />
          <NumberInput name="vatRates.other" label={t('fields.vatOther')} unit="%" />
        </Row>
      </Section>

      <Section id="s-categories" title={t('sections.categories')} help={t('help.categories')}>
        <Categories />
      </Section>

      <Section id="s-vk-categories" title={t('sections.vkCategories')} help={t('help.vkCategories')}>
        <VkCategories />
      </Section>

      <Section id="s-prizes" title={t('sections.prizes')} help={t('help.prizes')}>
        <PrizeTable />
      </Section>

      <Section id="s-absences" title={t('sections.absences')} help={t('help.absences', { timeZone })}>
        <AbsenceRounds timeZone={timeZone} />
      </Section>

      <Section id="s-privacy" title={t('sections.privacy')} help={t('help.privacy')}>
        <Row>
          <NumberInput name="retention.personalDataMonths" label={t('fields.personalDataMonths')} unit={t('units.months')} />
          <NumberInput name="retention.accountingYears" label={t('fields.accountingYears')} unit={t('units.years')} />
        </Row>
        <Row>
          <CheckInput name="optionalConsents.badgePhoto" label={t('fields.optionalBadgePhoto')} />
          <CheckInput name="optionalConsents.webPhoto" label={t('fields.optionalWebPhoto')} />
          <CheckInput name="optionalConsents.publicName" label={t('fields.optionalPublicName')} />
        </Row>
      </Section>

      <Section id="s-contact" title={t('sections.contact')} help={t('help.contact')}>
        <Row>
          <TextInput name="organiser.name" label={t('fields.organiserName')} />
          <TextInput name="organiser.address" label={t('fields.organiserAddress')} />
        </Row>
        <Row>
          <TextInput name="organiser.email" label={t('fields.organiserEmail')} type="email" />
          <TextInput name="organiser.phone" label={t('fields.organiserPhone')} type="tel" required={false} />
        </Row>
        <Row>
          <TextInput name="organiser.vatNumber" label={t('fields.vatNumber')} />
          <TextInput name="organiser.website" label={t('fields.website')} type="url" required={false} />
        </Row>
      </Section>

      <Section id="s-bank" title={t('sections.bank')} help={t('help.bank')}>
        <Row>
          <TextInput name="bank.iban" label={t('fields.iban')} />
          <TextInput name="bank.bic" label={t('fields.bic')} />
        </Row>
        <TextInput name="bank.holder" label={t('fields.holder')} />
      </Section>
    </>
  );
});

/**
 * Save and undo, with the form's state. The form's state is read here only: read in SettingsForm, it would
 * re-render the whole form (every section, hundreds of inputs) on each keystroke that changes it.
 */
function SaveBar({ saving, error, saved, onUndo }: { saving: boolean; error: Error | null; saved: boolean; onUndo: () => void }) {
  const { t } = useTranslation('edition');
  const { submitCount, isValid, dirtyFields } = useFormState<EditionSettings>();
  const invalid = submitCount > 0 && !isValid;
  // Not formState.isDirty: it compares whole documents, and an optional field the form shows empty (a staff
  // category's birth year) is an absent key in the saved settings but an undefined one in the form's values.
  const changed = hasDirtyField(dirtyFields);
  return (
    <Paper
      elevation={3}
      sx={{ position: 'sticky', bottom: 0, p: { xs: 1, sm: 2 }, zIndex: 2, display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}
    >
      <Button type="submit" variant="contained" size="large" disabled={saving}>
        {t('settings.save')}
      </Button>
      <Button type="button" onClick={onUndo} disabled={!changed || saving}>
        {t('settings.undo')}
      </Button>
      {(invalid || error || saved) && (
        <Box sx={{ flex: 1, minWidth: 200 }} role="status">
          {invalid && <Alert severity="error">{t('settings.invalid')}</Alert>}
          {error && <ErrorAlert error={error} submit />}
          {saved && <Alert severity="success">{t('settings.saved')}</Alert>}
        </Box>
      )}
    </Paper>
  );
}
