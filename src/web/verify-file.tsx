/**
 * Verification in the browser (docs/fairness.md). Once a match is over, its page checks the
 * reveal (src/web/fairness.ts: the seed against its hash, every value against its
 * commitment, this browser's own value and the commitments it saw before revealing it),
 * then downloads the match file and re-runs the whole match here — every action, every
 * roll, the final state — with the verifier the server and `npm run verify` use, loaded on
 * demand (src/verifier/browser.ts). The /verify page does the same for a file on disk.
 */
import { useEffect, useState } from 'preact/hooks';
import type { StateBody } from '../protocol';
import type { Verification } from '../verifier/browser';
import { api, ApiError } from './api';
import { checkReveal, seenSeedHash, type DiceCheck } from './fairness';

/** The verifier, loaded once, on demand (a chunk of its own: the rules of every game). */
const verifier = () => import('../verifier/browser');

function rerunText(v: Verification): string {
  return v.ok
    ? `Re-run in this browser: ${v.actions} action${v.actions === 1 ? '' : 's'} and ${v.rollsChecked} roll${v.rollsChecked === 1 ? '' : 's'} give the same log and final state.`
    : `NOT verified in this browser: ${v.problems.join('; ')}.`;
}

/** Once the match is over: the reveal checked, then the match file re-run, in this browser. */
export function DiceVerified({ body, token }: { body: StateBody; token: string | null }) {
  const [check, setCheck] = useState<DiceCheck | null>(null);
  const [rerun, setRerun] = useState<{ ok: boolean; text: string } | null>(null);
  const [file, setFile] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void checkReveal(body, seenSeedHash(body.id)).then((c) => live && setCheck(c));
    return () => {
      live = false;
    };
  }, [body.id, body.seed, body.seedHash, body.dice, body.players]);
  useEffect(() => {
    if (!token) return;
    let live = true;
    setRerun({ ok: true, text: 'Re-running the match in this browser…' });
    Promise.all([api.matchFile(body.id, token), verifier()]).then(
      ([f, v]) => {
        if (!live) return;
        const result = v.verifyMatchFile(f, { seedHash: seenSeedHash(body.id) ?? body.seedHash });
        setRerun({ ok: result.ok, text: rerunText(result) });
        setFile(URL.createObjectURL(new Blob([JSON.stringify(f, null, 2)], { type: 'application/json' })));
      },
      (e: unknown) => live && setRerun({ ok: false, text: `The match file could not be checked: ${e instanceof ApiError ? e.message : 'it could not be loaded.'}` }),
    );
    return () => {
      live = false;
    };
  }, [body.id, token, body.seed]);
  if (!check) return null;
  const ok = check.ok && (rerun?.ok ?? true);
  return (
    <div class="dice-check">
      <p class={ok ? 'hint' : 'error'} role="status" data-testid="dice-verified">
        {check.text}
      </p>
      {rerun && (
        <p class={rerun.ok ? 'hint' : 'error'} data-testid="dice-rerun">
          {rerun.text}
        </p>
      )}
      {file && (
        <p class="hint">
          <a href={file} download={`ironbottom-${body.id}.json`}>
            Download the match file
          </a>{' '}
          — check it again any time at <a href="/verify">/verify</a> or with <code>npm run verify</code>.
        </p>
      )}
    </div>
  );
}

/** /verify: a downloaded match file checked in this browser, with the seed hash seen at creation if known. */
export function VerifyPage() {
  const [result, setResult] = useState<Verification | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [seedHash, setSeedHash] = useState('');
  const [busy, setBusy] = useState(false);
  const run = async (f: File | undefined) => {
    if (!f) return;
    setBusy(true);
    setError(null);
    setResult(null);
    try {
      let parsed: unknown;
      try {
        parsed = JSON.parse(await f.text());
      } catch {
        setError('This file is not JSON: choose the match file downloaded from a match page or exported by an admin.');
        return;
      }
      const v = await verifier();
      setResult(v.verifyMatchFile(parsed, /^[0-9a-f]{64}$/.test(seedHash.trim()) ? { seedHash: seedHash.trim() } : {}));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div class="page narrow">
      <h1>Verify a match file</h1>
      <p>
        Checks, in this browser, every seat's value against its commitment, the seed against its hash, and re-runs the match: every action, every roll, the final state
        (docs/fairness.md). Nothing is sent to the server.
      </p>
      <label>
        Seed hash you saw when the match was created (optional){' '}
        <input type="text" value={seedHash} onInput={(e) => setSeedHash((e.target as HTMLInputElement).value)} size={66} data-testid="verify-seed-hash" />
      </label>
      <p>
        <label>
          Match file{' '}
          <input type="file" accept="application/json,.json" disabled={busy} onChange={(e) => void run((e.target as HTMLInputElement).files?.[0])} data-testid="verify-file" />
        </label>
      </p>
      {busy && <p class="hint">Re-running the match…</p>}
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      {result && (
        <div role="status" data-testid="verify-result">
          <p class={result.ok ? 'hint' : 'error'}>
            {result.ok ? 'VERIFIED' : 'NOT VERIFIED'}: match {result.match || '(unknown)'} ({result.game || 'unknown game'}).
          </p>
          <p class={result.ok ? 'hint' : 'error'}>{rerunText(result)}</p>
          {result.dice.seats.length > 0 && (
            <ul>
              {result.dice.seats.map((s) => (
                <li key={s.side}>
                  {s.side}:{' '}
                  {s.by === 'seat'
                    ? s.ok
                      ? 'its own value matches its commitment'
                      : 'its value does NOT match its commitment'
                    : s.by === 'server'
                      ? 'no value of its own (the server seed stands for it)'
                      : 'no value'}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      <p>
        <a href="/">Home</a>
      </p>
    </div>
  );
}
