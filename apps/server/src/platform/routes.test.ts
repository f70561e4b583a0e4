import Fastify, { type RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { apiRoutes, noContent, sendAttachment } from './routes.js';

async function appWith(declare: (api: ReturnType<typeof apiRoutes>) => void) {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const routes: RouteOptions[] = [];
  app.addHook('onRoute', (route) => void routes.push(route));
  declare(apiRoutes(app, ['things']));
  await app.ready();
  return { app, routes };
}

describe('apiRoutes', () => {
  it('registers a route with the module tags, its summary and description, and its access as config', async () => {
    const { app, routes } = await appWith((api) => {
      api.get('/api/things/:id', 'lodging:read', 'One thing', {
        description: 'Details.',
        schema: { params: z.object({ id: z.string() }), response: { 200: z.object({ id: z.string() }) } },
        handler: async (request) => ({ id: request.params.id }),
      });
      api.post('/api/things', { access: 'public', idempotency: false }, { summary: 'A long summary, first in the route', handler: async () => null });
    });
    const [get, post] = routes.filter((route) => route.method !== 'HEAD');
    expect(get).toMatchObject({ method: 'GET', url: '/api/things/:id', config: { access: 'lodging:read' } });
    expect(get!.schema).toMatchObject({ tags: ['things'], summary: 'One thing', description: 'Details.' });
    expect(post).toMatchObject({ method: 'POST', config: { access: 'public', idempotency: false } });
    expect(Object.keys(post!.schema!)).toEqual(['tags', 'summary']);
    expect(post!.schema).toMatchObject({ summary: 'A long summary, first in the route' });
    expect((await app.inject({ method: 'GET', url: '/api/things/7' })).json()).toEqual({ id: '7' });
    await app.close();
  });

  it('answers attachments and 204 with the shared replies', async () => {
    const { app } = await appWith((api) => {
      api.get('/api/things.csv', 'public', 'A CSV', {
        handler: async (_request, reply) => sendAttachment(reply, 'text/csv; charset=utf-8', 'things.csv', 'a;b\n'),
      });
      api.delete('/api/things', 'public', 'Nothing to answer', { handler: async (_request, reply) => noContent(reply) });
    });
    const csv = await app.inject({ method: 'GET', url: '/api/things.csv' });
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe('attachment; filename="things.csv"');
    expect(csv.body).toBe('a;b\n');
    expect((await app.inject({ method: 'DELETE', url: '/api/things' })).statusCode).toBe(204);
    await app.close();
  });
});
