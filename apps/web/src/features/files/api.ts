import type { FileDisplayName, FileGroup, FileGroupWithCount, Sponsor, SponsorInput, StoredFile } from '@bjk/domain/files';
import type { Language } from '@bjk/domain/languages';
import { formatNumber } from '../../shared/format';
import { invalidateResources, preloadResource } from '../../shared/data/resource';
import { http } from '../../shared/http';
import { randomId } from '../../shared/random-id';

/** The public groups and documents for /files, read through the resource cache (no TanStack Query on that page). */
export const PUBLIC_GROUPS_KEY = 'files:public:groups';
export const PUBLIC_FILES_KEY = 'files:public:files';
export const loadPublicGroups = () => http.get<FileGroup[]>('/api/v1/filestore/anon/groups');
export const loadPublicFiles = () => http.get<StoredFile[]>('/api/v1/filestore/anon/files');

/** Starts loading /files's groups and documents at start-up, with the page's code. */
export function preloadPublicFiles(): void {
  preloadResource(PUBLIC_GROUPS_KEY, loadPublicGroups);
  preloadResource(PUBLIC_FILES_KEY, loadPublicFiles);
}

/** After a manager's upload or deletion: /files loads the documents again in this tab. */
export function forgetPublicFiles(): void {
  invalidateResources('files:public:');
}

export function publicFileUrl(ref: { group: string; name: string }): string {
  return `/api/v1/filestore/anon/file?${new URLSearchParams({ group: ref.group, name: ref.name })}`;
}

/** The visitor's language, else Dutch, else the fallback (the file name). */
export function displayNameIn(names: FileDisplayName, language: Language, fallback: string): string {
  return names[language] || names.nl || fallback;
}

export function formatSize(bytes: number, language: Language): string {
  const units = ['B', 'kB', 'MB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${formatNumber(value, language, { maximumFractionDigits: unit === 0 ? 0 : 1 })} ${units[unit]}`;
}

/**
 * Sends an upload with XMLHttpRequest: fetch cannot report upload progress. Text fields go first,
 * the file last (the server reads the fields that precede the file). Rejects with the error code.
 */
export function sendUpload(token: string, form: FormData, onProgress: (fraction: number) => void): Promise<StoredFile> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', '/api/v1/filestore/upload');
    request.setRequestHeader('authorization', `Bearer ${token}`);
    request.setRequestHeader('idempotency-key', randomId());
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      const body = JSON.parse(request.responseText || '{}') as StoredFile & { code?: string };
      if (request.status === 201) resolve(body);
      else reject(new Error(body.code ?? String(request.status)));
    };
    request.onerror = () => reject(new Error('network'));
    request.send(form);
  });
}

/** Query keys of the files area: invalidate `filesKeys.mgmt` after an upload, a deletion or a sponsor change. */
export const filesKeys = {
  mgmt: ['files', 'mgmt'] as const,
  groups: ['files', 'mgmt', 'groups'] as const,
  files: (group: string) => ['files', 'mgmt', 'files', group] as const,
  sponsors: ['files', 'mgmt', 'sponsors'] as const,
};

export const mgmtGroupsQuery = { queryKey: filesKeys.groups, queryFn: () => http.get<FileGroupWithCount[]>('/api/v1/filestore/groups') };
export const mgmtFilesQuery = (group: string) => ({
  queryKey: filesKeys.files(group),
  queryFn: () => http.get<StoredFile[]>('/api/v1/filestore/files', { query: { group } }),
});
export const deleteFile = (file: { group: string; name: string }) =>
  http.delete<unknown>('/api/v1/filestore/file', { query: { group: file.group, name: file.name } });

export const sponsorsQuery = { queryKey: filesKeys.sponsors, queryFn: () => http.get<Sponsor[]>('/api/v1/filestore/sponsors') };
export const saveSponsor = (id: number | null, input: SponsorInput, idempotencyKey: string) =>
  id === null ? http.post<Sponsor>('/api/v1/filestore/sponsors', input, { idempotencyKey }) : http.put<Sponsor>(`/api/v1/filestore/sponsors/${id}`, input);
export const deleteSponsor = (id: number) => http.delete<unknown>(`/api/v1/filestore/sponsors/${id}`);
export const orderSponsors = (ids: number[]) => http.put<Sponsor[]>('/api/v1/filestore/sponsors/order', { ids });
/** The public sponsors strip (a plain request: the layout of every page stays free of the query library). */
export const loadPublicSponsors = (signal: AbortSignal) => http.get<Sponsor[]>('/api/v1/filestore/anon/sponsors', { signal });
