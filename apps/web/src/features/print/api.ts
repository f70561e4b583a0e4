import type { BadgeSummary, BadgeSummaryQuery, PrintJob, PrintRequestInput, VoucherProposal } from '@bjk/domain/print';
import { http } from '../../shared/http';

export const badgeSummaryQuery = (query: BadgeSummaryQuery) => ({
  queryKey: ['mgmt', 'print', 'summary', query],
  queryFn: () => http.get<BadgeSummary>('/api/v1/print/badges/summary', { query: { ...query } }),
});

export function startPrintJob(request: PrintRequestInput, idempotencyKey: string): Promise<PrintJob> {
  return http.post<PrintJob>('/api/v1/print/jobs', request, { idempotencyKey });
}

/** The job's progress, polled while it renders (the query stops polling once it is done or failed). */
export const printJobQuery = (id: string) => ({
  queryKey: ['mgmt', 'print', 'job', id],
  queryFn: () => http.get<PrintJob>(`/api/v1/print/jobs/${id}`),
  refetchInterval: (query: { state: { data?: PrintJob } }) => {
    const status = query.state.data?.status;
    // A waiting job moves up the queue slowly; a running one shows its pages as they come.
    return status === 'running' ? 500 : status === 'queued' ? 2000 : false;
  },
});

/** The jobs running or waiting on the server, in the order they run (polled while there are any). */
export const printQueueQuery = () => ({
  queryKey: ['mgmt', 'print', 'queue'],
  queryFn: () => http.get<PrintJob[]>('/api/v1/print/jobs'),
  refetchInterval: (query: { state: { data?: PrintJob[] } }) => ((query.state.data?.length ?? 0) > 0 ? 2000 : 10_000),
});

export function downloadPrintJob(id: string): Promise<Blob> {
  return http.get<Blob>(`/api/v1/print/jobs/${id}/pdf`);
}

export function fetchPrintPreview(id: string): Promise<Blob> {
  return http.get<Blob>(`/api/v1/print/jobs/${id}/preview.png`);
}

export const voucherProposalQuery = (category: string) => ({
  queryKey: ['mgmt', 'print', 'vouchers', category],
  queryFn: () => http.get<VoucherProposal>('/api/v1/print/vouchers', { query: { category } }),
});
