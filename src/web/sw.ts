/**
 * The service worker (built to /sw.js, scope /): it shows a Web Push from the server as a
 * notification — "your move" reaches a player with the match's tab closed — and a click on
 * it focuses the match's tab, or opens the match page on this origin (the browser keeps the
 * seat link: src/web/seat.ts). The push holds public facts only (src/matches/web-push.ts).
 *
 * Written against the few service-worker types it uses (the web client's program has the
 * DOM's types, which do not declare a service worker's global scope).
 */

interface ExtendableEventLike extends Event {
  waitUntil(p: Promise<unknown>): void;
}
interface PushEventLike extends ExtendableEventLike {
  data: { json(): unknown } | null;
}
interface NotificationEventLike extends ExtendableEventLike {
  notification: { data: unknown; close(): void };
}
interface WindowClientLike {
  url: string;
  focus(): Promise<unknown>;
}
interface ServiceWorkerScope {
  location: Location;
  registration: ServiceWorkerRegistration;
  clients: {
    matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<WindowClientLike[]>;
    openWindow(url: string): Promise<unknown>;
    claim(): Promise<void>;
  };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'install' | 'activate', listener: (e: ExtendableEventLike) => void): void;
  addEventListener(type: 'push', listener: (e: PushEventLike) => void): void;
  addEventListener(type: 'notificationclick', listener: (e: NotificationEventLike) => void): void;
}

/** What the server sends (src/matches/web-push.ts, PushPayload), as far as this reads it. */
interface Payload {
  match?: unknown;
  title?: unknown;
  body?: unknown;
  tag?: unknown;
}

const sw = self as unknown as ServiceWorkerScope;
const MATCH_ID = /^[A-Za-z0-9_-]{1,40}$/;

/** The match page on this origin (the payload's own link may name the server's public address instead). */
function pageOf(match: unknown): string {
  return typeof match === 'string' && MATCH_ID.test(match) ? `${sw.location.origin}/m/${match}` : `${sw.location.origin}/`;
}

const str = (v: unknown, fallback: string, max = 600) => (typeof v === 'string' && v ? v.slice(0, max) : fallback);

sw.addEventListener('install', (e) => e.waitUntil(sw.skipWaiting()));
sw.addEventListener('activate', (e) => e.waitUntil(sw.clients.claim()));

sw.addEventListener('push', (e) => {
  let p: Payload = {};
  try {
    p = (e.data?.json() as Payload | null) ?? {};
  } catch {
    /* not JSON: a plain notification */
  }
  const url = pageOf(p.match);
  const options = { body: str(p.body, 'Something happened in one of your matches.'), tag: str(p.tag, 'ironbottom', 80), renotify: true, data: { url } };
  e.waitUntil(sw.registration.showNotification(str(p.title, 'Ironbottom', 120), options as NotificationOptions));
});

sw.addEventListener('notificationclick', (e) => {
  e.notification.close();
  const data = e.notification.data as { url?: unknown } | null;
  const url = typeof data?.url === 'string' && data.url.startsWith(sw.location.origin + '/') ? data.url : `${sw.location.origin}/`;
  e.waitUntil(
    sw.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((tabs) => {
      const path = new URL(url).pathname;
      const open = tabs.find((t) => new URL(t.url).pathname === path);
      return open ? open.focus() : sw.clients.openWindow(url);
    }),
  );
});
