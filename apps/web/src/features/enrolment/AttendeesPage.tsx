import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { attendeeInputSchema, type Attendee, type AttendeeInput, type RegistrationKind } from '@bjk/domain/enrolment';
import { useEdition } from '../../shared/edition/useEdition';
import type { DataColumn } from '../../shared/ui/DataTable';
import { PagedTable } from '../../shared/ui/PagedTable';
import { ErrorAlert } from '../../shared/ui/ErrorAlert';
import { ListSearch } from '../../shared/ui/ListFilter';
import { useListParams } from '../../shared/ui/useListParams';
import { KindSwitch } from '../../shared/edition/kind';
import { GuestImportPanel, StaffCategorySelect } from './GuestImportPanel';
import { attendeesQuery, createAttendee, createGuest, updateAttendee } from './mgmt-api';
import { EnabledSwitch, editableFields, mealsCodeOptions, useTextFields } from './form-fields';
import { onValidSubmit } from '../../shared/ui/forms';
import { PageHeader } from '../../shared/ui/PageHeader';
import { KeyedByKind } from './mgmt-lists';

const empty: AttendeeInput = { firstName: '', lastName: '', category: 'GUEST', email: '', mobile: '', mealsCode: null, enabled: true, remarks: '' };

/** The attendees of a kind, with search and paging in the address; `onSelect` makes each name open the editor. */
function AttendeeTable({ kind, onSelect }: { kind: RegistrationKind; onSelect?: (a: Attendee) => void }) {
  const { t } = useTranslation('enrolment');
  const list = useListParams({ pageSize: 100, pageSizes: [25, 100, 500] });
  const attendees = useQuery(attendeesQuery(kind, list.query));
  const columns: DataColumn<Attendee>[] = [
    {
      id: 'name',
      header: t('participants.name'),
      cell: (a) =>
        onSelect ? (
          <Link component="button" type="button" onClick={() => onSelect(a)} sx={{ textAlign: 'left' }}>
            {a.lastName} {a.firstName}
          </Link>
        ) : (
          `${a.lastName} ${a.firstName}`
        ),
    },
    { id: 'category', header: t('details.category'), cell: (a) => t(`categories.${a.category}`, { defaultValue: a.category }) },
    { id: 'meals', header: t('mgmt.meals'), cell: (a) => a.mealsCode ?? '' },
    { id: 'email', header: t('details.email'), hideBelow: 'md', cell: (a) => a.email },
    {
      id: 'print',
      header: t('mgmt.printBadge'),
      hideHeader: true,
      align: 'right',
      cell: (a) => (
        <Button component={RouterLink} to={`/mgmt/print?holder=attendee&id=${a.id}&kind=${kind}`} size="small" data-testid={`print-badge-${a.id}`}>
          {t('mgmt.printBadge')}
        </Button>
      ),
    },
  ];
  return (
    <Stack spacing={1}>
      <ListSearch list={list} size="small" label={t('mgmt.search')} sx={{ maxWidth: 360 }} />
      <PagedTable label={t('mgmt.attendees')} columns={columns} query={attendees} list={list} testId="attendees-table" />
    </Stack>
  );
}

/** `/mgmt/attendee_bjk[?kind=vk]`: arbiters, organisers, guests and meals-only people, added and edited here. */
export function AttendeesPage() {
  // Keyed by kind: a half-edited attendee of one championship does not carry over to the other.
  return <KeyedByKind body={AttendeeEditor} />;
}

function AttendeeEditor({ kind }: { kind: RegistrationKind }) {
  const { t } = useTranslation('enrolment');
  const client = useQueryClient();
  const categories = useEdition().categories.filter((c) => c.kind === 'staff');
  const [editing, setEditing] = useState<number | null>(null);
  const form = useForm<AttendeeInput>({ resolver: zodResolver(attendeeInputSchema), defaultValues: empty });
  const save = useMutation({
    mutationFn: (values: AttendeeInput) => (editing ? updateAttendee(kind, editing, values) : createAttendee(kind, values)),
    onSuccess: () => {
      setEditing(null);
      form.reset(empty);
      void client.invalidateQueries({ queryKey: ['enrolment', 'attendees'] });
    },
  });
  const field = useTextFields(form, 'attendee-');
  return (
    <Stack spacing={2}>
      <PageHeader title={t('mgmt.attendees')} gap={1}>
        <KindSwitch kind={kind} />
      </PageHeader>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack component="form" spacing={1.5} noValidate onSubmit={onValidSubmit(form, (values) => save.mutate(values))}>
          <Typography variant="h2" sx={{ fontSize: '1.1rem' }}>
            {editing ? t('mgmt.editAttendee') : t('mgmt.newAttendee')}
          </Typography>
          <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'repeat(4, 1fr)' } }}>
            {field('firstName', t('details.firstName'))}
            {field('lastName', t('details.lastName'))}
            {field('category', t('details.category'), {
              select: true,
              children: categories.map((c) => (
                <MenuItem key={c.code} value={c.code}>
                  {t(`categories.${c.code}`, { defaultValue: c.code })}
                </MenuItem>
              )),
            })}
            {field('mealsCode', t('mgmt.meals'), { select: true, children: mealsCodeOptions(t) }, 'nullable')}
            {field('email', t('details.email'))}
            {field('mobile', t('details.mobile'))}
            {field('remarks', t('mgmt.remarks'))}
            <EnabledSwitch form={form} />
          </Box>
          {save.isError && <ErrorAlert error={save.error} submit />}
          <Stack direction="row" spacing={1}>
            <Button type="submit" variant="contained" disabled={save.isPending} data-testid="attendee-save">
              {t('mgmt.save')}
            </Button>
            {editing && <Button onClick={() => (setEditing(null), form.reset(empty))}>{t('mgmt.cancel')}</Button>}
          </Stack>
        </Stack>
      </Paper>
      <AttendeeTable
        kind={kind}
        onSelect={(a) => {
          setEditing(a.id);
          form.reset(editableFields(attendeeInputSchema, a));
          window.scrollTo({ top: 0 });
        }}
      />
    </Stack>
  );
}

function GuestNameField({ label, value, onChange, testId }: { label: string; value: string; onChange: (value: string) => void; testId: string }) {
  return <TextField size="small" label={label} value={value} onChange={(e) => onChange(e.target.value)} slotProps={{ htmlInput: { 'data-testid': testId } }} />;
}

/** `/mgmt/guests`: the quick way to give someone a badge: a name and a category. */
export function GuestsPage() {
  const { t } = useTranslation('enrolment');
  const client = useQueryClient();
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [category, setCategory] = useState('GUEST');
  const add = useMutation({
    mutationFn: () => createGuest(firstName.trim(), lastName.trim(), category),
    onSuccess: () => {
      setFirstName('');
      setLastName('');
      void client.invalidateQueries({ queryKey: ['enrolment', 'attendees'] });
    },
  });
  return (
    <Stack spacing={2}>
      <Typography variant="h1">{t('mgmt.guests')}</Typography>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack component="form" direction={{ xs: 'column', sm: 'row' }} spacing={1} noValidate onSubmit={(e) => (e.preventDefault(), add.mutate())}>
          <GuestNameField label={t('details.firstName')} value={firstName} onChange={setFirstName} testId="guest-first" />
          <GuestNameField label={t('details.lastName')} value={lastName} onChange={setLastName} testId="guest-last" />
          <StaffCategorySelect label={t('details.category')} value={category} onChange={setCategory} minWidth={120} />
          <Button type="submit" variant="contained" disabled={!firstName.trim() || !lastName.trim() || add.isPending} data-testid="guest-add">
            {t('mgmt.addGuest')}
          </Button>
        </Stack>
        {add.isError && <ErrorAlert error={add.error} submit />}
      </Paper>
      <GuestImportPanel kind="bjk" />
      <AttendeeTable kind="bjk" />
    </Stack>
  );
}
