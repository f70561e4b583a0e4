import type { FastifyInstance } from 'fastify';
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
import { apiRoutes, notModifiedSchema } from '../../platform/routes.js';
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
  const api = apiRoutes(app, ['content']);
  const { db } = deps;
  const write = { access: 'content:write', invalidates: ['content'] } as const;
  const published = { access: 'public', publicCache: { topic: 'content' } } as const;
  // The programme is part of the edition settings.
  const programme = { access: 'public', publicCache: { topic: 'edition' } } as const;

  // Public reading: only published pages and entries, texts only (no personal data).
  api.get('/api/v1/page/anon/page/:instance', published, 'A published page in the visitor’s language (Dutch fallback flagged)', {
    schema: { params: pageInstanceParamsSchema, querystring: pageLanguageQuerySchema, response: { 200: publicPageSchema } },
    handler: async (request) => getPublicPage(db, request.params.instance, request.query.lang),
  });
  // Every page view asks for the menu: the kept answer's ETag makes an unchanged menu a 304.
  api.get('/api/v1/page/anon/menu', published, 'The organisers’ pages in the public menu: group, order and title in the visitor’s language', {
    schema: { querystring: pageLanguageQuerySchema, response: { 200: z.array(menuEntrySchema), 304: notModifiedSchema } },
    handler: async (request) => getPublicMenu(db, request.query.lang),
  });
  api.get('/api/v1/news/anon', published, 'Published news, newest first', {
    schema: { querystring: pageLanguageQuerySchema, response: { 200: z.array(publicNewsItemSchema) } },
    handler: async (request) => listPublicNews(db, request.query.lang),
  });
  api.get('/api/v1/news/anon/:id', published, 'A news entry with its previous and next entry', {
    schema: { params: newsIdParamsSchema, querystring: pageLanguageQuerySchema, response: { 200: publicNewsDetailSchema } },
    handler: async (request) => getPublicNews(db, request.params.id, request.query.lang),
  });

  // The programme (edition events) and its iCalendar feed for phones.
  api.get('/api/v1/calendar/anon/events', programme, 'The programme, whole or for one category', {
    schema: { querystring: calendarQuerySchema, response: { 200: programmeSchema } },
    handler: async (request) => getProgramme(db, request.query.category),
  });
  api.get('/api/v1/calendar/anon/ics', 'public', 'The programme as an iCalendar feed to subscribe to (text/calendar)', {
    schema: { querystring: calendarQuerySchema },
    handler: async (request, reply) => {
      const feed = await getCalendarFeed(db, request.query.category, request.query.lang);
      reply.header('etag', feed.etag).header('cache-control', 'public, max-age=900');
      if (request.headers['if-none-match'] === feed.etag) return reply.status(304).send();
      const file = `${feed.name.replace(/[^A-Za-z0-9]+/g, '-')}.ics`;
      return reply.type('text/calendar; charset=utf-8').header('content-disposition', `inline; filename="${file}"`).send(feed.body);
    },
  });

  // Managers: pages with check-out / check-in.
  api.get('/api/v1/page', write, 'All pages with lock and publication state', {
    schema: { response: { 200: z.array(pageSummarySchema) } },
    handler: async () => listPages(db),
  });
  api.post('/api/v1/page', write, 'Create a page', {
    schema: { body: createPageSchema, response: { 201: pageDetailSchema } },
    handler: async (request, reply) => reply.status(201).send(await createPage(managerContext(deps, request), request.body)),
  });
  api.get('/api/v1/page/preview/:instance', write, 'A page as visitors would read it, drafts included (managers’ preview)', {
    schema: { params: pageInstanceParamsSchema, querystring: pageLanguageQuerySchema, response: { 200: publicPageSchema } },
    handler: async (request) => getPagePreview(db, request.params.instance, request.query.lang),
  });
  api.get('/api/v1/page/:instance', write, 'A page with its working copy, lock and versions', {
    schema: { params: pageInstanceParamsSchema, response: { 200: pageDetailSchema } },
    handler: async (request) => getPageDetail(db, request.params.instance),
  });
  api.post('/api/v1/page/checkout/:instance', write, 'Check out a page: take the edit lock and a working copy', {
    schema: { params: pageInstanceParamsSchema, response: { 200: pageDetailSchema } },
    handler: async (request) => checkoutPage(managerContext(deps, request), request.params.instance),
  });
  api.put('/api/v1/page/draft/:instance', write, 'Save the working copy (lock holder only)', {
    schema: { params: pageInstanceParamsSchema, body: pageWorkingCopySchema, response: { 200: pageDetailSchema } },
    handler: async (request) => saveDraft(managerContext(deps, request), request.params.instance, request.body),
  });
  api.post('/api/v1/page/checkin/:instance', write, 'Check in a page: publish the working copy as a new version and release the lock', {
    schema: { params: pageInstanceParamsSchema, body: pageCheckinSchema.nullish(), response: { 200: pageDetailSchema } },
    handler: async (request) => checkinPage(managerContext(deps, request), request.params.instance, request.body?.workingCopy),
  });
  api.post('/api/v1/page/unlock/:instance', write, 'Discard one’s own check-out, or (admin) break another manager’s lock', {
    schema: { params: pageInstanceParamsSchema, response: { 200: pageDetailSchema } },
    handler: async (request) => releaseLock(managerContext(deps, request), request.params.instance),
  });
  api.put('/api/v1/page/settings/:instance', write, 'Publication and menu placement of a page', {
    schema: { params: pageInstanceParamsSchema, body: pageSettingsSchema, response: { 200: pageDetailSchema } },
    handler: async (request) => updatePageSettings(managerContext(deps, request), request.params.instance, request.body),
  });
  api.get('/api/v1/page/version/:instance/:version', write, 'One earlier version of a page', {
    schema: { params: pageVersionParamsSchema, response: { 200: pageVersionSchema } },
    handler: async (request) => getPageVersion(db, request.params.instance, request.params.version),
  });
  api.post('/api/v1/page/restore/:instance/:version', write, 'Publish an earlier version again as the newest', {
    schema: { params: pageVersionParamsSchema, response: { 200: pageDetailSchema } },
    handler: async (request) => restorePageVersion(managerContext(deps, request), request.params.instance, request.params.version),
  });

  // Managers: news.
  api.get('/api/v1/news', write, 'News entries, newest first, drafts included', {
    description: `${LIST_CONVENTION_NOTE} Changed: the answer was an array of every entry; it is now one page.`,
    schema: { querystring: newsListQuerySchema, response: { 200: newsPageSchema } },
    handler: async (request) => listNews(db, request.query),
  });
  api.post('/api/v1/news', write, 'Write a news entry', {
    schema: { body: newsInputSchema, response: { 201: newsEntrySchema } },
    handler: async (request, reply) => reply.status(201).send(await createNews(managerContext(deps, request), request.body)),
  });
  api.put('/api/v1/news/:id', write, 'Edit a news entry', {
    schema: { params: newsIdParamsSchema, body: newsInputSchema, response: { 200: newsEntrySchema } },
    handler: async (request) => updateNews(managerContext(deps, request), request.params.id, request.body),
  });
  api.delete('/api/v1/news/:id', write, 'Delete a news entry', {
    schema: { params: newsIdParamsSchema },
    handler: async (request, reply) => {
      await deleteNews(managerContext(deps, request), request.params.id);
      return reply.status(204).send();
    },
  });
}
