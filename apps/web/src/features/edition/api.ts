import type { EditionSettings, PublicEdition } from '@bjk/domain/edition';
import { http } from '../../shared/http';

/** Query keys of the edition area. */
export const editionKeys = {
  settings: ['mgmt', 'edition', 'settings'] as const,
};

/** The settings as the form edits them, always fresh (another admin may have saved meanwhile). */
export const settingsQuery = () => ({ queryKey: editionKeys.settings, queryFn: () => http.get<PublicEdition>('/api/v1/stay/common'), staleTime: 0 });

/** Saves the settings; `updatedAt` is the version the form started from (a later save by someone else is a conflict). */
export const saveSettings = (settings: EditionSettings, updatedAt: string) => http.put<PublicEdition>('/api/v1/edition/settings', { settings, updatedAt });
