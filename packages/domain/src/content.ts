import { z } from 'zod';
import { idParamSchema } from './input-rules.js';
import { pageOf, pageQuerySchema } from './list-query.js';
import { isoDateSchema, isoDateTimeSchema } from './date-schemas.js';
import { editionEventSchema } from './edition.js';
import { languageSchema } from './text.js';

/** A page's address part: `stay`, `internal-regulations`. */
export const pageSlugSchema = z.string().regex(/^[a-z][a-z0-9-]{1,40}$/, 'Invalid value');

/** A reference to a stored file: group + name (DOMAIN.md §7). */
export const fileRefSchema = z.object({
  group: z.string().regex(/^[a-z][a-z0-9_-]{1,30}$/, 'Invalid value'),
  name: z.string().min(1).max(200),
});
export type FileRef = z.infer<typeof fileRefSchema>;

export const pageTextSchema = z.object({
  title: z.string().trim().min(1, 'Required').max(200),
  body: z.string().max(100_000),
});
export type PageText = z.infer<typeof pageTextSchema>;

/** A page's texts: Dutch always (the fallback), the other languages when written. */
export const pageTranslationsSchema = z.object({
  nl: pageTextSchema,
  fr: pageTextSchema.optional(),
  de: pageTextSchema.optional(),
  en: pageTextSchema.optional(),
});
export type PageTranslations = z.infer<typeof pageTranslationsSchema>;

export const MENU_GROUPS = ['championship', 'practical', 'tournament', 'about', 'none'] as const;
export const menuGroupSchema = z.enum(MENU_GROUPS);

/** Pages whose text is part of a fixed menu entry (`/`, `/schedule`): their menu placement has no effect. */
export const FIXED_ENTRY_PAGES: readonly string[] = ['home', 'schedule'];

/**
 * An organisers' page in the public menu, placed by its menu group and order among the site's fixed
 * entries (home, news, registration…, which the web app keeps itself), titled in the visitor's language.
 */
export const menuEntrySchema = z.object({
  slug: pageSlugSchema,
  /** `/stay` for the pages with a route of their own, `/page/<slug>` for the others. */
  path: z.string(),
  group: menuGroupSchema.exclude(['none']),
  order: z.number().int(),
  /** In the visitor's language, Dutch when the page is not translated. */
  title: z.string(),
});
export type MenuEntry = z.infer<typeof menuEntrySchema>;

/** What a visitor reads: one language, with `fallback` set when the visitor's language was missing. */
export const publicPageSchema = z.object({
  slug: pageSlugSchema,
  language: languageSchema,
  requestedLanguage: languageSchema,
  fallback: z.boolean(),
  title: z.string(),
  body: z.string(),
  /** The body as safe HTML, rendered on the server (visitors download no Markdown renderer). */
  bodyHtml: z.string(),
  heroImage: fileRefSchema.nullable(),
  version: z.number().int(),
  updatedAt: isoDateTimeSchema,
});
export type PublicPage = z.infer<typeof publicPageSchema>;

export const pageLanguageQuerySchema = z.object({ lang: languageSchema.default('nl') });

export const pageLockSchema = z.object({
  accountId: z.string(),
  displayName: z.string(),
  since: isoDateTimeSchema,
});
export type PageLock = z.infer<typeof pageLockSchema>;

export const pageSummarySchema = z.object({
  slug: pageSlugSchema,
  /** The Dutch title (every page has one). */
  title: z.string(),
  languages: z.array(languageSchema),
  published: z.boolean(),
  menuGroup: menuGroupSchema,
  menuOrder: z.number().int(),
  version: z.number().int(),
  lock: pageLockSchema.nullable(),
  updatedAt: isoDateTimeSchema,
});
export type PageSummary = z.infer<typeof pageSummarySchema>;

export const pageVersionSummarySchema = z.object({
  version: z.number().int(),
  createdBy: z.string(),
  createdAt: isoDateTimeSchema,
  title: z.string(),
});
export type PageVersionSummary = z.infer<typeof pageVersionSummarySchema>;

/** A manager's full view: the published texts, the working copy while checked out, the lock and the versions. */
export const pageDetailSchema = pageSummarySchema.extend({
  translations: pageTranslationsSchema,
  heroImage: fileRefSchema.nullable(),
  workingCopy: z.object({ translations: pageTranslationsSchema, heroImage: fileRefSchema.nullable() }).nullable(),
  versions: z.array(pageVersionSummarySchema),
});
export type PageDetail = z.infer<typeof pageDetailSchema>;

export const pageVersionSchema = z.object({
  version: z.number().int(),
  translations: pageTranslationsSchema,
  heroImage: fileRefSchema.nullable(),
  createdBy: z.string(),
  createdAt: isoDateTimeSchema,
});
export type PageVersion = z.infer<typeof pageVersionSchema>;

export const pageInstanceParamsSchema = z.object({ instance: pageSlugSchema });
export const pageVersionParamsSchema = z.object({ instance: pageSlugSchema, version: idParamSchema });

/** The working copy a lock holder saves while editing. */
export const pageWorkingCopySchema = z.object({
  translations: pageTranslationsSchema,
  heroImage: fileRefSchema.nullable(),
});
export type PageWorkingCopy = z.infer<typeof pageWorkingCopySchema>;

/** Check-in may carry the last edits, so "save and publish" is one call. */
export const pageCheckinSchema = z.object({ workingCopy: pageWorkingCopySchema.optional() });

export const pageSettingsSchema = z.object({
  published: z.boolean(),
  menuGroup: menuGroupSchema,
  menuOrder: z.number().int().min(0).max(1000),
});
export type PageSettings = z.infer<typeof pageSettingsSchema>;

export const createPageSchema = pageSettingsSchema.extend({ slug: pageSlugSchema, translations: pageTranslationsSchema });

// News

export const newsIdParamsSchema = z.object({ id: idParamSchema });

export const newsInputSchema = z.object({
  date: isoDateSchema,
  published: z.boolean(),
  translations: pageTranslationsSchema,
});
export type NewsInput = z.infer<typeof newsInputSchema>;

export const newsEntrySchema = newsInputSchema.extend({ id: z.number().int(), updatedAt: isoDateTimeSchema });
export type NewsEntry = z.infer<typeof newsEntrySchema>;
/** The managers' news list: newest first, drafts included, `search` in the titles and texts of every language. */
export const newsListQuerySchema = pageQuerySchema;
export type NewsListQuery = z.output<typeof newsListQuerySchema>;
export const newsPageSchema = pageOf(newsEntrySchema);
export type NewsPage = z.infer<typeof newsPageSchema>;

export const publicNewsItemSchema = z.object({
  id: z.number().int(),
  date: isoDateSchema,
  title: z.string(),
  summary: z.string(),
  language: languageSchema,
  fallback: z.boolean(),
});
export type PublicNewsItem = z.infer<typeof publicNewsItemSchema>;

const newsNeighbourSchema = z.object({ id: z.number().int(), title: z.string(), date: isoDateSchema }).nullable();

export const publicNewsDetailSchema = publicNewsItemSchema.extend({
  body: z.string(),
  /** The body as safe HTML, rendered on the server. */
  bodyHtml: z.string(),
  /** Older entry. */
  previous: newsNeighbourSchema,
  /** Newer entry. */
  next: newsNeighbourSchema,
});
export type PublicNewsDetail = z.infer<typeof publicNewsDetailSchema>;

export const CONTENT_ERRORS = {
  pageNotFound: 'content.page_not_found',
  pageLocked: 'content.page_locked',
  notCheckedOut: 'content.not_checked_out',
  pageExists: 'content.page_exists',
  versionNotFound: 'content.version_not_found',
  newsNotFound: 'content.news_not_found',
  adminOnly: 'content.admin_only',
  heroNotImage: 'content.hero_not_image',
  categoryNotFound: 'content.category_not_found',
} as const;

// Calendar

export const calendarQuerySchema = z.object({
  category: z
    .string()
    .regex(/^[A-Z][A-Z0-9]{1,9}$/, 'Invalid value')
    .optional(),
  lang: languageSchema.default('nl'),
});

/** The programme for /schedule: events in time order, with the edition's time zone to show them in. */
export const programmeSchema = z.object({
  timeZone: z.string(),
  categories: z.array(z.string()),
  events: z.array(editionEventSchema),
});
export type Programme = z.infer<typeof programmeSchema>;
