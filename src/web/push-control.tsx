/**
 * "Notify me on this device": subscribes this browser to Web Push for the seat's notices
 * ("your move" with the tab closed), through the service worker (/sw.js, src/web/sw.ts) and
 * the server's VAPID key (GET /api/push/key); "Stop notifying this device" unsubscribes it.
 * One browser has one push subscription for the whole site, so which matches it was given
 * to is remembered here (localStorage), by match and seat; the browser's subscription is
 * dropped once no match uses it.
 */
import { useEffect, useState } from 'preact/hooks';
import { api } from './api';

type PushState = 'checking' | 'off' | 'on' | 'busy' | 'hidden';

const PREFIX = 'ib.push.';
/** This seat of this match on this device: the endpoint it was subscribed with. */
const flagKey = (id: string, token: string) => `${PREFIX}${id}.${token.slice(-8)}`;

function flag(id: string, token: string): string | null {
  try {
    return localStorage.getItem(flagKey(id, token));
  } catch {
    return null;
  }
}

function setFlag(id: string, token: string, endpoint: string | null): void {
  try {
    if (endpoint) localStorage.setItem(flagKey(id, token), endpoint);
    else localStorage.removeItem(flagKey(id, token));
  } catch {
    /* storage disabled: nothing remembered */
  }
}

/** Whether another match or seat of this browser still uses `endpoint`. */
function usedElsewhere(endpoint: string): boolean {
  try {
    for (let i = 0; i < localStorage.length; i++) {
      const k = localStorage.key(i);
      if (k?.startsWith(PREFIX) && localStorage.getItem(k) === endpoint) return true;
    }
  } catch {
    /* storage disabled */
  }
  return false;
}

export function pushSupported(): boolean {
  return typeof navigator !== 'undefined' && 'serviceWorker' in navigator && typeof PushManager !== 'undefined' && typeof Notification !== 'undefined';
}

function bytes(base64url: string): Uint8Array<ArrayBuffer> {
  const b64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
  const out = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
  return out;
}

function sameKey(a: ArrayBuffer | null | undefined, b: Uint8Array): boolean {
  if (!a || a.byteLength !== b.length) return false;
  const x = new Uint8Array(a);
  return x.every((v, i) => v === b[i]);
}

async function registration(): Promise<ServiceWorkerRegistration> {
  await navigator.serviceWorker.register('/sw.js', { scope: '/' });
  return navigator.serviceWorker.ready;
}

/** This browser's push subscription for the server's key (a new one if it has none, or one for another key). */
async function subscription(publicKey: string): Promise<PushSubscription> {
  const reg = await registration();
  const key = bytes(publicKey);
  let sub = await reg.pushManager.getSubscription();
  if (sub && !sameKey(sub.options?.applicationServerKey, key)) {
    await sub.unsubscribe().catch(() => false);
    sub = null;
  }
  return sub ?? reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
}

export function PushControl({ id, token, onChange }: { id: string; token: string; onChange?(): void }) {
  const [state, setState] = useState<PushState>('checking');
  const [key, setKey] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!pushSupported()) return setState('hidden');
    let live = true;
    api.pushKey().then(
      async ({ publicKey }) => {
        const mine = flag(id, token);
        const reg = mine ? await navigator.serviceWorker.getRegistration('/') : undefined;
        const sub = reg ? await reg.pushManager.getSubscription() : null;
        if (!live) return;
        setKey(publicKey);
        setState(mine && sub?.endpoint === mine ? 'on' : 'off');
      },
      () => live && setState('hidden'),
    );
    return () => {
      live = false;
    };
  }, [id, token]);

  if (state === 'hidden' || state === 'checking' || !key) return null;

  const subscribe = async () => {
    setState('busy');
    setError(null);
    try {
      const permission = Notification.permission === 'default' ? await Notification.requestPermission() : Notification.permission;
      if (permission !== 'granted') throw new Error('Notifications are blocked for this site: allow them in the browser’s settings first.');
      const sub = await subscription(key);
      await api.pushSubscribe(id, token, sub.toJSON());
      setFlag(id, token, sub.endpoint);
      setState('on');
      onChange?.();
    } catch (e) {
      setError(e instanceof Error ? e.message : 'This browser could not be subscribed.');
      setState('off');
    }
  };
  const unsubscribe = async () => {
    setState('busy');
    setError(null);
    try {
      const reg = await navigator.serviceWorker.getRegistration('/');
      const sub = reg ? await reg.pushManager.getSubscription() : null;
      const endpoint = flag(id, token) ?? sub?.endpoint;
      if (endpoint) await api.pushUnsubscribe(id, token, endpoint);
      setFlag(id, token, null);
      if (sub && !usedElsewhere(sub.endpoint)) await sub.unsubscribe().catch(() => false);
      setState('off');
      onChange?.();
    } catch (e) {
      setError(e instanceof Error ? e.message : 'This browser could not be unsubscribed.');
      setState('on');
    }
  };

  return (
    <div class="push-control" data-testid="push-control">
      {state === 'on' ? (
        <>
          <span class="hint" data-testid="push-on">
            This device is notified of your moves.
          </span>{' '}
          <button type="button" class="link" onClick={() => void unsubscribe()}>
            Stop notifying this device
          </button>
        </>
      ) : (
        <button type="button" class="link" disabled={state === 'busy'} onClick={() => void subscribe()}>
          Notify me on this device
        </button>
      )}
      {error && (
        <p class="hint" role="alert" data-testid="push-error">
          {error}
        </p>
      )}
    </div>
  );
}
