import { useSuspenseQuery } from '@tanstack/react-query';
import type { PublicEdition } from '@bjk/domain/edition';
import type { Language } from '@bjk/domain/languages';
import { http } from '../http';

export const editionQueryKey = ['edition', 'public'] as const;

export const editionQuery = {
  queryKey: editionQueryKey,
  queryFn: () => http.get<PublicEdition>('/api/v1/stay/common'),
  staleTime: 5 * 60_000,
};

/** The current edition's public settings (name, dates, fees, organiser); loaded once, shared by every page. */
export function useEdition(): PublicEdition['settings'] {
  return useSuspenseQuery(editionQuery).data.settings;
}

export function localized(text: Record<Language, string>, language: Language): string {
  return text[language];
}
