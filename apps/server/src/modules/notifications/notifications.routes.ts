import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { followAnswerSchema, followEmailInputSchema, followPushInputSchema, followStatusSchema, followTokenSchema, vapidPublicKeySchema } from '@bjk/domain';
import type { AppDeps } from '../../platform/app-deps.js';
import { systemContext } from '../../platform/service-context.js';
import { planOnCommit } from './follow.worker.js';
import { confirmFollow, followByEmail, followByPush, getFollowStatus, getVapidPublicKey, unfollow } from './notifications.service.js';

/**
 * Following a player (issue #27), public and without an account: the browser's push subscription or an e-mail address
 * (double opt-in), each follow with its own unfollow token. Nobody can list followers. Tokens travel in POST bodies,
 * never in an address a log or a mail scanner would keep.
 */
export async function notificationsRoutes(app: FastifyInstance, deps: AppDeps & { events: NonNullable<AppDeps['events']> }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['notifications'];
  const ctx = () => systemContext(deps);
  // Results and games announce their changes after commit; the followers' notices are planned from there.
  const stop = planOnCommit(deps.events, { db: deps.db, clock: deps.clock, config: deps.config }, deps.bus);
  app.addHook('onClose', async () => stop());
  // A parent follows a child or two, but the venue's Wi-Fi puts hundreds of families behind one address: the cap
  // stops a script, not a hall (an address gets a confirmation mail at most every ten minutes anyway).
  const followLimit = { rateLimit: { max: 300, timeWindow: '1 minute' } };

  r.get('/api/v1/follow/vapid-key', {
    schema: { tags, summary: "The site's VAPID public key (the browser's applicationServerKey)", response: { 200: vapidPublicKeySchema } },
    config: { access: 'public' },
    handler: async () => getVapidPublicKey(ctx()),
  });

  r.post('/api/v1/follow/push', {
    schema: {
      tags,
      summary: "Follow a player with this browser's Web Push subscription; the same browser and player again keeps one follow",
      body: followPushInputSchema,
      response: { 200: followAnswerSchema },
    },
    config: { access: 'public', ...followLimit },
    handler: async (request) => followByPush(ctx(), request.body),
  });

  r.post('/api/v1/follow/email', {
    schema: {
      tags,
      summary: 'Follow a player by e-mail: a confirmation mail first (double opt-in), then one mail per round',
      body: followEmailInputSchema,
      response: { 200: followAnswerSchema },
    },
    config: { access: 'public', ...followLimit },
    handler: async (request) => followByEmail(ctx(), request.body),
  });

  r.post('/api/v1/follow/confirm', {
    schema: { tags, summary: "Confirm an e-mail follow (the confirmation mail's link)", body: followTokenSchema, response: { 200: followStatusSchema } },
    config: { access: 'public', ...followLimit },
    handler: async (request) => confirmFollow(ctx(), request.body.token),
  });

  r.post('/api/v1/follow/status', {
    schema: { tags, summary: 'What an unfollow token stops (its page shows it)', body: followTokenSchema, response: { 200: followStatusSchema } },
    config: { access: 'public', ...followLimit },
    handler: async (request) => getFollowStatus(ctx(), request.body.token),
  });

  r.post('/api/v1/follow/unfollow', {
    schema: { tags, summary: 'Stop a follow in one tap (a repeat answers the same)', body: followTokenSchema, response: { 204: z.null() } },
    config: { access: 'public', ...followLimit },
    handler: async (request, reply) => {
      await unfollow(ctx(), request.body.token);
      return reply.status(204).send(null);
    },
  });
}
