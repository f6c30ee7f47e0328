/**
 * The seat's notice settings on the match page: "Notify me on this device" (Web Push,
 * push-control.tsx), and for each channel the seat has (webhook, email, push devices) when
 * it sends — always, only while this match is not open anywhere (the default), or never —
 * and how many are watching.
 */
import { useEffect, useState } from 'preact/hooks';
import type { NotifyMode, NotifySettings } from '../protocol';
import { api } from './api';
import { PushControl } from './push-control';

const MODES: { mode: NotifyMode; text: string }[] = [
  { mode: 'away', text: 'when I am away' },
  { mode: 'always', text: 'always' },
  { mode: 'never', text: 'never' },
];

const CHANNELS = { webhook: 'Webhook', email: 'Email', push: 'Devices (push)' } as const;
type Channel = keyof typeof CHANNELS;

export function NotifyControl({ id, token }: { id: string; token: string }) {
  const [settings, setSettings] = useState<NotifySettings | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [version, setVersion] = useState(0);
  useEffect(() => {
    api.notify(id, token).then(setSettings, () => setSettings(null));
  }, [id, token, version]);
  const channels = (Object.keys(CHANNELS) as Channel[]).filter((c) => settings?.[c]);
  const choose = (channel: Channel, mode: NotifyMode) =>
    api.setNotify(id, token, { [channel]: mode }).then(
      (s) => (setSettings(s), setError(null)),
      (e: Error) => setError(e.message),
    );
  return (
    <>
      <PushControl id={id} token={token} onChange={() => setVersion((v) => v + 1)} />
      {settings && channels.length > 0 && (
        <details class="notify-settings" data-testid="notify-settings">
          <summary>Notices</summary>
          {channels.map((c) => (
            <label key={c}>
              {CHANNELS[c]}:{' '}
              <select value={settings.when?.[c] ?? 'away'} onChange={(e) => void choose(c, (e.target as HTMLSelectElement).value as NotifyMode)}>
                {MODES.map((m) => (
                  <option key={m.mode} value={m.mode}>
                    {m.text}
                  </option>
                ))}
              </select>
            </label>
          ))}
          {error && <p class="hint">{error}</p>}
        </details>
      )}
    </>
  );
}

export function Watching({ count }: { count: number }) {
  return count > 0 ? (
    <p class="hint" data-testid="watchers">
      {count === 1 ? '1 spectator watching' : `${count} spectators watching`}
    </p>
  ) : null;
}
