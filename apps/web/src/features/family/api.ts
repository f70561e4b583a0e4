import i18next from 'i18next';
import type { ConsentChoices, Consents } from '@bjk/domain/consents';
import type {
  FamilyAbsence,
  FamilyAbsenceInput,
  FamilyContactsUpdate,
  FamilyOverview,
  FamilyPrivacyRequest,
  FamilyPrivacyRequestInput,
  FamilyReservationRequestInput,
  FamilySession,
  FamilySignInLinkRequest,
} from '@bjk/domain/family';
import type { Language } from '@bjk/domain/languages';
import { settled } from '../../shared/data/resource';
import { createHttpClient } from '../../shared/http/client';

/**
 * The family's own client: no manager token is ever sent to a family route, and a 401 there (the family's session
 * ended) does not sign a manager out. The session itself is an HttpOnly cookie (decision 0013): the page never sees it.
 */
const familyHttp = createHttpClient({
  baseUrl: import.meta.env.VITE_API_BASE ?? '',
  getToken: () => null,
  getLanguage: () => i18next.resolvedLanguage ?? 'nl',
});

const base = '/api/v1/family';

export const askSignInLink = (input: FamilySignInLinkRequest) =>
  // Every attempt counts against the address's limit: never retried on its own.
  familyHttp.post<{ accepted: true; validMinutes: number }>(`${base}/anon/sign-in-link`, input, { retry: false });

export const startFamilySession = (token: string) => familyHttp.post<FamilySession>(`${base}/anon/session`, { token }, { retry: false });

export const signOutFamily = () => familyHttp.post<void>(`${base}/session/sign-out`, undefined, { retry: false });

/** Every key of the family's reads starts so: a change the family made reads them again. */
export const familyPrefix = 'family:';
/**
 * The family's overview in the resource cache (the public site's one data cache, issue #25), settled: "no session"
 * (401) is an answer, the sign-in form, not an error.
 */
export const familyOverviewKey = (language: Language) => `${familyPrefix}me:${language}`;
export const loadFamilyOverview = (language: Language) => () => settled(familyHttp.get<FamilyOverview>(`${base}/me`, { query: { language } }));

/** Everything personal held for the family, as a JSON file (the session cookie goes with a plain link). */
export const familyDataPath = `${base}/me/data.json`;

/** The same data as a readable PDF in the family's language. */
export const familyDataPdfPath = (language: Language) => `${base}/me/data.pdf?language=${language}`;

export const childPhotoPath = (registrationId: string) => `${base}/children/${registrationId}/photo`;

export function replaceChildPhoto(registrationId: string, photo: File): Promise<{ width: number; height: number }> {
  const form = new FormData();
  form.append('photo', photo, photo.name || 'photo.jpg');
  return familyHttp.post(childPhotoPath(registrationId), form);
}

export const saveChildContacts = (registrationId: string, contacts: FamilyContactsUpdate) =>
  familyHttp.put<void>(`${base}/children/${registrationId}/contacts`, contacts);

export const saveChildConsents = (registrationId: string, consents: ConsentChoices) =>
  familyHttp.put<Consents>(`${base}/children/${registrationId}/consents`, consents);

export const askPrivacy = (input: FamilyPrivacyRequestInput, language: Language) =>
  familyHttp.post<FamilyPrivacyRequest>(`${base}/privacy-requests`, input, { query: { language } });

export const announceAbsence = (registrationId: string, input: FamilyAbsenceInput) =>
  familyHttp.post<FamilyAbsence>(`${base}/children/${registrationId}/absences`, input);

export const withdrawAbsence = (registrationId: string, absenceId: string) =>
  familyHttp.delete<void>(`${base}/children/${registrationId}/absences/${absenceId}`);

export const askReservationChange = (reservationId: string, input: FamilyReservationRequestInput) =>
  familyHttp.post<{ id: string }>(`${base}/reservations/${reservationId}/requests`, input);
