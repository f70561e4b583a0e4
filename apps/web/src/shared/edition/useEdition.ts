import type { PublicEdition } from '@bjk/domain/edition';
import { invalidateResources, preloadResource, useResource } from '../data/resource';
import { http } from '../http';

const EDITION_KEY = 'edition:public';

const loadEdition = () => http.get<PublicEdition>('/api/v1/stay/common');

/** The current edition's public settings (name, dates, fees, organiser); loaded once, shared by every page. */
export function useEdition(): PublicEdition['settings'] {
  return useResource(EDITION_KEY, loadEdition).settings;
}

/** Starts loading the edition at start-up, beside the app's texts: every page needs it before it shows. */
export function preloadEdition(): void {
  preloadResource(EDITION_KEY, loadEdition);
}

/** After a manager saved the settings: every page reads them again. */
export function invalidateEdition(): void {
  invalidateResources(EDITION_KEY);
}
