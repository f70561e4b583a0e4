import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { registrationUpdateSchema, type Registration, type RegistrationUpdate } from '@bjk/domain/enrolment';
import { LANGUAGES } from '@bjk/domain/languages';
import { useEdition } from '../../shared/edition/useEdition';
import { formatDateTime, formatMoney } from '../../shared/format';
import { currentLanguage } from '../../shared/i18n';
import { MissingRecord } from '../../shared/ui/MissingRecord';
import { FamilyLinkButton } from '../../shared/ui/FamilyLinkButton';
import { usePlayerCategoryCodes, useRegistrationKind, withKind } from '../../shared/edition/kind';
import { registrationQuery, updateRegistration } from './mgmt-api';
import { ProtectedPhoto } from './ProtectedPhoto';
import { EnabledSwitch, RecordHeading, SaveBar, plainOptions, editableFields, useRecordEditing, useTextFields } from './form-fields';
import { onValidSubmit } from '../../shared/ui/forms';

const editable = (r: Registration) => editableFields(registrationUpdateSchema, r);

/** `/mgmt/registration_edit?id=…[&kind=vk]`: every field of a registration; the whole record is saved back. */
export function RegistrationEditPage() {
  const { t } = useTranslation('enrolment');
  const kind = useRegistrationKind();
  const categories = usePlayerCategoryCodes(kind);
  const edition = useEdition();
  const language = currentLanguage();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const form = useForm<RegistrationUpdate>({ resolver: zodResolver(registrationUpdateSchema) });
  const { query, save } = useRecordEditing({
    record: registrationQuery(kind, id),
    enabled: id !== '',
    form,
    editable,
    update: (values) => updateRegistration(kind, id, values),
    listKey: ['enrolment', 'registrations'],
  });
  const field = useTextFields(form, 'edit-');

  if (!id || query.isError)
    return <MissingRecord message={t('mgmt.noId')} error={query.error} backTo={withKind('/mgmt/registrations', kind)} backLabel={t('mgmt.backToList')} />;
  if (!query.data) return null;
  const r = query.data;
  const grid = { display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: '1fr 1fr 1fr' } };
  return (
    <Stack spacing={2} component="form" noValidate onSubmit={onValidSubmit(form, (values) => save.mutate(values))}>
      <RecordHeading backTo={withKind('/mgmt/registrations', kind)} record={r} />
      <Typography color="textSecondary" data-testid="registration-summary">
        {t(`kinds.${kind}`)} · {t(`mgmt.statuses.${r.status}`)} · {formatDateTime(r.confirmedAt ?? r.createdAt, language, edition.timeZone)}
        {r.feeCents !== null ? ` · ${formatMoney(r.feeCents, language)}` : ''}
      </Typography>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
        <ProtectedPhoto path={`/api/v1/registration/${kind}/${id}/photo`} />
        <Paper variant="outlined" sx={{ p: 2, flex: 1 }}>
          <Stack spacing={1.5}>
            <EnabledSwitch form={form} />
            <Box sx={grid}>
              {field('firstName', t('details.firstName'))}
              {field('lastName', t('details.lastName'))}
              {field('idbel', t('lookup.idbel'), {}, 'number')}
              {field('idfide', t('lookup.idfide'), {}, 'number')}
              {field('birthYear', t('details.birthYear'), {}, 'number')}
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
              {field('category', t('details.category'), { select: true, children: plainOptions(categories) })}
              {field('clubId', t('mgmt.clubId'), {}, 'number')}
              {field('clubName', t('details.club'), {}, 'nullable')}
              {field('fideFederation', t('details.fideFederation'), {}, 'nullable')}
              {field('fideTitle', t('mgmt.fideTitle'), {}, 'nullable')}
              {field('ratingNational', t('participants.ratingNational'), {}, 'number')}
              {field('ratingFide', t('participants.ratingFide'), {}, 'number')}
              {field('language', t('mgmt.language'), { select: true, children: plainOptions(LANGUAGES) })}
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
      <SaveBar save={save} dirty={form.formState.isDirty} />
    </Stack>
  );
}
