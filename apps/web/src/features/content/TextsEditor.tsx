import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Suspense, lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PageTranslations } from '@bjk/domain/content';
import { LANGUAGES, type Language } from '@bjk/domain/languages';

const Markdown = lazy(() => import('./Markdown'));

/** A title and a Markdown body in each language, as the editors hold them (empty strings for unwritten languages). */
export type Texts = Record<Language, { title: string; body: string }>;

export function toTexts(translations: PageTranslations): Texts {
  return Object.fromEntries(LANGUAGES.map((l) => [l, { title: translations[l]?.title ?? '', body: translations[l]?.body ?? '' }])) as Texts;
}

export function emptyTexts(): Texts {
  return toTexts({ nl: { title: '', body: '' } });
}

/** A language without a title is not written: visitors get Dutch with a notice instead. */
export function toTranslations(texts: Texts): PageTranslations {
  const result: Record<string, { title: string; body: string }> = { nl: texts.nl };
  for (const l of LANGUAGES) if (l !== 'nl' && texts[l].title.trim() !== '') result[l] = texts[l];
  return result as PageTranslations;
}

type Props = {
  texts: Texts;
  /** Without it the texts are shown read-only (a page nobody checked out, or another manager's). */
  onChange?: (texts: Texts) => void;
  /** Prefix of the test ids (`page` gives `page-tab-nl`, `page-title-input`, `page-preview`). */
  testId: string;
  /** An image shown above the title in the preview (a page's hero image). */
  heroUrl?: string | null;
};

/**
 * The side-by-side Markdown editor of pages and news: one tab per language, title and body on the
 * left, the live preview (rendered with the same safe Markdown rules) on the right.
 */
export function TextsEditor({ texts, onChange, testId, heroUrl }: Props) {
  const { t } = useTranslation('contentAdmin');
  const [tab, setTab] = useState<Language>('nl');
  const setText = (field: 'title' | 'body', value: string) => onChange?.({ ...texts, [tab]: { ...texts[tab], [field]: value } });
  return (
    <Stack spacing={2}>
      <Tabs value={tab} onChange={(_, value: Language) => setTab(value)} aria-label={t('languages')}>
        {LANGUAGES.map((l) => (
          <Tab key={l} value={l} label={l.toUpperCase()} data-testid={`${testId}-tab-${l}`} />
        ))}
      </Tabs>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        <Stack spacing={2}>
          <TextField
            label={t('title')}
            value={texts[tab].title}
            onChange={(e) => setText('title', e.target.value)}
            disabled={!onChange}
            slotProps={{ htmlInput: { 'data-testid': `${testId}-title-input` } }}
            helperText={tab === 'nl' ? undefined : t('emptyMeansFallback')}
          />
          <TextField
            label={t('body')}
            value={texts[tab].body}
            onChange={(e) => setText('body', e.target.value)}
            disabled={!onChange}
            multiline
            minRows={12}
            slotProps={{ htmlInput: { 'data-testid': `${testId}-body-input` } }}
          />
        </Stack>
        <Box
          aria-label={t('preview')}
          role="region"
          data-testid={`${testId}-preview`}
          sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2, minHeight: 200, overflow: 'auto' }}
        >
          <Typography variant="overline">{t('preview')}</Typography>
          {heroUrl && (
            <Box
              component="img"
              src={heroUrl}
              alt=""
              data-testid={`${testId}-preview-hero`}
              sx={{ display: 'block', width: '100%', maxHeight: 200, objectFit: 'cover', borderRadius: 1, mb: 1 }}
            />
          )}
          {texts[tab].title.trim() !== '' && (
            <Typography variant="h3" sx={{ fontSize: '1.5rem' }}>
              {texts[tab].title}
            </Typography>
          )}
          <Suspense fallback={null}>
            <Markdown>{texts[tab].body}</Markdown>
          </Suspense>
        </Box>
      </Box>
    </Stack>
  );
}
