import type { PublicEdition } from '@bjk/domain/edition';
import { invalidateResources, preloadResource, useResource } from '../data/resource';
import { formatDateTime } from '../format';
import { http } from '../http';
import { currentLanguage } from '../i18n';

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

/** After a manager saved the settings: every page reads them again, and what comes from them (the programme, `edition:…`). */
export function invalidateEdition(): void {
  invalidateResources('edition:');
}

/**
 * Formats an instant in the chosen language and the edition's time zone: never the browser's default locale or
 * zone (`toLocaleString()`), never a literal zone. `options` as `formatDateTime`'s (long date and time by default).
 */
export function useInstantFormat(): (instant: string | Date, options?: Intl.DateTimeFormatOptions) => string {
  const { timeZone } = useEdition();
  const language = currentLanguage();
  return (instant, options) => formatDateTime(instant, language, timeZone, options);
}
