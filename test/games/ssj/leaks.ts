/**
 * The leak checks of Sky, Sea, and JUNGLE, run after every action of a match: nothing a
 * viewer receives (its view, its prompt, the new log entries it may read) names a piece
 * of the other side that the viewer may not identify at that moment; a private step
 * changes nothing any other viewer sees; a screened side shows nothing at all.
 */
import { canSee, type LogEntry, type MatchState, type Step } from '../../../src/engine';
import { ssj } from '../../../src/games/ssj';
import { AIR_UNITS, GROUND_UNITS, PT_UNITS, SHIPS } from '../../../src/games/ssj/data';
import type { SsjState } from '../../../src/games/ssj/state';
import type { SsjView } from '../../../src/games/ssj/view';

const ALL = [...SHIPS, ...AIR_UNITS, ...GROUND_UNITS, ...PT_UNITS];
const SIDE_OF = new Map(ALL.map((u) => [u.id, u.side]));
const VIEWERS = ['allied', 'japanese', 'spectator'] as const;

/** Names that belong to one side's units only (a name both sides use identifies nothing). */
const UNIQUE_NAMES: Record<'allied' | 'japanese', Map<string, string>> = { allied: new Map(), japanese: new Map() };
{
  const count = new Map<string, Set<string>>();
  for (const u of ALL) count.set(u.name, (count.get(u.name) ?? new Set()).add(u.side));
  for (const u of ALL) if (count.get(u.name)!.size === 1 && u.name.length >= 4) UNIQUE_NAMES[u.side].set(u.name, u.id);
}

/** May `viewer` identify unit `id` now? */
function mayIdentify(s: SsjState, viewer: string, id: string): boolean {
  const side = SIDE_OF.get(id);
  if (side === viewer || s.phase === 'over') return true;
  const known = s.known[id] ?? [];
  if (known.includes('public')) return true;
  if (viewer !== 'spectator' && (known.includes(viewer as 'allied') || s.revealed[id]?.includes(viewer as 'allied'))) return true;
  return false;
}

const STRING = /"([^"\\]*)"/g;

function idsIn(json: string): string[] {
  const out: string[] = [];
  for (const m of json.matchAll(STRING)) if (SIDE_OF.has(m[1]!)) out.push(m[1]!);
  return out;
}

const escape = (x: string) => x.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
const NAME_PATTERNS: Record<'allied' | 'japanese', [RegExp, string][]> = {
  allied: [...UNIQUE_NAMES.allied].map(([name, id]) => [new RegExp(`(^|[^\\w])${escape(name)}($|[^\\w])`), id]),
  japanese: [...UNIQUE_NAMES.japanese].map(([name, id]) => [new RegExp(`(^|[^\\w])${escape(name)}($|[^\\w])`), id]),
};

/** Units of `enemy` named in words in `text` (whole names only: "DesDiv 1" is not in "DesDiv 17"). */
function namesIn(text: string, enemy: 'allied' | 'japanese'): string[] {
  const out: string[] = [];
  for (const [re, id] of NAME_PATTERNS[enemy]) if (re.test(text)) out.push(id);
  return out;
}

/** The sealed-choice check alone: a private step changes nothing any other viewer sees. */
export function sealedErrors(before: MatchState<SsjState>, side: string, out: Step<SsjState>): string[] {
  if (!out.private) return [];
  const errors: string[] = [];
  for (const viewer of VIEWERS) {
    if (viewer === side) continue;
    const seen = (g: SsjState) => JSON.stringify(ssj.view(g, viewer)) + JSON.stringify(viewer === 'spectator' ? null : ssj.prompt(g, viewer));
    if (seen(before.game) !== seen(out.state.game)) errors.push(`${side}'s private step (${before.game.phase}) changed what ${viewer} sees`);
  }
  return errors;
}

export function leakErrors(before: MatchState<SsjState>, side: string, out: Step<SsjState>): string[] {
  const errors: string[] = [];
  const s = out.state.game;
  for (const viewer of VIEWERS) {
    const view = ssj.view(s, viewer) as SsjView;
    for (const owner of ['allied', 'japanese'] as const) {
      if (owner === viewer) continue;
      const sv = view.sides[owner];
      if (sv.visibility !== 'full' && sv.units.length > 0) errors.push(`${viewer} sees ${owner} units face up`);
      if (sv.visibility === 'screened' && (sv.hidden.length || sv.groups.length)) errors.push(`${viewer} sees behind the ${owner} screen`);
      for (const p of sv.hidden) if (Object.keys(p).join() !== 'tag,place') errors.push(`${viewer}: a face-down piece carries ${Object.keys(p)}`);
    }
    const json = JSON.stringify(view) + JSON.stringify(viewer === 'spectator' ? null : ssj.prompt(s, viewer));
    for (const id of idsIn(json)) if (!mayIdentify(s, viewer, id)) errors.push(`${viewer}'s view or prompt names ${id}`);
    // Each entry as this viewer reads it: its own text (`texts`), no other viewer's.
    const reads = ({ texts, ...e }: LogEntry): LogEntry => ({ ...e, text: texts?.[viewer] ?? e.text });
    const entries: LogEntry[] = (out.private ? (viewer === side ? out.log : []) : out.log.filter((e) => canSee(e, viewer))).map(reads);
    for (const e of entries) {
      const text = JSON.stringify(e);
      for (const id of idsIn(text)) if (!mayIdentify(s, viewer, id)) errors.push(`${viewer}'s log names ${id}: ${e.text}`);
      if (viewer !== 'spectator') {
        const enemy = viewer === 'allied' ? 'japanese' : 'allied';
        for (const id of namesIn(e.text, enemy)) if (!mayIdentify(s, viewer, id)) errors.push(`${viewer}'s log names ${id} in words: ${e.text}`);
      } else {
        for (const id of [...namesIn(e.text, 'allied'), ...namesIn(e.text, 'japanese')]) if (!mayIdentify(s, viewer, id)) errors.push(`spectator's log names ${id}: ${e.text}`);
      }
    }
    // A private step is invisible to everyone else: their view and prompt are exactly as before.
    if (out.private && viewer !== side) {
      const was = JSON.stringify(ssj.view(before.game, viewer)) + JSON.stringify(viewer === 'spectator' ? null : ssj.prompt(before.game, viewer));
      if (was !== json) errors.push(`${side}'s private step (${before.game.phase}) changed what ${viewer} sees`);
    }
  }
  return errors;
}
