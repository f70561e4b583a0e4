import type { FollowAnswer, FollowStatus } from '@bjk/domain/notifications';
import type { Language } from '@bjk/domain/languages';
import { http } from '../http';

/**
 * Following a player from this browser (issue #27): the Web Push subscription of this site's service worker, or an
 * e-mail address. What this browser follows is remembered here (the unfollow token per player), so a card shows
 * "following" and stops it in one tap; the server keeps no list a visitor could read.
 */

const STORAGE_KEY = 'bjk.follows';

export type LocalFollow = { token: string; channel: 'push' | 'email'; status: FollowAnswer['status'] };

const keyOf = (category: string, pairingNumber: number) => `${category.toUpperCase()}:${pairingNumber}`;

function readAll(): Record<string, LocalFollow> {
  try {
    return JSON.parse(window.localStorage.getItem(STORAGE_KEY) ?? '{}') as Record<string, LocalFollow>;
  } catch {
    return {};
  }
}

function writeAll(all: Record<string, LocalFollow>): void {
  try {
    window.localStorage.setItem(STORAGE_KEY, JSON.stringify(all));
  } catch {
    // Without storage the follow still works; this browser just does not remember it for the card.
  }
}

export const findLocalFollow = (category: string, pairingNumber: number): LocalFollow | undefined => readAll()[keyOf(category, pairingNumber)];

export function rememberFollow(answer: FollowAnswer): void {
  writeAll({ ...readAll(), [keyOf(answer.category, answer.pairingNumber)]: { token: answer.token, channel: answer.channel, status: answer.status } });
}

export function forgetFollow(token: string): void {
  writeAll(Object.fromEntries(Object.entries(readAll()).filter(([, follow]) => follow.token !== token)));
}

/** Whether this browser can receive Web Push at all (a service worker, the Push API, notifications). */
export function pushSupported(): boolean {
  return typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

/**
 * An iPhone or iPad delivers web push only to a site added to the home screen (iOS 16.4+): in Safari's tab there is
 * no PushManager, and the button says how to add the site, and offers e-mail.
 */
export function isIosOutsideHomeScreen(): boolean {
  if (typeof navigator === 'undefined') return false;
  const ios = /iPhone|iPad|iPod/.test(navigator.userAgent) || (navigator.userAgent.includes('Macintosh') && navigator.maxTouchPoints > 1);
  const standalone = (navigator as { standalone?: boolean }).standalone === true || window.matchMedia?.('(display-mode: standalone)').matches === true;
  return ios && !standalone;
}

const base64UrlToBytes = (text: string) => {
  const padded = text.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (text.length % 4)) % 4);
  return Uint8Array.from(atob(padded), (c) => c.charCodeAt(0));
};

/** Registers the site's service worker (the one that shows notifications; it caches nothing). */
export async function registerServiceWorker(): Promise<ServiceWorkerRegistration> {
  await navigator.serviceWorker.register('/sw.js', { scope: '/', updateViaCache: 'none' });
  return navigator.serviceWorker.ready;
}

export class PushRefused extends Error {}

/** Asks for permission and this browser's push subscription (the same one for every player it follows). */
export async function subscribeToPush(): Promise<PushSubscriptionJSON> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new PushRefused(permission);
  const registration = await registerServiceWorker();
  const existing = await registration.pushManager.getSubscription();
  if (existing) return existing.toJSON();
  const { publicKey } = await http.get<{ publicKey: string }>('/api/v1/follow/vapid-key');
  const subscription = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: base64UrlToBytes(publicKey) });
  return subscription.toJSON();
}

type Player = { category: string; pairingNumber: number; language: Language };

export const followByPush = (player: Player, subscription: PushSubscriptionJSON) => http.post<FollowAnswer>('/api/v1/follow/push', { ...player, subscription });
export const followByEmail = (player: Player, email: string) => http.post<FollowAnswer>('/api/v1/follow/email', { ...player, email });
export const unfollow = (token: string) => http.post<null>('/api/v1/follow/unfollow', { token });
export const followStatus = (token: string) => http.post<FollowStatus>('/api/v1/follow/status', { token });
export const confirmFollow = (token: string) => http.post<FollowStatus>('/api/v1/follow/confirm', { token });
