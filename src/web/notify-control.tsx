/**
 * The seat's notice settings on the match page: for each address the seat gave (webhook,
 * email), when it sends — always, only while this match is not open anywhere (the
 * default), or never — and how many are watching.
 */
import { useEffect, useState } from 'preact/hooks';
import type { NotifyMode, NotifySettings } from '../protocol';
import { api } from './api';

const MODES: { mode: NotifyMode; text: string }[] = [
  { mode: 'away', text: 'when I am away' },
  { mode: 'always', text: 'always' },
  { mode: 'never', text: 'never' },
];

export function NotifyControl({ id, token }: { id: string; token: string }) {
  const [settings, setSettings] = useState<NotifySettings | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    api.notify(id, token).then(setSettings, () => setSettings(null));
  }, [id, token]);
  if (!settings || (!settings.webhook && !settings.email)) return null;
  const choose = (channel: 'webhook' | 'email', mode: NotifyMode) =>
    api.setNotify(id, token, { [channel]: mode }).then(
      (s) => (setSettings(s), setError(null)),
      (e: Error) => setError(e.message),
    );
  return (
    <details class="notify-settings" data-testid="notify-settings">
      <summary>Notices</summary>
      {(['webhook', 'email'] as const)
        .filter((c) => settings[c])
        .map((c) => (
          <label key={c}>
            {c === 'webhook' ? 'Webhook' : 'Email'}:{' '}
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
  );
}

export function Watching({ count }: { count: number }) {
  return count > 0 ? (
    <p class="hint" data-testid="watchers">
      {count === 1 ? '1 spectator watching' : `${count} spectators watching`}
    </p>
  ) : null;
}
