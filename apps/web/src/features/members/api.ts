import type { MemberCount, MemberImportFormat, MemberImportJob } from '@bjk/domain/members';
import { http, HttpError, NO_RESPONSE } from '../../shared/http';
import { randomId } from '../../shared/random-id';

/** Query keys of the members area: `membersKeys.all` covers everything an import changes. */
export const membersKeys = {
  all: ['members'] as const,
  count: ['members', 'count'] as const,
  imports: ['members', 'imports'] as const,
  import: (id: string) => ['members', 'imports', id] as const,
};

/** How many members the registry holds, and when it was last imported. */
export const memberCountQuery = () => ({ queryKey: membersKeys.count, queryFn: () => http.get<MemberCount>('/api/v1/members/count') });

/** A running import is followed every second until it ends (its progress is written per batch of 10 000 rows). */
const isActive = (job: MemberImportJob | undefined) => job?.status === 'queued' || job?.status === 'running';

export const memberImportQuery = (id: string) => ({
  queryKey: membersKeys.import(id),
  queryFn: () => http.get<MemberImportJob>(`/api/v1/members/imports/${id}`),
  refetchInterval: (query: { state: { data?: MemberImportJob } }) => (isActive(query.state.data) ? 1000 : false),
});

/** The latest imports, newest first. */
export const recentMemberImportsQuery = () => ({
  queryKey: membersKeys.imports,
  queryFn: () => http.get<MemberImportJob[]>('/api/v1/members/imports'),
});

/**
 * Sends the file with XMLHttpRequest: fetch cannot report upload progress, and a national list is tens
 * of MB. The server stores the file and answers the import job at once (202); the page follows the job.
 */
export function uploadWithProgress(file: File, format: MemberImportFormat, token: string, onProgress: (percent: number) => void): Promise<MemberImportJob> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `/api/v1/members/import?format=${format}`);
    request.setRequestHeader('authorization', `Bearer ${token}`);
    request.setRequestHeader('idempotency-key', randomId());
    request.upload.onprogress = (event) => event.lengthComputable && onProgress(Math.round((event.loaded / event.total) * 100));
    request.onload = () => {
      const body = (() => {
        try {
          return JSON.parse(request.responseText) as { code?: string; message?: string };
        } catch {
          return {};
        }
      })();
      if (request.status === 202) resolve(body as MemberImportJob);
      else reject(new HttpError(request.status, body.code, body.message ?? request.statusText));
    };
    request.onerror = () => reject(new HttpError(NO_RESPONSE, undefined, 'network'));
    const form = new FormData();
    form.append('file', file);
    request.send(form);
  });
}
