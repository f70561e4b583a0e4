import type {
  BankMovementView,
  Invoice,
  InvoiceRequest,
  ManualPayment,
  PaymentJob,
  PaymentRequest,
  PaymentRequestDetail,
  PaymentRequestKind,
  PaymentRequestPage,
  PublicPayment,
  StatementImportSummary,
  UpdatePaymentRequest,
} from '@bjk/domain/payments';
import { http } from '../../shared/http';
import type { ListQuery } from '../../shared/ui/useListParams';

const base = '/api/v1/payment';

export type RequestFilters = {
  search?: string;
  status?: string;
  kind?: string;
  sent?: string;
  page: number;
  pageSize: number;
};

export const requestListQuery = (query: ListQuery) => ({
  queryKey: ['payments', 'list', query] as const,
  queryFn: () => http.get<PaymentRequestPage>(`${base}/pr`, { query }),
  placeholderData: (previous: PaymentRequestPage | undefined) => previous,
});

export const requestDetailQuery = (id: number) => ({
  queryKey: ['payments', 'detail', id] as const,
  queryFn: () => http.get<PaymentRequestDetail>(`${base}/pr/${id}`),
});

export const unmatchedQuery = {
  queryKey: ['payments', 'unmatched'] as const,
  queryFn: async () => (await http.get<{ items: BankMovementView[] }>(`${base}/movements/unmatched`)).items,
};

/**
 * The public payment page's request, for the resource cache (the public site's one data cache). Settled into a value
 * (as the live games pages' reads): a refused link (`payments.link_unknown`) is an answer the page shows in words,
 * not an error thrown through React (which logs it to the console).
 */
export const publicPaymentKey = (token: string) => `payments:public:${token}`;
export const loadPublicPayment = (token: string) => (): Promise<{ ok: true; value: PublicPayment } | { ok: false; error: unknown }> =>
  http.get<PublicPayment>(`${base}/public/${token}`).then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error }),
  );

/** The spec's bulk paths per request kind. */
const BULK_PATHS: Record<PaymentRequestKind, string> = {
  stay: 'stay',
  participant_bjk: 'participant_bjk_pr',
  participant_vk: 'participant_vk_pr',
};

export const paymentsApi = {
  startBulkCreate: async (kind: PaymentRequestKind) => (await http.post<{ job: PaymentJob }>(`${base}/${BULK_PATHS[kind]}`)).job,
  startBulkSend: async () => (await http.post<{ job: PaymentJob }>(`${base}/email_pr`)).job,
  job: (id: string) => http.get<PaymentJob>(`${base}/jobs/${id}`),
  update: (id: number, body: UpdatePaymentRequest) => http.put<PaymentRequest>(`${base}/pr/${id}`, body),
  recompute: (id: number) => http.post<PaymentRequest>(`${base}/pr/${id}/recompute`),
  send: (id: number) => http.post<PaymentRequest>(`${base}/email_pr/${id}`),
  cancel: (id: number) => http.post<PaymentRequest>(`${base}/pr/${id}/cancel`),
  registerPayment: (id: number, body: ManualPayment) => http.post<PaymentRequestDetail>(`${base}/pr/${id}/payments`, body),
  createInvoice: (id: number, body: InvoiceRequest) => http.post<Invoice>(`${base}/pr/${id}/invoice`, body),
  invoicePdf: (id: number) => http.get<Blob>(`${base}/pr/${id}/invoice.pdf`),
  exportCsv: (filters: Omit<RequestFilters, 'page' | 'pageSize'>) =>
    http.get<Blob>(`${base}/pr.csv`, {
      query: { search: filters.search || undefined, status: filters.status || undefined, kind: filters.kind || undefined, sent: filters.sent || undefined },
    }),
  importStatement: (file: File) => {
    const form = new FormData();
    form.append('file', file);
    return http.post<StatementImportSummary>(`${base}/statements`, form);
  },
  findByNumber: async (number: number) =>
    (await http.get<PaymentRequestPage>(`${base}/pr`, { query: { search: String(number), pageSize: 5 } })).items.find((r) => r.number === number),
  linkMovement: (movementId: number, requestId: number) => http.post<BankMovementView>(`${base}/movements/${movementId}/link`, { requestId }),
};
