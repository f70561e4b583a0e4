import type { ConfirmedRegistration, PlayerLookup, PublicParticipant, RegistrationDraft, RegistrationKind } from '@bjk/domain/enrolment';
import { http } from '../../shared/http';

export const lookupPlayer = (by: 'idbel' | 'idfide', id: number, kind: RegistrationKind) =>
  http.get<PlayerLookup>(`/api/v1/registration/${by}/${id}`, { query: { kind } });

export const saveDraft = (kind: RegistrationKind, draft: RegistrationDraft) =>
  http.post<{ id: string; status: 'draft' }>(`/api/v1/registration/${kind}`, draft);

export function uploadPhoto(idsub: string, photo: Blob): Promise<{ width: number; height: number }> {
  const form = new FormData();
  form.append('photo', photo, 'photo.jpg');
  return http.post(`/api/v1/registration/photo/${idsub}`, form);
}

export const confirmRegistration = (idsub: string) => http.post<ConfirmedRegistration>(`/api/v1/registration/confirm/${idsub}`, { consent: true });

export const publicParticipantsQuery = (kind: RegistrationKind) => ({
  queryKey: ['enrolment', 'public-participants', kind] as const,
  queryFn: () => http.get<{ items: PublicParticipant[] }>(`/api/v1/participant/public/${kind}`),
  staleTime: 60_000,
});
