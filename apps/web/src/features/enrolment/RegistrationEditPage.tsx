import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Controller, useForm, type FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { registrationUpdateSchema, type Registration, type RegistrationUpdate } from '@bjk/domain/enrolment';
import { LANGUAGES } from '@bjk/domain/languages';
import { useEdition } from '../../shared/edition/useEdition';
import { formatDateTime, formatMoney } from '../../shared/format';
import { currentLanguage } from '../../shared/i18n';
import { MissingRecord } from '../../shared/ui/MissingRecord';
import { FamilyLinkButton } from '../../shared/ui/FamilyLinkButton';
import { ErrorAlert } from '../../shared/ui/ErrorAlert';
import { usePlayerCategoryCodes, useRegistrationKind, withKind } from '../../shared/edition/kind';
import { registrationQuery, updateRegistration } from './mgmt-api';
import { ProtectedPhoto } from './ProtectedPhoto';
import { useFieldErrorText } from '../../shared/i18n/field-error';
import { onValidSubmit } from '../../shared/ui/forms';

function editable(r: Registration): RegistrationUpdate {
  return {
    enabled: r.enabled,
    idbel: r.idbel,
    idfide: r.idfide,
    firstName: r.firstName,
    lastName: r.lastName,
    birthYear: r.birthYear,
    gender: r.gender,
    clubId: r.clubId,
    clubName: r.clubName,
    fideFederation: r.fideFederation,
    ratingNational: r.ratingNational,
    ratingFide: r.ratingFide,
    fideTitle: r.fideTitle,
    category: r.category,
    email: r.email,
    mobile: r.mobile,
    parent: r.parent,
    attendant: r.attendant,
    language: r.language,
    remarks: r.remarks,
  };
}

const NUMBER_FIELDS = new Set(['idbel', 'idfide', 'birthYear', 'clubId', 'ratingNational', 'ratingFide']);
const NULLABLE_TEXT = new Set(['clubName', 'fideFederation', 'fideTitle']);

/** `/mgmt/registration_edit?id=…[&kind=vk]`: every field of a registration; the whole record is saved back. */
export function RegistrationEditPage() {
  const { t } = useTranslation('enrolment');
  const kind = useRegistrationKind();
  const categories = usePlayerCategoryCodes(kind);
  const edition = useEdition();
  const language = currentLanguage();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const client = useQueryClient();
  const query = useQuery({ ...registrationQuery(kind, id), enabled: id !== '' });
  const form = useForm<RegistrationUpdate>({ resolver: zodResolver(registrationUpdateSchema) });
  useEffect(() => {
    if (query.data) form.reset(editable(query.data));
  }, [query.data, form]);
  const save = useMutation({
    mutationFn: (values: RegistrationUpdate) => updateRegistration(kind, id, values),
    onSuccess: (saved) => {
      client.setQueryData(registrationQuery(kind, id).queryKey, saved);
      void client.invalidateQueries({ queryKey: ['enrolment', 'registrations'] });
    },
  });
  const fieldError = useFieldErrorText();
  const errorOf = (path: FieldPath<RegistrationUpdate>) => fieldError(form.getFieldState(path, form.formState).error);
  const field = (path: FieldPath<RegistrationUpdate>, label: string, props: Record<string, unknown> = {}) => (
    <Controller
      name={path}
      control={form.control}
      render={({ field: f }) => (
        <TextField
          {...props}
          label={label}
          value={f.value ?? ''}
          onChange={(e) => {
            const raw = e.target.value;
            if (NUMBER_FIELDS.has(path)) f.onChange(raw === '' ? null : Number(raw));
            else if (NULLABLE_TEXT.has(path)) f.onChange(raw === '' ? null : raw);
            else f.onChange(raw);
          }}
          onBlur={f.onBlur}
          error={!!errorOf(path)}
          helperText={errorOf(path)}
          size="small"
          slotProps={{ htmlInput: { 'data-testid': `edit-${path}` } }}
        />
      )}
    />
  );

  if (!id || query.isError)
    return <MissingRecord message={t('mgmt.noId')} error={query.error} backTo={withKind('/mgmt/registrations', kind)} backLabel={t('mgmt.backToList')} />;
  if (!query.data) return null;
  const r = query.data;
  const grid = { display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: '1fr 1fr 1fr' } };
  return (
    <Stack spacing={2} component="form" noValidate onSubmit={onValidSubmit(form, (values) => save.mutate(values))}>
      <Typography variant="body2">
        <RouterLink to={withKind('/mgmt/registrations', kind)}>{t('mgmt.backToList')}</RouterLink>
      </Typography>
      <Typography variant="h1">
        {r.lastName} {r.firstName}
      </Typography>
      <Typography color="textSecondary" data-testid="registration-summary">
        {t(`kinds.${kind}`)} · {t(`mgmt.statuses.${r.status}`)} · {formatDateTime(r.confirmedAt ?? r.createdAt, language, edition.timeZone)}
        {r.feeCents !== null ? ` · ${formatMoney(r.feeCents, language)}` : ''}
      </Typography>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
        <ProtectedPhoto path={`/api/v1/registration/${kind}/${id}/photo`} />
        <Paper variant="outlined" sx={{ p: 2, flex: 1 }}>
          <Stack spacing={1.5}>
            <Controller
              name="enabled"
              control={form.control}
              render={({ field: f }) => (
                <FormControlLabel control={<Switch checked={!!f.value} onChange={(e) => f.onChange(e.target.checked)} />} label={t('mgmt.enabled')} />
              )}
            />
            <Box sx={grid}>
              {field('firstName', t('details.firstName'))}
              {field('lastName', t('details.lastName'))}
              {field('idbel', t('lookup.idbel'), { type: 'number' })}
              {field('idfide', t('lookup.idfide'), { type: 'number' })}
              {field('birthYear', t('details.birthYear'), { type: 'number' })}
              {field('gender', t('details.gender'), {
                select: true,
                children: [
                  <MenuItem key="M" value="M">
                    {t('gender.M')}
                  </MenuItem>,
                  <MenuItem key="F" value="F">
                    {t('gender.F')}
                  </MenuItem>,
                ],
              })}
              {field('category', t('details.category'), {
                select: true,
                children: categories.map((code) => (
                  <MenuItem key={code} value={code}>
                    {code}
                  </MenuItem>
                )),
              })}
              {field('clubId', t('mgmt.clubId'), { type: 'number' })}
              {field('clubName', t('details.club'))}
              {field('fideFederation', t('details.fideFederation'))}
              {field('fideTitle', t('mgmt.fideTitle'))}
              {field('ratingNational', t('participants.ratingNational'), { type: 'number' })}
              {field('ratingFide', t('participants.ratingFide'), { type: 'number' })}
              {field('language', t('mgmt.language'), {
                select: true,
                children: LANGUAGES.map((l) => (
                  <MenuItem key={l} value={l}>
                    {l}
                  </MenuItem>
                )),
              })}
            </Box>
          </Stack>
        </Paper>
      </Stack>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography variant="h2" sx={{ fontSize: '1.1rem', mb: 1.5 }}>
          {t('mgmt.contacts')}
        </Typography>
        <Box sx={grid}>
          {field('email', `${t('details.player')} · ${t('details.email')}`)}
          {field('mobile', `${t('details.player')} · ${t('details.mobile')}`)}
          <span />
          {field('parent.fullName', `${t('details.parent')} · ${t('details.fullName')}`)}
          {field('parent.email', `${t('details.parent')} · ${t('details.email')}`)}
          {field('parent.mobile', `${t('details.parent')} · ${t('details.mobile')}`)}
          {field('attendant.fullName', `${t('details.attendant')} · ${t('details.fullName')}`)}
          {field('attendant.email', `${t('details.attendant')} · ${t('details.email')}`)}
          {field('attendant.mobile', `${t('details.attendant')} · ${t('details.mobile')}`)}
        </Box>
        {r.status === 'confirmed' && (
          <Box sx={{ mt: 2 }}>
            <FamilyLinkButton source={{ kind: 'registration', registrationKind: kind, id }} />
          </Box>
        )}
      </Paper>
      {field('remarks', t('mgmt.remarks'), { multiline: true, minRows: 2 })}
      {save.isError && <ErrorAlert error={save.error} submit />}
      {save.isSuccess && !form.formState.isDirty && <Alert severity="success">{t('mgmt.saved')}</Alert>}
      <Box>
        <Button type="submit" variant="contained" disabled={save.isPending} data-testid="edit-save">
          {t('mgmt.save')}
        </Button>
      </Box>
    </Stack>
  );
}
