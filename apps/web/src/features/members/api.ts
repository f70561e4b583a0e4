import type { MemberCount, MemberImportFormat, MemberImportResult } from '@bjk/domain/members';
import { http, HttpError, NO_RESPONSE } from '../../shared/http';
import { randomId } from '../../shared/random-id';

/** Query keys of the members area: `membersKeys.all` covers everything an import changes. */
export const membersKeys = {
  all: ['members'] as const,
  count: ['members', 'count'] as const,
};

/** How many members the registry holds, and when it was last imported. */
export const memberCountQuery = () => ({ queryKey: membersKeys.count, queryFn: () => http.get<MemberCount>('/api/v1/members/count') });

/**
 * Sends the file with XMLHttpRequest: fetch cannot report upload progress, and a national list is tens
 * of MB. After the upload the server streams the rows into the registry and answers the counts.
 */
export function uploadWithProgress(file: File, format: MemberImportFormat, token: string, onProgress: (percent: number) => void): Promise<MemberImportResult> {
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
      if (request.status === 200) resolve(body as MemberImportResult);
      else reject(new HttpError(request.status, body.code, body.message ?? request.statusText));
    };
    request.onerror = () => reject(new HttpError(NO_RESPONSE, undefined, 'network'));
    const form = new FormData();
    form.append('file', file);
    request.send(form);
  });
}
