import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  calendarQuerySchema,
  createPageSchema,
  menuEntrySchema,
  newsEntrySchema,
  newsListQuerySchema,
  newsPageSchema,
  LIST_CONVENTION_NOTE,
  newsIdParamsSchema,
  newsInputSchema,
  pageCheckinSchema,
  pageDetailSchema,
  pageInstanceParamsSchema,
  pageLanguageQuerySchema,
  pageSettingsSchema,
  pageSummarySchema,
  pageVersionParamsSchema,
  pageVersionSchema,
  pageWorkingCopySchema,
  programmeSchema,
  publicNewsDetailSchema,
  publicNewsItemSchema,
  publicPageSchema,
} from '@bjk/domain';
import type { AppDeps } from '../../platform/app-deps.js';
import { managerContext } from '../../platform/service-context.js';
import { getCalendarFeed, getProgramme } from './calendar.service.js';
import {
  checkinPage,
  checkoutPage,
  createNews,
  createPage,
  deleteNews,
  getPageDetail,
  getPagePreview,
  getPublicMenu,
  getPageVersion,
  getPublicNews,
  getPublicPage,
  listNews,
  listPages,
  listPublicNews,
  releaseLock,
  restorePageVersion,
  saveDraft,
  updateNews,
  updatePageSettings,
} from './content.service.js';

export async function contentRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  const tags = ['content'];
  const write = { access: 'content:write', invalidates: ['content'] } as const;

  // Public reading: only published pages and entries, texts only (no personal data).
  r.get('/api/v1/page/anon/page/:instance', {
    schema: {
      tags,
      summary: 'A published page in the visitor’s language (Dutch fallback flagged)',
      params: pageInstanceParamsSchema,
      querystring: pageLanguageQuerySchema,
      response: { 200: publicPageSchema },
    },
    config: { access: 'public', publicCache: { topic: 'content' } },
    handler: async (request) => getPublicPage(db, request.params.instance, request.query.lang),
  });
  r.get('/api/v1/page/anon/menu', {
    schema: {
      tags,
      summary: 'The organisers’ pages in the public menu: group, order and title in the visitor’s language',
      querystring: pageLanguageQuerySchema,
      response: { 200: z.array(menuEntrySchema), 304: z.null().describe('Not modified (If-None-Match)') },
    },
    // Every page view asks for the menu: the kept answer's ETag makes an unchanged menu a 304.
    config: { access: 'public', publicCache: { topic: 'content' } },
    handler: async (request) => getPublicMenu(db, request.query.lang),
  });
  r.get('/api/v1/news/anon', {
    schema: { tags, summary: 'Published news, newest first', querystring: pageLanguageQuerySchema, response: { 200: z.array(publicNewsItemSchema) } },
    config: { access: 'public', publicCache: { topic: 'content' } },
    handler: async (request) => listPublicNews(db, request.query.lang),
  });
  r.get('/api/v1/news/anon/:id', {
    schema: {
      tags,
      summary: 'A news entry with its previous and next entry',
      params: newsIdParamsSchema,
      querystring: pageLanguageQuerySchema,
      response: { 200: publicNewsDetailSchema },
    },
    config: { access: 'public', publicCache: { topic: 'content' } },
    handler: async (request) => getPublicNews(db, request.params.id, request.query.lang),
  });

  // The programme (edition events) and its iCalendar feed for phones.
  r.get('/api/v1/calendar/anon/events', {
    schema: { tags, summary: 'The programme, whole or for one category', querystring: calendarQuerySchema, response: { 200: programmeSchema } },
    // The programme is part of the edition settings.
    config: { access: 'public', publicCache: { topic: 'edition' } },
    handler: async (request) => getProgramme(db, request.query.category),
  });
  r.get('/api/v1/calendar/anon/ics', {
    schema: { tags, summary: 'The programme as an iCalendar feed to subscribe to (text/calendar)', querystring: calendarQuerySchema },
    config: { access: 'public' },
    handler: async (request, reply) => {
      const feed = await getCalendarFeed(db, request.query.category, request.query.lang);
      reply.header('etag', feed.etag).header('cache-control', 'public, max-age=900');
      if (request.headers['if-none-match'] === feed.etag) return reply.status(304).send();
      const file = `${feed.name.replace(/[^A-Za-z0-9]+/g, '-')}.ics`;
      return reply.type('text/calendar; charset=utf-8').header('content-disposition', `inline; filename="${file}"`).send(feed.body);
    },
  });

  // Managers: pages with check-out / check-in.
  r.get('/api/v1/page', {
    schema: { tags, summary: 'All pages with lock and publication state', response: { 200: z.array(pageSummarySchema) } },
    config: write,
    handler: async () => listPages(db),
  });
  r.post('/api/v1/page', {
    schema: { tags, summary: 'Create a page', body: createPageSchema, response: { 201: pageDetailSchema } },
    config: write,
    handler: async (request, reply) => reply.status(201).send(await createPage(managerContext(deps, request), request.body)),
  });
  r.get('/api/v1/page/preview/:instance', {
    schema: {
      tags,
      summary: 'A page as visitors would read it, drafts included (managers’ preview)',
      params: pageInstanceParamsSchema,
      querystring: pageLanguageQuerySchema,
      response: { 200: publicPageSchema },
    },
    config: write,
    handler: async (request) => getPagePreview(db, request.params.instance, request.query.lang),
  });
  r.get('/api/v1/page/:instance', {
    schema: { tags, summary: 'A page with its working copy, lock and versions', params: pageInstanceParamsSchema, response: { 200: pageDetailSchema } },
    config: write,
    handler: async (request) => getPageDetail(db, request.params.instance),
  });
  r.post('/api/v1/page/checkout/:instance', {
    schema: { tags, summary: 'Check out a page: take the edit lock and a working copy', params: pageInstanceParamsSchema, response: { 200: pageDetailSchema } },
    config: write,
    handler: async (request) => checkoutPage(managerContext(deps, request), request.params.instance),
  });
  r.put('/api/v1/page/draft/:instance', {
    schema: {
      tags,
      summary: 'Save the working copy (lock holder only)',
      params: pageInstanceParamsSchema,
      body: pageWorkingCopySchema,
      response: { 200: pageDetailSchema },
    },
    config: write,
    handler: async (request) => saveDraft(managerContext(deps, request), request.params.instance, request.body),
  });
  r.post('/api/v1/page/checkin/:instance', {
    schema: {
      tags,
      summary: 'Check in a page: publish the working copy as a new version and release the lock',
      params: pageInstanceParamsSchema,
      body: pageCheckinSchema.nullish(),
      response: { 200: pageDetailSchema },
    },
    config: write,
    handler: async (request) => checkinPage(managerContext(deps, request), request.params.instance, request.body?.workingCopy),
  });
  r.post('/api/v1/page/unlock/:instance', {
    schema: {
      tags,
      summary: 'Discard one’s own check-out, or (admin) break another manager’s lock',
      params: pageInstanceParamsSchema,
      response: { 200: pageDetailSchema },
    },
    config: write,
    handler: async (request) => releaseLock(managerContext(deps, request), request.params.instance),
  });
  r.put('/api/v1/page/settings/:instance', {
    schema: {
      tags,
      summary: 'Publication and menu placement of a page',
      params: pageInstanceParamsSchema,
      body: pageSettingsSchema,
      response: { 200: pageDetailSchema },
    },
    config: write,
    handler: async (request) => updatePageSettings(managerContext(deps, request), request.params.instance, request.body),
  });
  r.get('/api/v1/page/version/:instance/:version', {
    schema: { tags, summary: 'One earlier version of a page', params: pageVersionParamsSchema, response: { 200: pageVersionSchema } },
    config: write,
    handler: async (request) => getPageVersion(db, request.params.instance, request.params.version),
  });
  r.post('/api/v1/page/restore/:instance/:version', {
    schema: { tags, summary: 'Publish an earlier version again as the newest', params: pageVersionParamsSchema, response: { 200: pageDetailSchema } },
    config: write,
    handler: async (request) => restorePageVersion(managerContext(deps, request), request.params.instance, request.params.version),
  });

  // Managers: news.
  r.get('/api/v1/news', {
    schema: {
      tags,
      summary: 'News entries, newest first, drafts included',
      description: `${LIST_CONVENTION_NOTE} Changed: the answer was an array of every entry; it is now one page.`,
      querystring: newsListQuerySchema,
      response: { 200: newsPageSchema },
    },
    config: write,
    handler: async (request) => listNews(db, request.query),
  });
  r.post('/api/v1/news', {
    schema: { tags, summary: 'Write a news entry', body: newsInputSchema, response: { 201: newsEntrySchema } },
    config: write,
    handler: async (request, reply) => reply.status(201).send(await createNews(managerContext(deps, request), request.body)),
  });
  r.put('/api/v1/news/:id', {
    schema: { tags, summary: 'Edit a news entry', params: newsIdParamsSchema, body: newsInputSchema, response: { 200: newsEntrySchema } },
    config: write,
    handler: async (request) => updateNews(managerContext(deps, request), request.params.id, request.body),
  });
  r.delete('/api/v1/news/:id', {
    schema: { tags, summary: 'Delete a news entry', params: newsIdParamsSchema },
    config: write,
    handler: async (request, reply) => {
      await deleteNews(managerContext(deps, request), request.params.id);
      return reply.status(204).send();
    },
  });
}
