import { z } from 'zod';
import { LANGUAGES } from './languages.js';

/**
 * Following a player (issue #27): a parent's phone gets the next pairing, each result, the final place and "the game
 * is live" the moment the public pages show them, by Web Push (the browser's subscription, no account) or by e-mail
 * (double opt-in, one message per family and round). Every subscription carries its own unfollow token.
 */

export const NOTIFICATIONS_ERRORS = {
  /** The category has no player with that number in its published results. */
  playerUnknown: 'notifications.player_unknown',
  /** The push endpoint is not an https address the server may post to (details: reason). */
  endpointRefused: 'notifications.endpoint_refused',
  /** An unfollow or confirmation token that is not (or no longer) valid. */
  tokenInvalid: 'notifications.token_invalid',
} as const;

/** Base64url without padding (what `PushSubscription.toJSON()` gives for its keys). */
const base64url = (min: number, max: number) =>
  z
    .string()
    .min(min)
    .max(max)
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, 'Invalid value');

/**
 * A browser's Web Push subscription as `PushSubscription.toJSON()` gives it: the push service's https address and the
 * keys the payload is encrypted with (RFC 8291: `p256dh` an uncompressed P-256 point, 65 bytes; `auth` 16 bytes).
 */
export const pushSubscriptionSchema = z.object({
  endpoint: z
    .url()
    .max(2048)
    .refine((url) => url.startsWith('https://'), 'Invalid value'),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({ p256dh: base64url(86, 90), auth: base64url(21, 26) }),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>;

const followedPlayerFields = {
  /** The category as results name it ("U8", "trn_u8"). */
  category: z.string().trim().min(1).max(20),
  pairingNumber: z.number().int().min(1).max(9999),
  language: z.enum(LANGUAGES),
};

export const followPushInputSchema = z.object({ ...followedPlayerFields, subscription: pushSubscriptionSchema });
export type FollowPushInput = z.infer<typeof followPushInputSchema>;

export const followEmailInputSchema = z.object({ ...followedPlayerFields, email: z.email().max(254) });
export type FollowEmailInput = z.infer<typeof followEmailInputSchema>;

export const FOLLOW_CHANNELS = ['push', 'email'] as const;
export type FollowChannel = (typeof FOLLOW_CHANNELS)[number];

/** What following answers: the unfollow token (kept by the page) and whether an e-mail must still be confirmed. */
export const followAnswerSchema = z.object({
  token: z.string(),
  channel: z.enum(FOLLOW_CHANNELS),
  status: z.enum(['active', 'pending_confirmation']),
  category: z.string(),
  pairingNumber: z.number().int(),
  name: z.string(),
});
export type FollowAnswer = z.infer<typeof followAnswerSchema>;

/** An unfollow (or confirmation) token: `<subscription id>.<HMAC>`, base64url. */
export const followTokenSchema = z.object({ token: z.string().regex(/^[0-9a-f-]{36}\.[A-Za-z0-9_-]{43}$/, 'Invalid value') });
export type FollowToken = z.infer<typeof followTokenSchema>;

/** The unfollow page's view of one subscription (no address: the token's holder has it already). */
export const followStatusSchema = followAnswerSchema.omit({ token: true });
export type FollowStatus = z.infer<typeof followStatusSchema>;

export const vapidPublicKeySchema = z.object({ publicKey: z.string() });

/**
 * What a push message carries (the service worker shows it): in the follower's language, only what the public pages
 * show. `tag` groups notices of one game, so a newer one replaces the older one on the screen as the `Topic` header
 * does in the push service.
 */
export const pushNoticeSchema = z.object({
  kind: z.enum(['pairing', 'result', 'final', 'live']),
  title: z.string(),
  body: z.string(),
  /** The page to open on a tap (same origin, a path). */
  url: z.string(),
  tag: z.string(),
  lang: z.enum(LANGUAGES),
  /** The unfollow page of this subscription. */
  unfollowUrl: z.string(),
  /** The notification's button to that page, in the follower's language. */
  unfollowLabel: z.string(),
});
export type PushNotice = z.infer<typeof pushNoticeSchema>;

/** The push `Topic` of a player's game in a round: at most 32 characters of the URL-safe alphabet (RFC 8030 §5.4). */
export function gameTopic(category: string, round: number, pairingNumber: number): string {
  return `${category.replace(/[^A-Za-z0-9]/g, '')}-r${round}-p${pairingNumber}`.slice(0, 32);
}
