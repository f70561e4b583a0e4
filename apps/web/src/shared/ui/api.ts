import type { AuditPage } from '@bjk/domain/audit';
import type { PaymentRequest, PaymentRequestKind, PaymentRequestPage } from '@bjk/domain/payments';
import { http } from '../http';

/**
 * The calls of the pieces several features share (`RecordHistory`, `SourcePaymentRequest`): they live here, not in a
 * feature's api.ts, because features do not import each other.
 */
export const sharedKeys = {
  history: (subjectType: string, subjectId: string | number) => ['mgmt', 'audit', 'history', subjectType, String(subjectId)] as const,
  sourcePayment: (kind: PaymentRequestKind, sourceId: string) => ['payments', 'source', kind, sourceId] as const,
};

/** The audit trail of one record, newest first. */
export const historyQuery = (subjectType: string, subjectId: string | number) => ({
  queryKey: sharedKeys.history(subjectType, subjectId),
  queryFn: () => http.get<AuditPage>('/api/v1/audit', { query: { subjectType, subjectId: String(subjectId), pageSize: 200 } }),
});

/** The payment request of a reservation or participant: the one not cancelled, else a cancelled one, else null. */
export const sourcePaymentQuery = (kind: PaymentRequestKind, sourceId: string) => ({
  queryKey: sharedKeys.sourcePayment(kind, sourceId),
  queryFn: async (): Promise<PaymentRequest | null> => {
    const page = await http.get<PaymentRequestPage>('/api/v1/payment/pr', { query: { source: `${kind}:${sourceId}`, pageSize: 10 } });
    return page.items.find((r) => r.status !== 'cancelled') ?? page.items[0] ?? null;
  },
});

/** The specification's create call of each kind (`POST /api/v1/payment/stay/{id}`, …). */
const CREATE_PATHS: Record<PaymentRequestKind, string> = {
  stay: 'stay',
  participant_bjk: 'participant_bjk_pr',
  participant_vk: 'participant_vk_pr',
};

export const createSourcePaymentRequest = (kind: PaymentRequestKind, sourceId: string) =>
  http.post<PaymentRequest>(`/api/v1/payment/${CREATE_PATHS[kind]}/${encodeURIComponent(sourceId)}`);

export type FamilyLinkSource = { kind: 'registration'; registrationKind: 'bjk' | 'vk'; id: string } | { kind: 'reservation'; id: string };

/** Mails "My family"'s sign-in link to the contacts of a registration or the responsible adult of a reservation. */
export function sendFamilyLink(source: FamilyLinkSource): Promise<{ sentTo: number }> {
  const path =
    source.kind === 'registration'
      ? `/api/v1/family/mgmt/registration/${source.registrationKind}/${source.id}/link`
      : `/api/v1/family/mgmt/reservation/${source.id}/link`;
  return http.post<{ sentTo: number }>(path);
}
