import type { AuditPage } from '@bjk/domain/audit';
import { http } from '../../shared/http';
import type { ListQuery } from '../../shared/ui/useListParams';

/** Query keys of the audit area (every write elsewhere may add an entry: the list refetches on focus). */
export const auditKeys = {
  all: ['mgmt', 'audit'] as const,
  list: (query: ListQuery) => ['mgmt', 'audit', 'list', query] as const,
};

export const auditListQuery = (query: ListQuery) => ({
  queryKey: auditKeys.list(query),
  queryFn: () => http.get<AuditPage>('/api/v1/audit', { query }),
  placeholderData: (previous: AuditPage | undefined) => previous,
});
