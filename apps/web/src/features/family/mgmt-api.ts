import type { AbsenceListQuery, AbsenceRow, PrivacyRequestRow, ReservationRequestRow } from '@bjk/domain/family';
import type { PersonalDataOverview as PersonalDataOverviewAnswer } from '@bjk/domain/retention';
import { http } from '../../shared/http';

/** The absences page's export saves its file with it (imported from here). */

const base = '/api/v1/family/mgmt';

export const absencesQuery = (query: AbsenceListQuery) => ({
  queryKey: ['mgmt', 'family', 'absences', query] as const,
  queryFn: () => http.get<{ items: AbsenceRow[] }>(`${base}/absences`, { query }),
});

export const markAbsence = (id: string, noted: boolean) => http.put<AbsenceRow>(`${base}/absences/${id}/noted`, { noted });

export const absencesCsv = (query: AbsenceListQuery) => http.get<Blob>(`${base}/absences.csv`, { query });

export const reservationRequestsQuery = (status: 'open' | 'answered' | undefined) => ({
  queryKey: ['mgmt', 'family', 'requests', status ?? 'all'] as const,
  queryFn: () => http.get<{ items: ReservationRequestRow[] }>(`${base}/reservation-requests`, { query: { status } }),
});

export const answerRequest = (id: string, answer: string) => http.put<void>(`${base}/reservation-requests/${id}/answer`, { answer });

export const personalDataQuery = () => ({
  queryKey: ['mgmt', 'family', 'personal-data'] as const,
  queryFn: () => http.get<PersonalDataOverviewAnswer>(`${base}/personal-data`),
});

export const privacyRequestsQuery = (status: 'open' | 'approved' | 'refused' | undefined) => ({
  queryKey: ['mgmt', 'family', 'privacy', status ?? 'all'] as const,
  queryFn: () => http.get<{ items: PrivacyRequestRow[] }>(`${base}/privacy-requests`, { query: { status } }),
});

export const answerPrivacyRequest = (id: string, approve: boolean, reason: string) =>
  http.put<PrivacyRequestRow>(`${base}/privacy-requests/${id}/answer`, { approve, reason });
