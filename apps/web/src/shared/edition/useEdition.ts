import type { PublicEdition } from '@bjk/domain/edition';
import { invalidateResources, useResource } from '../data/resource';
import { http } from '../http';

const EDITION_KEY = 'edition:public';

/** The current edition's public settings (name, dates, fees, organiser); loaded once, shared by every page. */
export function useEdition(): PublicEdition['settings'] {
  return useResource(EDITION_KEY, () => http.get<PublicEdition>('/api/v1/stay/common')).settings;
}

/** After a manager saved the settings: every page reads them again. */
export function invalidateEdition(): void {
  invalidateResources(EDITION_KEY);
}
