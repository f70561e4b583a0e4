import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CONSENT_PURPOSES, type ConsentChoices } from '@bjk/domain/consents';
import Checkbox from '@mui/material/Checkbox';
import { useInstantFormat } from '../../shared/edition/useEdition';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { participantUpdateSchema, type Participant, type ParticipantUpdate } from '@bjk/domain/enrolment';
import { MissingRecord } from '../../shared/ui/MissingRecord';
import { ErrorAlert } from '../../shared/ui/ErrorAlert';
import { SourcePaymentRequest } from '../../shared/ui/SourcePaymentRequest';
import { usePlayerCategoryCodes, useRegistrationKind, withKind } from '../../shared/edition/kind';
import { participantQuery, replaceParticipantPhoto, updateParticipant, updateParticipantConsents } from './mgmt-api';
import { ProtectedPhoto } from './ProtectedPhoto';
import { EnabledSwitch, RecordHeading, SaveBar, plainOptions, mealsCodeOptions, editableFields, useRecordEditing, useTextFields } from './form-fields';
import { onValidSubmit } from '../../shared/ui/forms';

const editable = (p: Participant) => editableFields(participantUpdateSchema, p);

/** `/mgmt/participant_edit?id=…[&kind=vk]`: category, e-mails, meals, ratings, enabled, remarks, and the photo. */
export function ParticipantEditPage() {
  const { t } = useTranslation('enrolment');
  const kind = useRegistrationKind();
  const categories = usePlayerCategoryCodes(kind);
  const [params] = useSearchParams();
  const id = Number(params.get('id') ?? '0');
  const client = useQueryClient();
  const form = useForm<ParticipantUpdate>({ resolver: zodResolver(participantUpdateSchema) });
  const { query, save } = useRecordEditing({
    record: participantQuery(kind, id),
    enabled: id > 0,
    form,
    editable,
    update: (values) => updateParticipant(kind, id, values),
    listKey: ['enrolment', 'participants'],
  });
  const photo = useMutation({
    mutationFn: (file: File) => replaceParticipantPhoto(kind, id, file),
    onSuccess: () => void client.invalidateQueries({ queryKey: ['enrolment', 'photo'] }),
  });
  const field = useTextFields(form, 'edit-');

  if (!id || query.isError)
    return <MissingRecord message={t('mgmt.noId')} error={query.error} backTo={withKind('/mgmt/participants', kind)} backLabel={t('mgmt.backToList')} />;
  if (!query.data) return null;
  const p = query.data;
  return (
    <Stack spacing={2} component="form" noValidate onSubmit={onValidSubmit(form, (values) => save.mutate(values))}>
      <RecordHeading backTo={withKind('/mgmt/participants', kind)} record={p} />
      <Typography color="textSecondary">
        {[
          t(`kinds.${kind}`),
          p.idbel && `${t('lookup.idbel')} ${p.idbel}`,
          p.idfide && `${t('lookup.idfide')} ${p.idfide}`,
          p.birthYear,
          p.clubName,
          p.fideFederation,
          p.fideTitle,
        ]
          .filter(Boolean)
          .join(' · ')}
      </Typography>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
        <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
          <ProtectedPhoto path={`/api/v1/participant/photo/${kind}/${id}`} version={photo.data} />
          <Button component="label" variant="outlined" size="small" disabled={photo.isPending}>
            {t('mgmt.replacePhoto')}
            <input
              hidden
              type="file"
              accept="image/*"
              data-testid="participant-photo"
              onChange={(e) => e.target.files?.[0] && photo.mutate(e.target.files[0])}
            />
          </Button>
          {photo.isError && <ErrorAlert error={photo.error} submit />}
        </Stack>
        <Paper variant="outlined" sx={{ p: 2, flex: 1 }}>
          <Stack spacing={1.5}>
            <EnabledSwitch form={form} />
            <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
              {field('category', t('details.category'), { select: true, children: plainOptions(categories) })}
              {field('mealsCode', t('mgmt.meals'), { select: true, children: mealsCodeOptions(t) }, 'nullable')}
              {field('ratingNational', t('participants.ratingNational'), {}, 'number')}
              {field('ratingFide', t('participants.ratingFide'), {}, 'number')}
              {field('email', `${t('details.player')} · ${t('details.email')}`)}
              {field('parentName', `${t('details.parent')} · ${t('details.fullName')}`)}
              {field('parentEmail', `${t('details.parent')} · ${t('details.email')}`)}
              {field('attendantEmail', `${t('details.attendant')} · ${t('details.email')}`)}
            </Box>
            {field('remarks', t('mgmt.remarks'), { multiline: true, minRows: 2 })}
          </Stack>
        </Paper>
      </Stack>
      <SaveBar save={save} dirty={form.formState.isDirty}>
        <Button component={RouterLink} to={`/mgmt/print?holder=participant&id=${id}&kind=${kind}`} variant="outlined" data-testid="print-badge">
          {t('mgmt.printBadge')}
        </Button>
      </SaveBar>
      <ParticipantConsents participant={p} />
      <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="participant-payment-title">
        <Typography variant="h2" id="participant-payment-title" sx={{ fontSize: '1.1rem', mb: 1.5 }}>
          {t('mgmt.payment')}
        </Typography>
        <SourcePaymentRequest kind={`participant_${kind}`} sourceId={String(id)} />
      </Paper>
    </Stack>
  );
}

/**
 * The player's consents per purpose (decision 0020): what the family chose in the wizard or on its page; a manager may
 * change them (on the family's word, by mail or at the desk), audited as the manager's change. Saved at once.
 */
function ParticipantConsents({ participant }: { participant: Participant }) {
  const { t } = useTranslation('enrolment');
  const instant = useInstantFormat();
  const client = useQueryClient();
  const kind = participant.kind;
  const save = useMutation({
    mutationFn: (choices: ConsentChoices) => updateParticipantConsents(kind, participant.id, choices),
    onSuccess: (saved) => {
      client.setQueryData(participantQuery(kind, participant.id).queryKey, saved);
      void client.invalidateQueries({ queryKey: ['enrolment', 'participants'] });
    },
  });
  const { changedAt, changedBy, ...choices } = participant.consents;
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="participant-consents-title" data-testid="participant-consents">
      <Typography variant="h2" id="participant-consents-title" sx={{ fontSize: '1.1rem', mb: 1 }}>
        {t('mgmt.consents.title')}
      </Typography>
      <Stack>
        {CONSENT_PURPOSES.map((purpose) => (
          <FormControlLabel
            key={purpose}
            disabled={save.isPending}
            control={
              <Checkbox
                checked={choices[purpose]}
                onChange={(e) => save.mutate({ ...choices, [purpose]: e.target.checked })}
                slotProps={{ input: { 'data-testid': `participant-consent-${purpose}` } as object }}
              />
            }
            label={t(`gdpr.purpose.${purpose}`)}
          />
        ))}
      </Stack>
      <Typography variant="body2" color="textSecondary">
        {changedAt ? t('mgmt.consents.changed', { when: instant(changedAt), who: t(`mgmt.consents.by.${changedBy}`) }) : t('mgmt.consents.by.default')}
      </Typography>
      {save.isError && <ErrorAlert error={save.error} submit />}
    </Paper>
  );
}
