/**
 * A game's "scenario" option on the home page: a built-in scenario (named from the game's
 * public data, `data.scenarios`, which holds no hidden force) or a scenario pasted as
 * JSON, which the server validates.
 */
import { useEffect, useState } from 'preact/hooks';
import { api } from './api';
import type { JsonSchema } from './json-schema';

interface Named {
  id: string;
  name?: string;
  description?: string;
}

const names = new Map<string, Promise<Named[]>>();

function scenarioNames(game: string): Promise<Named[]> {
  let p = names.get(game);
  if (!p) {
    p = api
      .game(game)
      .then((b) => {
        const list = (b.data as { scenarios?: unknown } | null)?.scenarios;
        return Array.isArray(list) ? (list as Named[]).filter((s) => s && typeof s.id === 'string') : [];
      })
      .catch(() => []);
    names.set(game, p);
  }
  return p;
}

function enumOf(schema: JsonSchema): string[] {
  const direct = schema.enum ?? schema.anyOf?.find((s) => Array.isArray(s.enum))?.enum;
  return (direct ?? []).map(String);
}

export interface ScenarioValue {
  value: unknown;
  /** Set while the pasted text is not valid JSON. */
  invalid: string | null;
}

export function ScenarioField({ game, schema, set }: { game: string; schema: JsonSchema; set(v: ScenarioValue): void }) {
  const [known, setKnown] = useState<Named[]>([]);
  const [choice, setChoice] = useState<string>(String(schema.default ?? ''));
  const [text, setText] = useState('');
  const [parseError, setParseError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    // scenarioNames never rejects (an unreachable server gives no names).
    void scenarioNames(game).then((l) => live && setKnown(l));
    return () => {
      live = false;
    };
  }, [game]);
  const ids = enumOf(schema);
  const builtins: Named[] = (ids.length ? ids : known.map((k) => k.id)).map((id) => {
    const n = known.find((k) => k.id === id || k.id.endsWith(`-${id}`));
    return { id, ...(n?.name ? { name: n.name } : {}), ...(n?.description ? { description: n.description } : {}) };
  });
  const pick = (c: string) => {
    setChoice(c);
    if (c === '(custom)') apply(text);
    else set({ value: c, invalid: null });
  };
  const apply = (t: string) => {
    setText(t);
    if (!t.trim()) {
      setParseError('Paste a scenario as JSON.');
      set({ value: undefined, invalid: 'Paste a scenario as JSON.' });
      return;
    }
    try {
      const v: unknown = JSON.parse(t);
      if (!v || typeof v !== 'object' || Array.isArray(v)) throw new Error('a scenario is a JSON object');
      setParseError(null);
      set({ value: v, invalid: null });
    } catch (e) {
      const msg = `Not a valid scenario: ${e instanceof Error ? e.message : String(e)}`;
      setParseError(msg);
      set({ value: undefined, invalid: msg });
    }
  };
  const described = builtins.find((b) => b.id === choice)?.description;
  return (
    <div class="scenario-field">
      <label>
        Scenario
        <select value={choice} onChange={(e) => pick((e.currentTarget as HTMLSelectElement).value)} data-testid="scenario">
          {builtins.map((b) => (
            <option key={b.id} value={b.id}>
              {b.name ? `${b.name} (${b.id})` : b.id}
            </option>
          ))}
          <option value="(custom)">Paste a scenario (JSON)…</option>
        </select>
      </label>
      {described && choice !== '(custom)' && <p class="hint">{described}</p>}
      {choice === '(custom)' && (
        <label>
          Scenario JSON (the server checks it and names any field in error)
          <textarea
            rows={8}
            spellcheck={false}
            value={text}
            onInput={(e) => apply((e.currentTarget as HTMLTextAreaElement).value)}
            data-testid="scenario-json"
            aria-invalid={parseError ? 'true' : 'false'}
          />
          {parseError && (
            <span class="field-error" role="status">
              {parseError}
            </span>
          )}
        </label>
      )}
    </div>
  );
}
