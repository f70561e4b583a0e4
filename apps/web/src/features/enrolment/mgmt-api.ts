import type { ConsentChoices } from '@bjk/domain/consents';
import type {
  Attendee,
  AttendeeInput,
  AttendeeList,
  LateInvitation,
  LateInvitationRequest,
  Participant,
  ParticipantImportResult,
  ParticipantPage,
  ParticipantUpdate,
  Registration,
  RegistrationKind,
  RegistrationPage,
  RegistrationUpdate,
} from '@bjk/domain/enrolment';
import type { GuestImportResult } from '@bjk/domain/guest-import';
import type { PaymentRequest, PaymentRequestPage } from '@bjk/domain/payments';
import { keepPreviousData } from '@tanstack/react-query';
import { http } from '../../shared/http';
import { saveBlob } from '../../shared/ui/save-blob';
import type { ListQuery } from '../../shared/ui/useListParams';

/** A kind's paged list (`/api/v1/<path>/<kind>`): the page shown stays while the next one loads. */
function kindListQuery<Page>(name: string, path: string) {
  return (kind: RegistrationKind, query: ListQuery) => ({
    queryKey: ['enrolment', name, kind, query] as const,
    queryFn: () => http.get<Page>(`/api/v1/${path}/${kind}`, { query }),
    placeholderData: keepPreviousData<Page>,
  });
}

/** One record of a kind (`/api/v1/<path>/<kind>/<id>`): its query, and its update answering the record saved. */
function kindRecord<Item, Update>(path: string) {
  return {
    query: (kind: RegistrationKind, id: string | number) => ({
      queryKey: ['enrolment', path, kind, id] as const,
      queryFn: () => http.get<Item>(`/api/v1/${path}/${kind}/${id}`),
    }),
    update: (kind: RegistrationKind, id: string | number, body: Update) => http.put<Item>(`/api/v1/${path}/${kind}/${id}`, body),
  };
}

export const registrationsQuery = kindListQuery<RegistrationPage>('registrations', 'registration');
export const { query: registrationQuery, update: updateRegistration } = kindRecord<Registration, RegistrationUpdate>('registration');

export const participantsQuery = kindListQuery<ParticipantPage>('participants', 'participant');
export const { query: participantQuery, update: updateParticipant } = kindRecord<Participant, ParticipantUpdate>('participant');

export const updateParticipantConsents = (kind: RegistrationKind, id: number, body: ConsentChoices) =>
  http.put<Participant>(`/api/v1/participant/${kind}/${id}/consents`, body);

export const importRegistrations = (kind: RegistrationKind) => http.post<ParticipantImportResult>(`/api/v1/participant/import/enrollments/${kind}`);

export const addLateParticipant = (kind: RegistrationKind, idbel: number, category: string) =>
  http.post<Participant>(`/api/v1/participant/${kind}/${idbel}/${encodeURIComponent(category)}`);

export const refreshRatings = (kind: RegistrationKind) => http.post<{ checked: number; updated: number }>(`/api/v1/participant/ratings/${kind}`);

export function replaceParticipantPhoto(kind: RegistrationKind, id: number, photo: Blob) {
  const form = new FormData();
  form.append('photo', photo, 'photo.jpg');
  return http.post<{ width: number; height: number }>(`/api/v1/participant/photo/${kind}/${id}`, form);
}

export type ParticipantPayment = Pick<PaymentRequest, 'id' | 'number' | 'status' | 'flagged' | 'totalCents' | 'receivedCents'>;

/**
 * The payment request of every participant of a kind, from the payments API (its list filtered by kind), by
 * participant id: a participant has at most one request that is not cancelled, and that one wins.
 */
export const participantPaymentsQuery = (kind: RegistrationKind) => ({
  queryKey: ['payments', 'participants', kind] as const,
  queryFn: async () => {
    const bySource = new Map<string, ParticipantPayment>();
    for (let page = 1; ; page++) {
      const answer = await http.get<PaymentRequestPage>('/api/v1/payment/pr', { query: { kind: `participant_${kind}`, pageSize: 500, page } });
      for (const item of answer.items) {
        const known = bySource.get(item.sourceId);
        if (!known || known.status === 'cancelled') bySource.set(item.sourceId, item);
      }
      if (page * answer.pageSize >= answer.total) return bySource;
    }
  },
});

export const attendeesQuery = kindListQuery<AttendeeList>('attendees', 'attendee');

export const createAttendee = (kind: RegistrationKind, body: AttendeeInput) => http.post<Attendee>(`/api/v1/attendee/${kind}`, body);
export const updateAttendee = (kind: RegistrationKind, id: number, body: AttendeeInput) => http.put<Attendee>(`/api/v1/attendee/${kind}/${id}`, body);
export const createGuest = (firstName: string, lastName: string, category: string) =>
  http.post<Attendee>(`/api/v1/guest/${encodeURIComponent(firstName)}/${encodeURIComponent(lastName)}/${encodeURIComponent(category)}`);

/** Downloads a protected file (CSV export) with the manager's token and saves it under `name`. */
export async function download(path: string, name: string): Promise<void> {
  saveBlob(await http.get<Blob>(path), name);
}

/** A photo behind a manager permission, as bytes (shown from an object URL); `version` refetches it after a change. */
export const protectedPhotoQuery = (path: string, version?: unknown) => ({
  queryKey: ['enrolment', 'photo', path, version] as const,
  queryFn: () => http.get<Blob>(path),
  retry: false,
});

/** Mails a late-entry invitation (a signed single-use link to the wizard for one player). */
export const sendLateInvitation = (kind: RegistrationKind, body: LateInvitationRequest) =>
  http.post<LateInvitation>(`/api/v1/registration/${kind}/invitations`, body);

/** Reads a guest list (CSV or XLSX): `commit` false only judges its lines, true imports the new ones. */
export function importGuests(kind: RegistrationKind, file: File, category: string, commit: boolean) {
  const form = new FormData();
  form.append('category', category);
  form.append('file', file, file.name);
  return http.post<GuestImportResult>(`/api/v1/attendee/${kind}/${commit ? 'import' : 'import/preview'}`, form);
}
