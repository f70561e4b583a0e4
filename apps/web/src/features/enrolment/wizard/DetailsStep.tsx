import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { useForm, type FieldErrors, type Path, type UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  contactIssues,
  emptyContact,
  registrationDetailsSchema,
  type PlayerLookup,
  type RegistrationDetails,
  type RegistrationKind,
} from '@bjk/domain/enrolment';
import { currentLanguage } from '../../../shared/i18n';
import { onValidSubmit } from '../../../shared/ui/forms';
import { ErrorNotice } from '../../../shared/ui/plain/ErrorNotice';
import { CONTACT_INPUTS, SelectInput, TextInput } from '../../../shared/ui/plain/fields';
import { ShellButton } from '../../../shared/ui/ShellButton';
import { saveDraft } from '../api';
import { BackButton } from './BackButton';
import { useFieldMessage } from './field-message';
import { StepFrame } from './StepFrame';
import { useSubmission } from './submission';

/** A contact field of the step: its label, input attributes and help, by name. */
const CONTACT_FIELDS = {
  fullName: { input: CONTACT_INPUTS.name, help: undefined },
  email: { input: CONTACT_INPUTS.email, help: undefined },
  mobile: { input: { ...CONTACT_INPUTS.mobile, placeholder: '+32 470 12 34 56' }, help: 'details.mobileHelp' },
} as const;

type ContactFieldProps = {
  name: keyof typeof CONTACT_FIELDS;
  path: Path<RegistrationDetails>;
  testId: string;
  error: string | undefined;
  register: UseFormRegister<RegistrationDetails>;
};

/** One contact field, registered at `path`, its error (after a submit) beneath it. */
function ContactField({ name, path, testId, error, register }: ContactFieldProps) {
  const { t } = useTranslation('enrolment');
  const message = useFieldMessage();
  const { input, help } = CONTACT_FIELDS[name];
  return <TextInput label={t(`details.${name}`)} {...input} error={message(error)} help={help && t(help)} data-testid={testId} {...register(path)} />;
}

type ContactFieldsProps = {
  who: 'parent' | 'attendant';
  register: UseFormRegister<RegistrationDetails>;
  errors: FieldErrors<RegistrationDetails>;
};

function ContactFields({ who, register, errors }: ContactFieldsProps) {
  const { t } = useTranslation('enrolment');
  return (
    <fieldset className="bjk-enrol-fieldset">
      <legend className="bjk-enrol-subtitle">{t(`details.${who}`)}</legend>
      <p className="bjk-body2 bjk-secondary">{t(`details.${who}Help`)}</p>
      {(['fullName', 'email', 'mobile'] as const).map((name) => (
        <ContactField key={name} name={name} path={`${who}.${name}`} testId={`${who}-${name}`} error={errors[who]?.[name]?.message} register={register} />
      ))}
    </fieldset>
  );
}

type Props = {
  kind: RegistrationKind;
  player: PlayerLookup;
  /** What was entered before going back, and the draft it was saved as. */
  kept: { details?: RegistrationDetails; draftId?: string };
  onDrafted: (details: RegistrationDetails, draftId: string) => void;
  onBack: () => void;
};

/**
 * Step 4: category and contacts. The form lives in this step alone: its submit button is its own, so no click on
 * another step can submit it, and its errors show only after the visitor submits it, each under its field.
 */
export function DetailsStep({ kind, player, kept, onDrafted, onBack }: Props) {
  const { t } = useTranslation('enrolment');
  const message = useFieldMessage();
  const language = currentLanguage();
  const adult = player.adult;
  const schema = useMemo(
    () =>
      registrationDetailsSchema.superRefine((details, ctx) => {
        for (const issue of contactIssues(details, adult)) ctx.addIssue({ code: 'custom', path: issue.path.split('.'), message: issue.message });
      }),
    [adult],
  );
  const form = useForm<RegistrationDetails>({
    resolver: zodResolver(schema),
    defaultValues: kept.details ?? { category: player.eligibleCategories[0] ?? '', email: '', mobile: '', parent: emptyContact, attendant: emptyContact },
  });
  const { errors } = form.formState;
  const draft = useSubmission(
    (details: RegistrationDetails) =>
      saveDraft(kind, { ...details, id: kept.draftId, idbel: player.idbel, idfide: player.idbel ? null : player.idfide, language }),
    (result, details) => onDrafted(details, result.id),
  );

  return (
    <StepFrame
      title={t('details.title')}
      actions={
        <>
          <BackButton onBack={onBack} />
          <ShellButton variant="contained" size="large" type="submit" form="details-form" disabled={draft.pending} data-testid="wizard-next">
            {t('next')}
          </ShellButton>
        </>
      }
    >
      <div className="bjk-enrol-facts">
        <TextInput label={t('details.firstName')} value={player.firstName} readOnly />
        <TextInput label={t('details.lastName')} value={player.lastName} readOnly />
        <TextInput label={t('details.birthYear')} value={player.birthYear ?? ''} readOnly />
        <TextInput label={t('details.gender')} value={player.gender ? t(`gender.${player.gender}`) : ''} readOnly />
        <TextInput label={t('details.fideFederation')} value={player.fideFederation ?? '—'} readOnly className="bjk-enrol-facts-wide" />
      </div>
      <form id="details-form" className="bjk-stack" noValidate onSubmit={onValidSubmit(form, (values) => draft.run(values))}>
        <SelectInput
          label={t('details.category')}
          error={message(errors.category?.message)}
          help={t('details.categoryHelp')}
          data-testid="details-category"
          {...form.register('category')}
        >
          {player.eligibleCategories.map((code) => (
            <option key={code} value={code}>
              {t(`categories.${code}`, { defaultValue: code })}
            </option>
          ))}
        </SelectInput>
        <div>
          <h3 className="bjk-enrol-subtitle">{t('details.player')}</h3>
          <p className="bjk-body2 bjk-secondary">{adult ? t('details.playerHelpAdult') : t('details.playerHelpMinor')}</p>
        </div>
        {(['email', 'mobile'] as const).map((name) => (
          <ContactField key={name} name={name} path={name} testId={`player-${name}`} error={errors[name]?.message} register={form.register} />
        ))}
        <ContactFields who="parent" register={form.register} errors={errors} />
        <ContactFields who="attendant" register={form.register} errors={errors} />
        {draft.failure !== null && <ErrorNotice error={draft.failure} submit />}
      </form>
    </StepFrame>
  );
}
