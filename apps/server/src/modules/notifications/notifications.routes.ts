import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { followAnswerSchema, followEmailInputSchema, followPushInputSchema, followStatusSchema, followTokenSchema, vapidPublicKeySchema } from '@bjk/domain';
import type { AppDeps } from '../../platform/app-deps.js';
import { apiRoutes, noContent } from '../../platform/routes.js';
import { systemContext } from '../../platform/service-context.js';
import { planOnCommit } from './follow.worker.js';
import { confirmFollow, followByEmail, followByPush, getFollowStatus, getVapidPublicKey, unfollow } from './notifications.service.js';

/**
 * Following a player (issue #27), public and without an account: the browser's push subscription or an e-mail address
 * (double opt-in), each follow with its own unfollow token. Nobody can list followers. Tokens travel in POST bodies,
 * never in an address a log or a mail scanner would keep.
 */
export async function notificationsRoutes(app: FastifyInstance, deps: AppDeps & { events: NonNullable<AppDeps['events']> }): Promise<void> {
  const api = apiRoutes(app, ['notifications']);
  const ctx = () => systemContext(deps);
  // Results and games announce their changes after commit; the followers' notices are planned from there.
  const stop = planOnCommit(deps.events, { db: deps.db, clock: deps.clock, config: deps.config }, deps.bus);
  app.addHook('onClose', async () => stop());
  // A parent follows a child or two, but the venue's Wi-Fi puts hundreds of families behind one address: the cap
  // stops a script, not a hall (an address gets a confirmation mail at most every ten minutes anyway).
  const follow = { access: 'public', rateLimit: { max: 300, timeWindow: '1 minute' } } as const;

  api.get('/api/v1/follow/vapid-key', 'public', "The site's VAPID public key (the browser's applicationServerKey)", {
    schema: { response: { 200: vapidPublicKeySchema } },
    handler: async () => getVapidPublicKey(ctx()),
  });

  api.post('/api/v1/follow/push', follow, "Follow a player with this browser's Web Push subscription; the same browser and player again keeps one follow", {
    schema: { body: followPushInputSchema, response: { 200: followAnswerSchema } },
    handler: async (request) => followByPush(ctx(), request.body),
  });

  api.post('/api/v1/follow/email', follow, 'Follow a player by e-mail: a confirmation mail first (double opt-in), then one mail per round', {
    schema: { body: followEmailInputSchema, response: { 200: followAnswerSchema } },
    handler: async (request) => followByEmail(ctx(), request.body),
  });

  api.post('/api/v1/follow/confirm', follow, "Confirm an e-mail follow (the confirmation mail's link)", {
    schema: { body: followTokenSchema, response: { 200: followStatusSchema } },
    handler: async (request) => confirmFollow(ctx(), request.body.token),
  });

  api.post('/api/v1/follow/status', follow, 'What an unfollow token stops (its page shows it)', {
    schema: { body: followTokenSchema, response: { 200: followStatusSchema } },
    handler: async (request) => getFollowStatus(ctx(), request.body.token),
  });

  api.post('/api/v1/follow/unfollow', follow, 'Stop a follow in one tap (a repeat answers the same)', {
    schema: { body: followTokenSchema, response: { 204: z.null() } },
    handler: async (request, reply) => {
      await unfollow(ctx(), request.body.token);
      return noContent(reply);
    },
  });
}
