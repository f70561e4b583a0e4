import type { InputHTMLAttributes } from 'react';
import type { FieldError, FieldErrors, Path, UseFieldArrayReturn, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { addDays } from '@bjk/domain/dates';
import type { EditionSettings } from '@bjk/domain/edition';
import type { ReservationWizardValues } from '@bjk/domain/lodging';
import { ageGroupOf, findRoomType, mealPlansFor, normalStayDates, offeredRoomTypes } from '@bjk/domain/lodging-pricing';
import { formatDate, formatMoney } from '../../shared/format';
import { currentLanguage } from '../../shared/i18n';
import { ShellButton } from '../../shared/ui/ShellButton';
import { Card } from '../../shared/ui/plain/Card';
import { CheckboxField, CONTACT_INPUTS, RadioChoice, RadioGroup, TextArea, TextInput } from '../../shared/ui/plain/fields';
import { Icon } from '../../shared/ui/plain/Icon';
import { Notice } from '../../shared/ui/plain/Notice';
import { fieldError } from './messages';
import './wizard.css';

/**
 * The reservation wizard's steps, one component each, over the form the wizard holds (its values live in
 * react-hook-form, so going back and forth keeps them); ReservationForm owns the values, the checks before
 * "next" and the submission. Plain elements with the plain kit and static CSS (one UI system on the public site,
 * issue #25): native inputs registered with react-hook-form.
 */
type WizardForm = UseFormReturn<ReservationWizardValues>;
type WizardErrors = FieldErrors<ReservationWizardValues>;
type RoomType = NonNullable<ReturnType<typeof findRoomType>>;

type WizardInputProps = {
  form: WizardForm;
  path: Path<ReservationWizardValues>;
  /** The label's key in the lodging texts. */
  label: string;
  error: FieldError | undefined;
  help?: string;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'form'>;

/** A required text field of the wizard, registered at `path`, its message (after a check) beneath it. */
function WizardInput({ form, path, label, error, help, ...input }: WizardInputProps) {
  const { t } = useTranslation('lodging');
  return <TextInput label={t(label)} required error={fieldError(t, error?.message)} help={help} {...input} {...form.register(path)} />;
}

export const emptyGuest = () => ({ firstName: '', lastName: '', birthDate: '', participates: false });
/** Who asks: name, e-mail, mobile and address of the responsible adult. */
export function ContactStep({ form, errors }: { form: WizardForm; errors: WizardErrors }) {
  const { t } = useTranslation('lodging');
  return (
    <div className="bjk-stack">
      <p className="bjk-body1 bjk-secondary">{t('contact.intro')}</p>
      <div className="bjk-wizard-pair">
        <WizardInput form={form} path="contact.firstName" label="fields.firstName" error={errors.contact?.firstName} autoComplete="given-name" />
        <WizardInput form={form} path="contact.lastName" label="fields.lastName" error={errors.contact?.lastName} autoComplete="family-name" />
      </div>
      <WizardInput form={form} path="contact.email" label="fields.email" error={errors.contact?.email} {...CONTACT_INPUTS.email} />
      <WizardInput
        form={form}
        path="contact.mobile"
        label="fields.mobile"
        error={errors.contact?.mobile}
        {...CONTACT_INPUTS.mobile}
        placeholder="+32 475 12 34 56"
        help={t('fields.mobileHelp')}
      />
      <TextArea
        label={t('fields.address')}
        required
        autoComplete="street-address"
        error={fieldError(t, errors.contact?.address?.message)}
        {...form.register('contact.address')}
      />
    </div>
  );
}

/** The room type, the normal dates with the optional extra nights, and remarks. */
export function AccommodationStep({ form, errors, settings }: { form: WizardForm; errors: WizardErrors; settings: EditionSettings }) {
  const { t } = useTranslation('lodging');
  const language = currentLanguage();
  const normal = normalStayDates(settings);
  return (
    <div className="bjk-stack">
      <RadioGroup label={t('accommodation.chooseType')} error={errors.roomType && fieldError(t, errors.roomType.message)}>
        {offeredRoomTypes(settings).map((type) => (
          <RadioChoice
            key={type.code}
            value={type.code}
            label={type.label[language]}
            detail={
              t('accommodation.typeFacts', { min: type.minPersons, max: type.maxPersons, price: formatMoney(type.pricePerNightCents, language) }) +
              (type.breakfastIncluded ? ` · ${t('accommodation.breakfastIncluded')}` : '')
            }
            {...form.register('roomType')}
          />
        ))}
      </RadioGroup>
      <div>
        <p className="bjk-body1 bjk-wizard-strong">{t('accommodation.dates')}</p>
        <p className="bjk-body1">
          {t('accommodation.normalDates', { arrival: formatDate(normal.arrivalDate, language), departure: formatDate(normal.departureDate, language) })}
        </p>
      </div>
      {(settings.lodging.extraNightBefore || settings.lodging.extraNightAfter) && (
        <div>
          {settings.lodging.extraNightBefore && (
            <CheckboxField
              label={t('accommodation.extraBefore', { date: formatDate(addDays(normal.arrivalDate, -1), language) })}
              {...form.register('extraNightBefore')}
            />
          )}
          {settings.lodging.extraNightAfter && (
            <CheckboxField
              label={t('accommodation.extraAfter', { date: formatDate(addDays(normal.departureDate, 1), language) })}
              {...form.register('extraNightAfter')}
            />
          )}
        </div>
      )}
      <TextArea label={t('fields.remarks')} help={t('fields.remarksHelp')} {...form.register('remarks')} />
    </div>
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
    <div className="bjk-stack">
      <Notice severity="info">{t('guests.reminder')}</Notice>
      <p className="bjk-body1 bjk-secondary">{t('guests.countRule', limits)}</p>
      {guests.fields.map((field, index) => {
        const guestErrors = errors.guests?.[index];
        const birthDate = values.guests[index]?.birthDate;
        return (
          <Card key={field.id} testId={`guest-${index}`}>
            <div className="bjk-stack bjk-wizard-guest">
              <div className="bjk-wizard-guest-head">
                <p className="bjk-body1 bjk-wizard-strong">{t('guests.guestN', { n: index + 1 })}</p>
                {guests.fields.length > 1 && (
                  <ShellButton variant="icon" aria-label={t('guests.remove', { n: index + 1 })} onClick={() => guests.remove(index)}>
                    <Icon name="deleteOutlined" />
                  </ShellButton>
                )}
              </div>
              <div className="bjk-wizard-pair">
                <WizardInput form={form} path={`guests.${index}.firstName`} label="fields.firstName" error={guestErrors?.firstName} />
                <WizardInput form={form} path={`guests.${index}.lastName`} label="fields.lastName" error={guestErrors?.lastName} />
              </div>
              <WizardInput
                form={form}
                path={`guests.${index}.birthDate`}
                label="fields.birthDate"
                error={guestErrors?.birthDate}
                type="date"
                help={birthDate && /^\d{4}-\d{2}-\d{2}$/.test(birthDate) ? t(`ageGroups.${ageGroupOf(settings, birthDate)}`) : undefined}
              />
              <CheckboxField label={t('fields.participates')} {...form.register(`guests.${index}.participates`)} />
            </div>
          </Card>
        );
      })}
      {/* The count rule is checked here from the list itself: react-hook-form's field array may drop the list's own error. */}
      {guestsChecked && (guests.fields.length < roomType.minPersons || guests.fields.length > roomType.maxPersons) && (
        <Notice severity="error" role="alert" testId="guests-count-error">
          {t('guests.countRule', { min: roomType.minPersons, max: roomType.maxPersons })}
        </Notice>
      )}
      {guests.fields.length < roomType.maxPersons && (
        <ShellButton variant="outlined" className="bjk-wizard-add" onClick={() => guests.append(emptyGuest())}>
          <Icon name="add" size={20} />
          {t('guests.add')}
        </ShellButton>
      )}
    </div>
  );
}

/** The meal plan, among those the room type offers. */
export function MealsStep({ form, errors, settings, roomType }: { form: WizardForm; errors: WizardErrors; settings: EditionSettings; roomType: RoomType }) {
  const { t } = useTranslation('lodging');
  return (
    <div className="bjk-stack">
      <RadioGroup label={t('meals.choose')} error={errors.mealPlan && fieldError(t, errors.mealPlan.message)}>
        {mealPlansFor(settings, roomType).map((plan) => (
          <RadioChoice
            key={plan}
            value={plan}
            label={t(`plans.${plan}.label`)}
            detail={plan === 'breakfast' && roomType.breakfastIncluded ? t('plans.breakfast.included') : t(`plans.${plan}.text`)}
            {...form.register('mealPlan')}
          />
        ))}
      </RadioGroup>
      <p className="bjk-body2 bjk-secondary">{t('meals.diet')}</p>
    </div>
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
    <dl className="bjk-wizard-overview" data-testid="reservation-overview">
      {rows.map(([label, value]) => (
        <div key={label} className="bjk-wizard-overview-row">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
      <div className="bjk-wizard-overview-row">
        <dt>{t('overview.guests')}</dt>
        <dd>
          {values.guests.map((guest, index) => (
            <p key={index} className="bjk-body1">
              {guest.firstName} {guest.lastName}, {guest.birthDate ? formatDate(guest.birthDate, language) : ''}
              {guest.participates ? ` · ${t('overview.participates')}` : ''}
            </p>
          ))}
        </dd>
      </div>
    </dl>
  );
}
