import type { ConsentChoices } from '@bjk/domain/consents';
import type { ConfirmedRegistration, LateInvitationView, PlayerLookup, RegistrationDraft, RegistrationKind } from '@bjk/domain/enrolment';
import { http } from '../../shared/http';
import { currentInvitation, forgetInvitation } from './wizard/invitation';

/** The late-entry invitation kept by the wizard, sent with the draft and the confirmation. */
const invitation = () => {
  const token = currentInvitation();
  return token ? { invitation: token } : {};
};

export const lookupPlayer = (by: 'idbel' | 'idfide', id: number, kind: RegistrationKind) =>
  http.get<PlayerLookup>(`/api/v1/registration/${by}/${id}`, { query: { kind } });

export const saveDraft = (kind: RegistrationKind, draft: RegistrationDraft) =>
  http.post<{ id: string; status: 'draft' }>(`/api/v1/registration/${kind}`, { ...draft, ...invitation() });

export function uploadPhoto(idsub: string, photo: Blob): Promise<{ width: number; height: number }> {
  const form = new FormData();
  form.append('photo', photo, 'photo.jpg');
  return http.post(`/api/v1/registration/photo/${idsub}`, form);
}

export async function confirmRegistration(idsub: string, consents?: ConsentChoices): Promise<ConfirmedRegistration> {
  const confirmed = await http.post<ConfirmedRegistration>(`/api/v1/registration/confirm/${idsub}`, { consent: true, consents, ...invitation() });
  forgetInvitation(); // spent by the confirmation
  return confirmed;
}

/** What a late-entry invitation opens (checked, not spent). */
export const readInvitation = (token: string) => http.post<LateInvitationView>('/api/v1/registration/invitation', { invitation: token });
