import type { OutboxMail, OutboxPage } from '@bjk/domain/mail';
import { http } from '../../shared/http';
import type { ListQuery } from '../../shared/ui/useListParams';

/** Query keys of the mail area: invalidate `mailKeys.all` after anything that queues or resends a mail. */
export const mailKeys = {
  all: ['mail'] as const,
  outbox: (query: ListQuery) => ['mail', 'outbox', 'list', query] as const,
  mail: (id: number) => ['mail', 'outbox', 'one', id] as const,
};

export const outboxQuery = (query: ListQuery) => ({
  queryKey: mailKeys.outbox(query),
  queryFn: () => http.get<OutboxPage>('/api/v1/mail/outbox', { query }),
  placeholderData: (previous: OutboxPage | undefined) => previous,
  refetchInterval: 15_000,
});

export const outboxMailQuery = (id: number) => ({
  queryKey: mailKeys.mail(id),
  queryFn: () => http.get<OutboxMail>(`/api/v1/mail/outbox/${id}`),
});

export const resendMail = (id: number) => http.post<unknown>(`/api/v1/mail/outbox/${id}/resend`);
