import { zodResolver } from '@hookform/resolvers/zod';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useMemo, useState, type ReactNode } from 'react';
import { Controller, useFieldArray, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import type { EditionSettings } from '@bjk/domain/edition';
import { LANGUAGES } from '@bjk/domain/languages';
import { updateReservationSchema, type Reservation, type UpdateReservationInput } from '@bjk/domain/lodging';
import { ageGroupOf, findRoomType, mealPlansFor, priceStay } from '@bjk/domain/lodging-pricing';
import { useEdition } from '../../shared/edition/useEdition';
import { formatDateTime } from '../../shared/format';
import { HttpError } from '../../shared/http';
import { currentLanguage } from '../../shared/i18n';
import { SelectField, type SelectOption } from '../../shared/forms/SelectField';
import { MissingRecord } from '../../shared/ui/MissingRecord';
import { RecordBoundary } from '../../shared/ui/RecordBoundary';
import { ErrorAlert } from '../../shared/ui/ErrorAlert';
import { FamilyLinkButton } from '../../shared/ui/FamilyLinkButton';
import { SourcePaymentRequest } from '../../shared/ui/SourcePaymentRequest';
import { assignRoom, freeRoomsQuery, reservationQuery, unassignRoom, updateReservation } from './api';
import { fieldError } from './messages';
import { PriceEstimate } from './PriceEstimate';
import { onValidSubmit } from '../../shared/ui/forms';

/** `/mgmt/reservation_edit?id=…`: every field of one reservation, its rooms and its history. */
export function ReservationEditPage() {
  const { t } = useTranslation('lodging');
  const [params] = useSearchParams();
  const id = params.get('id');
  if (!id) return <MissingRecord message={t('mgmt.edit.missingId')} backTo="/mgmt/reservations" backLabel={t('mgmt.edit.back')} />;
  return (
    <RecordBoundary key={id} backTo="/mgmt/reservations" backLabel={t('mgmt.edit.back')}>
      <ReservationEditor id={id} />
    </RecordBoundary>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h2" sx={{ fontSize: '1.2rem', mb: 2 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/** The edition's room types, each as its code and its name in the manager's language. */
function roomTypeOptions(settings: EditionSettings, language: ReturnType<typeof currentLanguage>): SelectOption[] {
  return settings.roomTypes.map((type) => ({ value: type.code, label: `${type.code} · ${type.label[language]}` }));
}

function formValues(reservation: Reservation): UpdateReservationInput {
  return {
    language: reservation.language,
    contact: { ...reservation.contact },
    roomType: reservation.roomType,
    arrivalDate: reservation.arrivalDate,
    departureDate: reservation.departureDate,
    guests: reservation.guests.map(({ firstName, lastName, birthDate, participates }) => ({ firstName, lastName, birthDate, participates })),
    mealPlan: reservation.mealPlan,
    remarks: reservation.remarks,
    internalRemarks: reservation.internalRemarks,
    discount: reservation.discount,
    enabled: reservation.enabled,
  };
}

/** The stay's two dates, with their labels' keys. */
const STAY_DATES = [
  { name: 'arrivalDate', label: 'mgmt.edit.arrival' },
  { name: 'departureDate', label: 'mgmt.edit.departure' },
] as const;

/** A guest's name fields (their labels under `fields.`). */
const GUEST_NAMES = ['firstName', 'lastName'] as const;

function ReservationEditor({ id }: { id: string }) {
  const { t } = useTranslation('lodging');
  const settings = useEdition();
  const language = currentLanguage();
  const queryClient = useQueryClient();
  const { data: reservation } = useSuspenseQuery(reservationQuery(id));
  const form = useForm<UpdateReservationInput>({ resolver: zodResolver(updateReservationSchema), defaultValues: formValues(reservation) });
  const guests = useFieldArray({ control: form.control, name: 'guests' });
  const [askFreeRooms, setAskFreeRooms] = useState<UpdateReservationInput | null>(null);
  const [saved, setSaved] = useState(false);

  const applied = (next: Reservation) => {
    queryClient.setQueryData(reservationQuery(id).queryKey, next);
    void queryClient.invalidateQueries({ queryKey: ['mgmt', 'lodging'], refetchType: 'none' });
  };
  const save = useMutation({
    mutationFn: (body: UpdateReservationInput) => updateReservation(id, body),
    onSuccess: (next) => {
      applied(next);
      form.reset(formValues(next));
      setSaved(true);
      setAskFreeRooms(null);
    },
    onError: (error, body) => {
      if (error instanceof HttpError && error.code === 'lodging.rooms_assigned') setAskFreeRooms(body);
    },
  });
  const { errors } = form.formState;
  const values = form.watch();
  const roomType = findRoomType(settings, values.roomType);
  const price = useMemo(() => {
    try {
      return priceStay(settings, { ...values, mealPlan: values.mealPlan, discount: values.discount ?? null });
    } catch {
      return null;
    }
  }, [settings, values]);

  const submit = onValidSubmit(form, (body) => {
    setSaved(false);
    save.mutate(body);
  });

  return (
    <Stack spacing={2} component="form" noValidate onSubmit={submit}>
      <Link component={RouterLink} to="/mgmt/reservations">
        {t('mgmt.edit.back')}
      </Link>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="h1" sx={{ fontSize: { xs: '1.6rem', sm: '2rem' } }}>
          {t('mgmt.edit.title', { number: reservation.number })}
        </Typography>
        {!reservation.enabled && <Chip label={t('mgmt.list.disabled')} />}
      </Stack>

      <Section title={t('mgmt.edit.contact')}>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          {CONTACT_FIELDS.map(({ name, ...props }) => (
            <TextField
              key={name}
              label={t(`fields.${name}`)}
              {...props}
              error={!!errors.contact?.[name]}
              helperText={fieldError(t, errors.contact?.[name]?.message)}
              {...form.register(`contact.${name}`)}
            />
          ))}
          <Controller
            control={form.control}
            name="language"
            render={({ field }) => (
              <SelectField label={t('mgmt.edit.language')} {...field} options={LANGUAGES.map((lng) => ({ value: lng, label: lng.toUpperCase() }))} />
            )}
          />
        </Box>
      </Section>

      <Section title={t('mgmt.edit.stay')}>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <Controller
            control={form.control}
            name="roomType"
            render={({ field }) => <SelectField label={t('mgmt.list.type')} {...field} options={roomTypeOptions(settings, language)} />}
          />
          <Controller
            control={form.control}
            name="mealPlan"
            render={({ field }) => (
              <SelectField
                label={t('mgmt.edit.mealPlan')}
                error={!!errors.mealPlan}
                helperText={fieldError(t, errors.mealPlan?.message)}
                {...field}
                options={(roomType ? mealPlansFor(settings, roomType) : []).map((plan) => ({ value: plan, label: t(`plans.${plan}.label`) }))}
              />
            )}
          />
          {STAY_DATES.map(({ name, label }) => (
            <TextField key={name} label={t(label)} type="date" slotProps={{ inputLabel: { shrink: true } }} error={!!errors[name]} {...form.register(name)} />
          ))}
          <TextField label={t('fields.remarks')} multiline minRows={2} {...form.register('remarks')} />
          <TextField label={t('mgmt.edit.internalRemarks')} multiline minRows={2} {...form.register('internalRemarks')} />
        </Box>
      </Section>

      <Section title={t('mgmt.edit.guests')}>
        <Stack spacing={2}>
          {roomType && <Typography color="textSecondary">{t('guests.countRule', { min: roomType.minPersons, max: roomType.maxPersons })}</Typography>}
          {guests.fields.map((field, index) => {
            const guestErrors = errors.guests?.[index];
            const birthDate = values.guests[index]?.birthDate;
            return (
              <Box
                key={field.id}
                sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr 11rem auto auto' }, alignItems: 'center' }}
                data-testid={`edit-guest-${index}`}
              >
                {GUEST_NAMES.map((name) => (
                  <TextField
                    key={name}
                    size="small"
                    label={t(`fields.${name}`)}
                    error={!!guestErrors?.[name]}
                    helperText={fieldError(t, guestErrors?.[name]?.message)}
                    {...form.register(`guests.${index}.${name}`)}
                  />
                ))}
                <TextField
                  size="small"
                  label={t('fields.birthDate')}
                  type="date"
                  slotProps={{ inputLabel: { shrink: true } }}
                  error={!!guestErrors?.birthDate}
                  helperText={
                    fieldError(t, guestErrors?.birthDate?.message) ??
                    (birthDate && /^\d{4}-\d{2}-\d{2}$/.test(birthDate)
                      ? t('mgmt.edit.ageGroup', { group: t(`ageGroups.${ageGroupOf(settings, birthDate)}`) })
                      : undefined)
                  }
                  {...form.register(`guests.${index}.birthDate`)}
                />
                <FormControlLabel
                  control={
                    <Controller
                      control={form.control}
                      name={`guests.${index}.participates`}
                      render={({ field: f }) => <Checkbox checked={f.value} onChange={(e) => f.onChange(e.target.checked)} />}
                    />
                  }
                  label={t('fields.participates')}
                />
                <IconButton aria-label={t('guests.remove', { n: index + 1 })} onClick={() => guests.remove(index)} disabled={guests.fields.length <= 1}>
                  <DeleteIcon />
                </IconButton>
              </Box>
            );
          })}
          <Button
            startIcon={<AddIcon />}
            variant="outlined"
            sx={{ alignSelf: 'flex-start' }}
            onClick={() => guests.append({ firstName: '', lastName: values.contact.lastName, birthDate: '', participates: false })}
          >
            {t('guests.add')}
          </Button>
        </Stack>
      </Section>

      <Section title={t('mgmt.edit.price')}>
        <Stack spacing={2}>
          <DiscountFields value={values.discount ?? null} onChange={(discount) => form.setValue('discount', discount, { shouldDirty: true })} />
          {price && <PriceEstimate settings={settings} price={price} />}
        </Stack>
      </Section>

      <Paper variant="outlined" sx={{ p: 2, position: 'sticky', bottom: 8, zIndex: 1 }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}>
          <Controller
            control={form.control}
            name="enabled"
            render={({ field }) => (
              <FormControlLabel control={<Switch checked={field.value} onChange={(e) => field.onChange(e.target.checked)} />} label={t('mgmt.edit.enabled')} />
            )}
          />
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            {saved && !form.formState.isDirty && <Typography color="success">{t('mgmt.edit.saved')}</Typography>}
            <Button type="submit" variant="contained" disabled={save.isPending} data-testid="save-reservation">
              {t('mgmt.edit.save')}
            </Button>
          </Stack>
        </Stack>
        {save.isError && !askFreeRooms && (
          <Box sx={{ mt: 2 }}>
            <ErrorAlert error={save.error} submit />
          </Box>
        )}
      </Paper>

      <RoomsSection reservation={reservation} settings={settings} onChange={applied} />
      <Section title={t('mgmt.edit.payment')}>
        <SourcePaymentRequest kind="stay" sourceId={reservation.id} />
      </Section>
      <Section title={t('mgmt.edit.family')}>
        <FamilyLinkButton source={{ kind: 'reservation', id: reservation.id }} />
      </Section>
      <HistorySection reservation={reservation} timeZone={settings.timeZone} />

      <Dialog open={!!askFreeRooms} onClose={() => setAskFreeRooms(null)}>
        <DialogTitle>{t('mgmt.edit.freeRoomsQuestion')}</DialogTitle>
        <DialogContent>
          <Typography>{t('mgmt.edit.freeRoomsText', { rooms: reservation.rooms.map((r) => r.number).join(', ') })}</Typography>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setAskFreeRooms(null)}>{t('mgmt.edit.cancel')}</Button>
          <Button
            variant="contained"
            color="warning"
            onClick={() => askFreeRooms && save.mutate({ ...askFreeRooms, freeRooms: true })}
            disabled={save.isPending}
          >
            {t('mgmt.edit.freeRoomsConfirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}

/** The contact's fields, in the order of the form. */
const CONTACT_FIELDS = [
  { name: 'firstName' },
  { name: 'lastName' },
  { name: 'email', type: 'email' },
  { name: 'mobile', type: 'tel' },
  { name: 'address', multiline: true },
] as const;

type Discount = UpdateReservationInput['discount'];

function DiscountFields({ value, onChange }: { value: Discount; onChange: (discount: Discount) => void }) {
  const { t } = useTranslation('lodging');
  const kind = value?.kind ?? 'none';
  const amount = value?.kind === 'amount' ? value.amountCents / 100 : value?.kind === 'percent' ? value.percent : 0;
  const change = (nextKind: string, nextValue: number) => {
    const safe = Number.isFinite(nextValue) && nextValue >= 0 ? nextValue : 0;
    if (nextKind === 'amount') onChange({ kind: 'amount', amountCents: Math.round(safe * 100) });
    else if (nextKind === 'percent') onChange({ kind: 'percent', percent: Math.min(100, safe) });
    else onChange(null);
  };
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', sm: '12rem 10rem' } }}>
      <SelectField
        size="small"
        label={t('mgmt.edit.discount')}
        value={kind}
        onChange={(e) => change(e.target.value, amount)}
        options={[
          { value: 'none', label: t('mgmt.edit.discountNone') },
          { value: 'amount', label: t('mgmt.edit.discountAmount') },
          { value: 'percent', label: t('mgmt.edit.discountPercent') },
        ]}
      />
      {kind !== 'none' && (
        <TextField
          size="small"
          type="number"
          label={t('mgmt.edit.discountValue')}
          value={amount}
          slotProps={{ htmlInput: { min: 0, step: kind === 'amount' ? 0.01 : 1 } }}
          onChange={(e) => change(kind, Number(e.target.value))}
        />
      )}
    </Box>
  );
}

function RoomsSection({ reservation, settings, onChange }: { reservation: Reservation; settings: EditionSettings; onChange: (next: Reservation) => void }) {
  const { t } = useTranslation('lodging');
  const language = currentLanguage();
  const queryClient = useQueryClient();
  const [type, setType] = useState(reservation.roomType);
  const [room, setRoom] = useState('');
  const free = useQuery(freeRoomsQuery(type));
  const done = (next: Reservation) => {
    onChange(next);
    setRoom('');
    void queryClient.invalidateQueries({ queryKey: ['mgmt', 'lodging', 'freerooms'] });
  };
  const assign = useMutation({ mutationFn: (number: string) => assignRoom(reservation.id, number), onSuccess: done });
  const unassign = useMutation({ mutationFn: (number: string) => unassignRoom(reservation.id, number), onSuccess: done });
  const typeLabel = (code: string) => settings.roomTypes.find((r) => r.code === code)?.label[language] ?? code;
  return (
    <Section title={t('mgmt.edit.rooms')}>
      <Stack spacing={2}>
        {reservation.rooms.length === 0 ? (
          <Typography color="textSecondary">{t('mgmt.edit.noRooms')}</Typography>
        ) : (
          <List dense disablePadding data-testid="assigned-rooms">
            {reservation.rooms.map((r) => (
              <ListItem
                key={r.number}
                disableGutters
                secondaryAction={
                  <IconButton
                    edge="end"
                    aria-label={t('mgmt.edit.unassign', { room: r.number })}
                    onClick={() => unassign.mutate(r.number)}
                    disabled={unassign.isPending}
                  >
                    <DeleteIcon />
                  </IconButton>
                }
              >
                <ListItemText primary={t('mgmt.edit.roomFacts', { room: r.number, type: typeLabel(r.roomType), capacity: r.capacity })} />
              </ListItem>
            ))}
          </List>
        )}
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr auto' }, alignItems: 'start' }}>
          <SelectField
            size="small"
            label={t('mgmt.edit.assignType')}
            value={type}
            onChange={(e) => {
              setType(e.target.value);
              setRoom('');
            }}
            options={roomTypeOptions(settings, language)}
          />
          <SelectField
            size="small"
            label={t('mgmt.edit.freeRoom')}
            value={room}
            onChange={(e) => setRoom(e.target.value)}
            disabled={!free.data || free.data.items.length === 0}
            helperText={free.data && free.data.items.length === 0 ? t('mgmt.edit.noFreeRooms') : undefined}
            options={(free.data?.items ?? []).map((r) => ({
              value: r.number,
              label: t('mgmt.edit.roomFacts', { room: r.number, type: r.venueCode || r.roomType, capacity: r.capacity }),
            }))}
          />
          <Button variant="contained" onClick={() => room && assign.mutate(room)} disabled={!room || assign.isPending} data-testid="assign-room">
            {t('mgmt.edit.assign')}
          </Button>
        </Box>
        {assign.isError && <ErrorAlert error={assign.error} />}
        {unassign.isError && <ErrorAlert error={unassign.error} />}
      </Stack>
    </Section>
  );
}

function HistorySection({ reservation, timeZone }: { reservation: Reservation; timeZone: string }) {
  const { t } = useTranslation('lodging');
  const language = currentLanguage();
  const describe = (action: string, details: Record<string, unknown> | null) => {
    const known = ['created', 'updated', 'room_assigned', 'room_unassigned', 'rooms_freed'];
    if (!known.includes(action)) return action;
    const list = (value: unknown) => (Array.isArray(value) ? value.join(', ') : String(value ?? ''));
    return t(`mgmt.edit.actions.${action}`, { fields: list(details?.fields), room: list(details?.room), rooms: list(details?.rooms) });
  };
  return (
    <Section title={t('mgmt.edit.history')}>
      <List dense disablePadding data-testid="reservation-history">
        {[...reservation.history].reverse().map((entry, index) => (
          <ListItem key={index} disableGutters divider>
            <ListItemText
              primary={describe(entry.action, entry.details)}
              secondary={t('mgmt.edit.historyEntry', { at: formatDateTime(entry.at, language, timeZone), actor: entry.actor ?? t('mgmt.edit.public') })}
            />
          </ListItem>
        ))}
      </List>
    </Section>
  );
}
