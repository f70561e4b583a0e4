import type { FileDisplayName, FileGroup, StoredFile } from '@bjk/domain/files';
import type { Language } from '@bjk/domain/languages';
import { http } from '../../shared/http';

export const publicGroupsQuery = { queryKey: ['files', 'groups', 'public'] as const, queryFn: () => http.get<FileGroup[]>('/api/v1/filestore/anon/groups'), staleTime: 5 * 60_000 };
export const publicFilesQuery = { queryKey: ['files', 'public'] as const, queryFn: () => http.get<StoredFile[]>('/api/v1/filestore/anon/files'), staleTime: 60_000 };

export function publicFileUrl(ref: { group: string; name: string }): string {
  return `/api/v1/filestore/anon/file?${new URLSearchParams({ group: ref.group, name: ref.name })}`;
}

/** The visitor's language, else Dutch, else the fallback (the file name). */
export function displayNameIn(names: FileDisplayName, language: Language, fallback: string): string {
  return names[language] || names.nl || fallback;
}

export function formatSize(bytes: number, locale: string): string {
  const units = ['B', 'kB', 'MB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${new Intl.NumberFormat(locale, { maximumFractionDigits: unit === 0 ? 0 : 1 }).format(value)} ${units[unit]}`;
}
