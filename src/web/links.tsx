/** Seat and spectator links with copy buttons. */
import { useRef, useState } from 'preact/hooks';
import { seatUrl } from './api';
import { sideName } from './labels';

/** A side (or 'spectator', 'referee') for people: 'allied' → 'Allied' (labels.ts, where tests reach it). */
export { sideName };

async function copyText(text: string, input: HTMLInputElement | null): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    if (!input) return false;
    input.select();
    try {
      return document.execCommand('copy');
    } catch {
      return false;
    }
  }
}

export function LinkRow({ label, url, testid }: { label: string; url: string; testid?: string }) {
  const [copied, setCopied] = useState<'' | 'yes' | 'no'>('');
  const input = useRef<HTMLInputElement>(null);
  return (
    <div class="link-row">
      <label>
        <span class="link-label">{label}</span>
        <input readOnly value={url} ref={input} onFocus={(e) => (e.currentTarget as HTMLInputElement).select()} data-testid={testid} />
      </label>
      <button type="button" onClick={async () => setCopied((await copyText(url, input.current)) ? 'yes' : 'no')} aria-label={`Copy the ${label} link`}>
        {copied === 'yes' ? 'Copied' : 'Copy'}
      </button>
      {copied === 'no' && <span class="hint">Select the text and copy it by hand.</span>}
    </div>
  );
}

/** Every link this browser knows for a match, except the one `except` names. */
export function MatchLinks({ id, tokens, except }: { id: string; tokens: Record<string, string>; except?: string }) {
  const sides = Object.keys(tokens)
    .filter((s) => s !== except)
    .sort((a, b) => (a === 'spectator' ? 1 : b === 'spectator' ? -1 : a.localeCompare(b)));
  if (!sides.length) return null;
  return (
    <div class="links">
      {sides.map((s) => (
        <LinkRow key={s} label={s === 'spectator' ? 'Spectator' : `${sideName(s)} seat`} url={seatUrl(id, tokens[s]!)} testid={`link-${s}`} />
      ))}
    </div>
  );
}
