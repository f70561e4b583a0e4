import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useForm, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  contactIssues,
  emptyContact,
  enrolmentPhase,
  registrationDetailsSchema,
  registrationFeeCents,
  type ConfirmedRegistration,
  type PlayerLookup,
  type RegistrationDetails,
  type RegistrationKind,
} from '@bjk/domain/enrolment';
import { validationMessageKey } from '@bjk/domain/validation-messages';
import { useEdition } from '../../shared/edition/useEdition';
import { formatDateTime, formatMoney } from '../../shared/format';
import { currentLanguage } from '../../shared/i18n';
import { ErrorAlert } from '../../shared/ui/ErrorAlert';
import { confirmRegistration, lookupPlayer, saveDraft, uploadPhoto } from './api';
import { PhotoStep } from './PhotoStep';

const STEPS = ['intro', 'lookup', 'nationality', 'details', 'photo', 'gdpr', 'confirm'] as const;
type Step = (typeof STEPS)[number] | 'done';

/** A field message from the shared schema, in the visitor's language. */
function useFieldMessage() {
  const { t } = useTranslation('enrolment');
  return (message: string | undefined) => {
    if (!message) return undefined;
    const key = validationMessageKey(message);
    return key ? t(`validation.${key}`) : t('validation.invalidValue');
  };
}

function StepFrame({ title, children, actions }: { title: string; children: ReactNode; actions: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack spacing={2}>
        <Typography variant="h2" sx={{ fontSize: { xs: '1.3rem', sm: '1.5rem' } }} data-testid="wizard-step-title">
          {title}
        </Typography>
        {children}
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', pt: 1 }}>
          {actions}
        </Stack>
      </Stack>
    </Paper>
  );
}

type ContactFieldsProps = {
  who: 'parent' | 'attendant';
  register: UseFormRegister<RegistrationDetails>;
  errors: FieldErrors<RegistrationDetails>;
};

function ContactFields({ who, register, errors }: ContactFieldsProps) {
  const { t } = useTranslation('enrolment');
  const message = useFieldMessage();
  const fieldErrors = errors[who];
  return (
    <Stack spacing={1.5} component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
      <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 600 }}>
        {t(`details.${who}`)}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t(`details.${who}Help`)}
      </Typography>
      <TextField label={t('details.fullName')} autoComplete="name" {...register(`${who}.fullName`)} error={!!fieldErrors?.fullName} helperText={message(fieldErrors?.fullName?.message)} slotProps={{ htmlInput: { 'data-testid': `${who}-fullName` } }} />
      <TextField label={t('details.email')} type="email" autoComplete="email" {...register(`${who}.email`)} error={!!fieldErrors?.email} helperText={message(fieldErrors?.email?.message)} slotProps={{ htmlInput: { 'data-testid': `${who}-email` } }} />
      <TextField label={t('details.mobile')} type="tel" autoComplete="tel" placeholder="+32 470 12 34 56" {...register(`${who}.mobile`)} error={!!fieldErrors?.mobile} helperText={message(fieldErrors?.mobile?.message) ?? t('details.mobileHelp')} slotProps={{ htmlInput: { 'data-testid': `${who}-mobile` } }} />
    </Stack>
  );
}

/**
 * The public enrolment wizard (DOMAIN.md §3), phone first: one step per screen, big buttons, the
 * progress on top. The server checks every rule again; its answers are shown in the visitor's language.
 */
export function RegistrationWizard({ kind = 'bjk' }: { kind?: RegistrationKind }) {
  const { t } = useTranslation('enrolment');
  const edition = useEdition();
  const language = currentLanguage();
  const message = useFieldMessage();
  const phase = enrolmentPhase(edition, new Date());

  const [step, setStep] = useState<Step>('intro');
  const [idType, setIdType] = useState<'idbel' | 'idfide'>('idbel');
  const [idText, setIdText] = useState('');
  const [player, setPlayer] = useState<PlayerLookup | null>(null);
  const [draftId, setDraftId] = useState<string | null>(null);
  const [photo, setPhoto] = useState<Blob | null>(null);
  const [uploaded, setUploaded] = useState<Blob | null>(null);
  const [consent, setConsent] = useState(false);
  const [consentMissing, setConsentMissing] = useState(false);
  const [confirmed, setConfirmed] = useState<ConfirmedRegistration | null>(null);
  const [photoUrl, setPhotoUrl] = useState<string | null>(null);

  useEffect(() => {
    if (!photo) return setPhotoUrl(null);
    const url = URL.createObjectURL(photo);
    setPhotoUrl(url);
    return () => URL.revokeObjectURL(url);
  }, [photo]);

  const adult = player?.adult ?? false;
  const schema = useMemo(
    () =>
      registrationDetailsSchema.superRefine((details, ctx) => {
        for (const issue of contactIssues(details, adult)) ctx.addIssue({ code: 'custom', path: issue.path.split('.'), message: issue.message });
      }),
    [adult],
  );
  const form = useForm<RegistrationDetails>({
    resolver: zodResolver(schema),
    defaultValues: { category: '', email: '', mobile: '', parent: emptyContact, attendant: emptyContact },
  });
  const { errors } = form.formState;

  const lookup = useMutation({
    mutationFn: () => lookupPlayer(idType, Number(idText), kind),
    onSuccess: (found) => {
      setPlayer(found);
      if (found.youth && !found.alreadyRegistered) form.setValue('category', found.eligibleCategories[0] ?? '');
    },
  });
  const draft = useMutation({
    mutationFn: (details: RegistrationDetails) =>
      saveDraft(kind, { ...details, id: draftId ?? undefined, idbel: player?.idbel ?? null, idfide: player?.idbel ? null : (player?.idfide ?? null), language }),
    onSuccess: (result) => {
      setDraftId(result.id);
      setStep('photo');
    },
  });
  const photoUpload = useMutation({
    mutationFn: (blob: Blob) => uploadPhoto(draftId ?? '', blob),
    onSuccess: (_, blob) => {
      setUploaded(blob);
      setStep('gdpr');
    },
  });
  const confirm = useMutation({
    mutationFn: () => confirmRegistration(draftId ?? ''),
    onSuccess: (result) => {
      setConfirmed(result);
      setStep('done');
    },
  });

  const restart = () => {
    setStep('intro');
    setIdText('');
    setPlayer(null);
    setDraftId(null);
    setPhoto(null);
    setUploaded(null);
    setConsent(false);
    setConfirmed(null);
    form.reset();
    lookup.reset();
    draft.reset();
    confirm.reset();
  };

  const go = (next: Step) => {
    setStep(next);
    window.scrollTo({ top: 0 });
  };

  const title = (
    <Stack spacing={1}>
      <Typography variant="h1" sx={{ fontSize: { xs: '1.6rem', sm: '2.2rem' } }}>
        {t('title', { name: edition.shortName[language] })}
      </Typography>
      {step !== 'done' && phase !== 'closed' && phase !== 'notOpen' && (
        <Box>
          <Typography variant="body2" color="text.secondary">
            {t('stepOf', { step: STEPS.indexOf(step as (typeof STEPS)[number]) + 1, total: STEPS.length })}
          </Typography>
          <LinearProgress variant="determinate" value={((STEPS.indexOf(step as (typeof STEPS)[number]) + 1) / STEPS.length) * 100} aria-label={t('progress')} />
        </Box>
      )}
    </Stack>
  );

  if (phase === 'closed' || phase === 'notOpen') {
    return (
      <Stack spacing={2} sx={{ maxWidth: 720, mx: 'auto' }}>
        {title}
        <Alert severity="info" data-testid="enrolment-closed">
          {phase === 'closed'
            ? t('closed', { fee: formatMoney(edition.fees.lateFeeCents, language), email: edition.organiser.email })
            : t('notOpen', { opens: formatDateTime(edition.enrolment.opensAt, language, edition.timeZone) })}
        </Alert>
      </Stack>
    );
  }

  const feeCents = player ? registrationFeeCents(edition, kind, player.fideTitle, phase === 'late') : edition.fees.enrolmentCents;
  const back = (to: Step) => (
    <Button variant="text" size="large" onClick={() => go(to)}>
      {t('back')}
    </Button>
  );

  let body: ReactNode;
  switch (step) {
    case 'intro':
      body = (
        <StepFrame
          title={t('intro.title')}
          actions={
            <>
              <span />
              <Button variant="contained" size="large" onClick={() => go('lookup')} data-testid="wizard-next">
                {t('intro.start')}
              </Button>
            </>
          }
        >
          <Typography>{t('intro.text', { fee: formatMoney(edition.fees.enrolmentCents, language) })}</Typography>
          <Box component="ul" sx={{ pl: 3, m: 0 }}>
            <li>{t('intro.needId')}</li>
            <li>{t('intro.needPhoto')}</li>
            <li>{t('intro.needContact')}</li>
          </Box>
          <Alert severity="info">{t('intro.noId')}</Alert>
          {phase === 'late' && <Alert severity="warning">{t('lateNotice', { fee: formatMoney(edition.fees.lateFeeCents, language) })}</Alert>}
        </StepFrame>
      );
      break;
    case 'lookup': {
      const blocked = player && (!player.youth || player.alreadyRegistered);
      body = (
        <StepFrame
          title={t('lookup.title')}
          actions={
            <>
              {back('intro')}
              <Button variant="contained" size="large" disabled={!player || !!blocked} onClick={() => go('nationality')} data-testid="wizard-next">
                {t('next')}
              </Button>
            </>
          }
        >
          <ToggleButtonGroup exclusive size="small" value={idType} onChange={(_, value) => value && (setIdType(value), setPlayer(null), lookup.reset())} aria-label={t('lookup.idType')}>
            <ToggleButton value="idbel">{t('lookup.idbel')}</ToggleButton>
            <ToggleButton value="idfide">{t('lookup.idfide')}</ToggleButton>
          </ToggleButtonGroup>
          <Stack
            component="form"
            direction="row"
            spacing={1}
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              setPlayer(null);
              if (/^\d{1,10}$/.test(idText)) lookup.mutate();
            }}
          >
            <TextField
              label={idType === 'idbel' ? t('lookup.idbel') : t('lookup.idfide')}
              value={idText}
              onChange={(e) => setIdText(e.target.value.replace(/\D/g, ''))}
              slotProps={{ htmlInput: { inputMode: 'numeric', pattern: '[0-9]*', 'data-testid': 'lookup-id' } }}
              sx={{ flex: 1 }}
            />
            <Button type="submit" variant="outlined" disabled={lookup.isPending || idText === ''} data-testid="lookup-search">
              {t('lookup.search')}
            </Button>
          </Stack>
          {lookup.isError && <ErrorAlert error={lookup.error} />}
          {player && !player.youth && <Alert severity="error" data-testid="lookup-not-youth">{kind === 'bjk' ? t('lookup.notYouth') : t('lookup.noCategory')}</Alert>}
          {player && player.youth && player.alreadyRegistered && <Alert severity="warning" data-testid="lookup-registered">{t('lookup.alreadyRegistered')}</Alert>}
          {player && !blocked && (
            <Alert severity="success" data-testid="lookup-found">
              {t('lookup.found', { name: `${player.firstName} ${player.lastName}`, year: player.birthYear ?? '', club: player.clubName ?? '' })}
            </Alert>
          )}
        </StepFrame>
      );
      break;
    }
    case 'nationality': {
      const federation = player?.fideFederation;
      const key = federation === 'BEL' ? 'belgian' : federation ? 'foreign' : 'none';
      body = (
        <StepFrame
          title={t('nationality.title')}
          actions={
            <>
              {back('lookup')}
              <Button variant="contained" size="large" onClick={() => go('details')} data-testid="wizard-next">
                {t('next')}
              </Button>
            </>
          }
        >
          <Typography>
            {t('nationality.federation')} <strong>{federation ?? t('nationality.noFederation')}</strong>
          </Typography>
          <Alert severity={key === 'foreign' ? 'warning' : 'info'} data-testid={`nationality-${key}`}>
            {t(`nationality.${key}`, { federation: federation ?? '' })}
          </Alert>
        </StepFrame>
      );
      break;
    }
    case 'details':
      body = (
        <StepFrame
          title={t('details.title')}
          actions={
            <>
              {back('nationality')}
              <Button variant="contained" size="large" type="submit" form="details-form" disabled={draft.isPending} data-testid="wizard-next">
                {t('next')}
              </Button>
            </>
          }
        >
          <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(4, 1fr)' } }}>
            <TextField label={t('details.firstName')} value={player?.firstName ?? ''} slotProps={{ input: { readOnly: true } }} size="small" />
            <TextField label={t('details.lastName')} value={player?.lastName ?? ''} slotProps={{ input: { readOnly: true } }} size="small" />
            <TextField label={t('details.birthYear')} value={player?.birthYear ?? ''} slotProps={{ input: { readOnly: true } }} size="small" />
            <TextField label={t('details.gender')} value={player?.gender ? t(`gender.${player.gender}`) : ''} slotProps={{ input: { readOnly: true } }} size="small" />
            <TextField label={t('details.fideFederation')} value={player?.fideFederation ?? '—'} slotProps={{ input: { readOnly: true } }} size="small" sx={{ gridColumn: { xs: 'span 2', sm: 'span 4' } }} />
          </Box>
          <Stack component="form" id="details-form" spacing={2} noValidate onSubmit={form.handleSubmit((values) => draft.mutate(values))}>
            <TextField
              select
              label={t('details.category')}
              value={form.watch('category')}
              onChange={(e) => form.setValue('category', e.target.value, { shouldValidate: true })}
              error={!!errors.category}
              helperText={message(errors.category?.message) ?? t('details.categoryHelp')}
              slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'details-category' } as object } }}
            >
              {(player?.eligibleCategories ?? []).map((code) => (
                <MenuItem key={code} value={code}>
                  {t(`categories.${code}`, { defaultValue: code })}
                </MenuItem>
              ))}
            </TextField>
            <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
              {t('details.player')}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {adult ? t('details.playerHelpAdult') : t('details.playerHelpMinor')}
            </Typography>
            <TextField label={t('details.email')} type="email" autoComplete="email" {...form.register('email')} error={!!errors.email} helperText={message(errors.email?.message)} slotProps={{ htmlInput: { 'data-testid': 'player-email' } }} />
            <TextField label={t('details.mobile')} type="tel" autoComplete="tel" placeholder="+32 470 12 34 56" {...form.register('mobile')} error={!!errors.mobile} helperText={message(errors.mobile?.message) ?? t('details.mobileHelp')} slotProps={{ htmlInput: { 'data-testid': 'player-mobile' } }} />
            <ContactFields who="parent" register={form.register} errors={errors} />
            <ContactFields who="attendant" register={form.register} errors={errors} />
            {draft.isError && <ErrorAlert error={draft.error} submit />}
          </Stack>
        </StepFrame>
      );
      break;
    case 'photo':
      body = (
        <StepFrame
          title={t('photo.title')}
          actions={
            <>
              {back('details')}
              <Button
                variant="contained"
                size="large"
                disabled={!photo || photoUpload.isPending}
                onClick={() => (photo && photo === uploaded ? go('gdpr') : photo && photoUpload.mutate(photo))}
                data-testid="wizard-next"
              >
                {t('next')}
              </Button>
            </>
          }
        >
          <PhotoStep photo={photo} onCropped={setPhoto} />
          {photoUpload.isPending && <LinearProgress aria-label={t('photo.uploading')} />}
          {photoUpload.isError && <ErrorAlert error={photoUpload.error} submit />}
        </StepFrame>
      );
      break;
    case 'gdpr':
      body = (
        <StepFrame
          title={t('gdpr.title')}
          actions={
            <>
              {back('photo')}
              <Button
                variant="contained"
                size="large"
                onClick={() => (consent ? go('confirm') : setConsentMissing(true))}
                data-testid="wizard-next"
              >
                {t('next')}
              </Button>
            </>
          }
        >
          <Box component="ul" sx={{ pl: 3, m: 0, '& li': { mb: 1 } }}>
            <li>{t('gdpr.onlyThisTournament')}</li>
            <li>{t('gdpr.neverPassedOn')}</li>
            <li>{t('gdpr.photoBadge')}</li>
            <li>{t('gdpr.overviewPhotos')}</li>
            <li>{t('gdpr.closeUps')}</li>
          </Box>
          <FormControlLabel
            control={<Checkbox checked={consent} onChange={(e) => (setConsent(e.target.checked), setConsentMissing(false))} slotProps={{ input: { 'data-testid': 'gdpr-consent' } as object }} />}
            label={t('gdpr.consent')}
          />
          {consentMissing && <Alert severity="error">{t('validation.consentRequired')}</Alert>}
        </StepFrame>
      );
      break;
    case 'confirm': {
      const values = form.getValues();
      const rows: [string, string][] = [
        [t('details.player'), `${player?.firstName ?? ''} ${player?.lastName ?? ''}`],
        [t('lookup.idbel'), String(player?.idbel ?? '—')],
        [t('details.birthYear'), String(player?.birthYear ?? '')],
        [t('details.club'), player?.clubName ?? ''],
        [t('details.category'), t(`categories.${values.category}`, { defaultValue: values.category })],
        [t('details.email'), values.email],
        [t('details.mobile'), values.mobile],
        [t('details.parent'), [values.parent.fullName, values.parent.email, values.parent.mobile].filter(Boolean).join(' · ')],
        [t('details.attendant'), [values.attendant.fullName, values.attendant.email, values.attendant.mobile].filter(Boolean).join(' · ')],
        [t('confirm.fee'), formatMoney(feeCents, language)],
      ];
      body = (
        <StepFrame
          title={t('confirm.title')}
          actions={
            <>
              {back('gdpr')}
              <Button variant="contained" size="large" color="success" disabled={confirm.isPending} onClick={() => confirm.mutate()} data-testid="wizard-confirm">
                {t('confirm.submit')}
              </Button>
            </>
          }
        >
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { xs: 'center', sm: 'flex-start' } }}>
            {photoUrl && <Box component="img" src={photoUrl} alt={t('photo.previewAlt')} sx={{ width: 160, height: 200, objectFit: 'cover', borderRadius: 1, boxShadow: 1, flexShrink: 0 }} />}
            <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 0.5, width: '100%' }} data-testid="confirm-summary">
              {rows
                .filter(([, value]) => value !== '')
                .map(([label, value]) => (
                  <Box key={label} sx={{ display: 'contents' }}>
                    <Typography component="dt" color="text.secondary" variant="body2">
                      {label}
                    </Typography>
                    <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
                      {value}
                    </Typography>
                  </Box>
                ))}
            </Box>
          </Stack>
          {phase === 'late' && <Alert severity="warning" data-testid="late-fee">{t('lateFee', { fee: formatMoney(edition.fees.lateFeeCents, language) })}</Alert>}
          {confirm.isError && <ErrorAlert error={confirm.error} submit />}
        </StepFrame>
      );
      break;
    }
    case 'done':
      body = (
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
          <Stack spacing={2}>
            <Alert severity="success" data-testid="enrolment-done">
              {t('done.thanks', { name: `${player?.firstName ?? ''} ${player?.lastName ?? ''}` })}
            </Alert>
            <Typography>{t('done.payment', { fee: formatMoney(confirmed?.feeCents ?? feeCents, language) })}</Typography>
            <Typography>{t('done.mail')}</Typography>
            <Button variant="outlined" size="large" onClick={restart} data-testid="enrolment-new">
              {t('done.new')}
            </Button>
          </Stack>
        </Paper>
      );
      break;
  }

  return (
    <Stack spacing={2} sx={{ maxWidth: 720, mx: 'auto' }}>
      {title}
      {body}
    </Stack>
  );
}

export function RegistrationBjkPage() {
  return <RegistrationWizard kind="bjk" />;
}
