/**
 * The Battle Board (VI.F.1.c, VI.F.2), drawn from the battle the server's view gives this
 * viewer: the two task forces facing each other, at night each side's ships above or below
 * the night-time size perception line, by day the carriers and transports held back in a
 * box of their own. Your ships are face up; the enemy's are face down by the tag printed on
 * them until the rules turn them up (damage, or a daylight battle) — the view says which.
 * Where the decision is made on the board (a ship placed across the line, a torpedo or a
 * ship's gunfire aimed at an enemy piece), clicking the counter sends the same action as
 * the prompt's button.
 */
import { useRef } from 'preact/hooks';
import type { Action } from '../../../protocol';
import type { Side, SideView, SsjView, UnitFace } from '../../../protocol/games/ssj';
import { FaceDownCounter, ShipCounter, type CounterState } from '../../board/counter';
import { CH, CW, DH, DW } from '../../board/geometry';
import { sideName } from '../../links';
import type { Highlight } from '../types';
import type { BattleClicks } from './battle-clicks';
import { areaName, type SsjData } from './data';

export type BattleView = NonNullable<SsjView['battle']>;
type BattleSide = BattleView['allied'];

export const other = (s: Side): Side => (s === 'allied' ? 'japanese' : 'allied');

/** A piece as this viewer may see it: a face (own, or turned up for the viewer) or only its tag. */
export function faceOf(sv: SideView, key: string): { face: UnitFace; revealed: boolean } | null {
  if (sv.visibility === 'full') {
    const u = sv.units.find((x) => x.id === key);
    return u ? { face: u, revealed: false } : null;
  }
  const f = sv.faces[key];
  return f ? { face: f, revealed: true } : null;
}

/** What the battle is at, in words (public: both sides and the spectators read the same). */
function stepText(b: BattleView): string {
  const sur = b.surprise === 'allied' || b.surprise === 'japanese' ? b.surprise : null;
  switch (b.step as string) {
    case 'engage': {
      // VI.F.1.c: each side's choice to engage is public once made (the Japanese choose first).
      const said = (b as { engage?: Partial<Record<Side, boolean>> }).engage ?? {};
      const made = (['japanese', 'allied'] as const).filter((s) => said[s] !== undefined).map((s) => `the ${sideName(s)} player ${said[s] ? 'engages' : 'does not engage'}`);
      return `Each side chooses whether to engage (the Japanese first)${made.length ? `: ${made.join(', ')}` : ''}.`;
    }
    case 'pursuit':
      return 'The pursued side fights, or abandons its slow and heavily damaged ships.';
    case 'pt-day':
      return 'The Allied PT boats in the Slot may join the battle or hide.';
    case 'choose-tf':
      return 'Each side chooses the task force that fights first.';
    case 'place':
      return 'Each side places its ships face down, above or below the line.';
    case 'surprise':
      return `The ${sideName(sur ?? '')} player has surprise: torpedoes, gunfire first, or withdraw.`;
    case 'torpedo':
      return `The ${sideName(sur ?? '')} player aims surprise torpedoes.`;
    case 'wild':
      return `A torpedo has turned: the ${sideName(sur ? other(sur) : '')} player picks blindly the piece it runs at.`;
    case 'after-torpedo':
      return `After the torpedoes: the ${sideName(sur ?? '')} player fights on with gunfire or withdraws.`;
    case 'fire':
      if (b.order === 'first' && sur) return `The ${sideName(sur)} player fires first (surprise gunfire).`;
      if (b.order === 'second' && sur) return `The ${sideName(other(sur))} player fires back.`;
      return 'Both sides allocate their gunfire (simultaneous).';
    case 'continue':
      return b.mode === 'day' && b.round === 0 ? 'The task forces are face up: fight, or withdraw.' : 'The round is over: fight on, or withdraw (the Japanese decide first).';
    default:
      return '';
  }
}

function hintText(c: BattleClicks | null, name: (id: string) => string): string | null {
  if (!c) return null;
  if (c.row.size) return 'Click one of your highlighted ships to move it across the size perception line.';
  if (c.aimKind === 'torpedo') return 'Click a highlighted enemy piece to aim a surprise torpedo at it.';
  if (c.aimKind === 'wild-target') return 'Click a highlighted enemy piece: the stray torpedo runs at it (chosen blindly).';
  if (c.aimKind === 'fire' && c.firing) return `${name(c.firing)} fires: click the highlighted enemy piece it fires at.`;
  return null;
}

export interface PieceProps {
  side: Side;
  pieceKey: string;
  sv: SideView;
  click?: { label: string; act(): void } | undefined;
  marks: string[];
  firing: boolean;
  highlighted: boolean;
  sunk?: boolean;
}

/** One counter on the Battle Board (or the air strike's panel), with its marks (aims, fire) in words under it. */
export function BattlePiece({ side, pieceKey, sv, click, marks, firing, highlighted, sunk }: PieceProps) {
  const seen = faceOf(sv, pieceKey);
  const state: CounterState = {
    highlighted,
    selected: firing,
    ...(click ? { selectable: true, onPick: click.act, label: click.label } : {}),
  };
  const words = [...(sunk ? ['sunk'] : []), ...(firing ? ['firing now'] : []), ...marks];
  return (
    <li class={`bb-piece${sunk ? ' sunk' : ''}${click ? ' clickable' : ''}`} data-side={side}>
      {seen ? (
        <svg class="bb-counter up" width={CW + 8} height={CH + 8} viewBox={`-4 -4 ${CW + 8} ${CH + 8}`}>
          <ShipCounter ship={seen.face} side={side} x={0} y={0} revealed={seen.revealed} state={state} tooltip={false} />
        </svg>
      ) : (
        <svg class="bb-counter down" width={DW + 6} height={DH + 6} viewBox={`-3 -3 ${DW + 6} ${DH + 6}`}>
          <FaceDownCounter side={side} tag={pieceKey} x={0} y={0} state={state} tooltip={false} />
        </svg>
      )}
      {words.length > 0 && <span class="bb-marks">{words.join(' · ')}</span>}
    </li>
  );
}

export interface BattleBoardProps {
  view: SsjView;
  data: SsjData;
  /** Who looks: a side, 'spectator' or 'referee'. */
  you: string;
  /** The prompt's actions as clicks on the board (null: nothing to decide here now). */
  clicks: BattleClicks | null;
  send(a: Action): void;
  busy: boolean;
  highlight?: Highlight | null | undefined;
}

export function BattleBoard({ view, data, you, clicks, send, busy, highlight }: BattleBoardProps) {
  const b = view.battle!;
  const night = b.mode === 'night';
  const me: Side | null = you === 'allied' || you === 'japanese' ? you : null;
  const left: Side = me ?? 'japanese';
  const right = other(left);
  // Your own ships that were on this battle's board and have left it (sunk, or set aside): your own view says where they are.
  // Which ships were on the board is what this page saw: kept for the tab (sessionStorage), so a reload keeps the tray.
  const battleKey = `${view.turn}|${view.phase}|${b.mode}|${b.area}|${b.japanese.taskForce ?? ''}|${b.allied.taskForce ?? ''}`;
  const memo = useRef<{ key: string; ids: Map<Side, Set<string>> }>({ key: '', ids: new Map() });
  if (memo.current.key !== battleKey) memo.current = { key: battleKey, ids: seenOnBoard(you, battleKey) };
  const name = (id: string) => view.sides.allied.units.find((u) => u.id === id)?.name ?? view.sides.japanese.units.find((u) => u.id === id)?.name ?? id;
  const pieceName = (sd: Side, key: string) => faceOf(view.sides[sd], key)?.face.name ?? `piece ${key}`;

  /** The marks of a piece: your torpedoes and gunfire aimed at it, or what your ship aims at. */
  const marksOf = (sd: Side, key: string): string[] => {
    const out: string[] = [];
    for (const shooter of [left, right]) {
      const bs: BattleSide = b[shooter];
      const fire = bs.fire ?? {};
      const torps = (bs.torpedoes ?? []) as unknown as [string, string][];
      if (shooter === sd) {
        const t = torps.find(([f]) => f === key);
        if (t) out.push(`torpedo at ${pieceName(other(sd), t[1])}`);
        if (fire[key]) out.push(`fires at ${pieceName(other(sd), fire[key])}`);
      } else {
        const nt = torps.filter(([, t]) => t === key).length;
        const nf = Object.values(fire).filter((t) => t === key).length;
        if (nt) out.push(`${nt} torpedo${nt > 1 ? 'es' : ''} aimed`);
        if (nf) out.push(`under fire from ${nf}`);
      }
    }
    return out;
  };

  const clickOf = (sd: Side, key: string) => {
    if (!clicks || busy || me === null) return undefined;
    const t = sd === me ? clicks.row.get(key) : clicks.aim.get(key);
    return t ? { label: t.label, act: () => send(t.action) } : undefined;
  };

  const cell = (sd: Side, keys: readonly string[], row: string, empty: string) => (
    <ul class={`bb-cell ${sd} ${row}`} aria-label={`${sideName(sd)} ships ${rowWords(row)}`} data-side={sd} data-row={row}>
      {keys.map((k) => (
        <BattlePiece
          key={k}
          side={sd}
          pieceKey={k}
          sv={view.sides[sd]}
          click={clickOf(sd, k)}
          marks={marksOf(sd, k)}
          firing={clicks?.firing === k && sd === me}
          highlighted={!!highlight?.ships.includes(k)}
        />
      ))}
      {keys.length === 0 && <li class="bb-empty">{empty}</li>}
    </ul>
  );

  const rowsOf = (sd: Side): { first: string[]; second: string[]; shown: boolean } => {
    const bs: BattleSide = b[sd];
    if (night) return { first: bs.above, second: bs.below, shown: bs.pieces.length > 0 };
    const held = new Set(bs.heldBack);
    return { first: bs.pieces.filter((k) => !held.has(k)), second: bs.heldBack, shown: bs.pieces.length > 0 };
  };

  /** What a side's column says while its pieces are not on the board for this viewer. */
  const waiting = (sd: Side): string => {
    const tf = b[sd].taskForce;
    if (!tf) return 'Choosing its task force…';
    const size = view.sides[sd].groups.find((g) => g.id === tf)?.size;
    return `Placing ${size !== undefined ? `its ${size} piece${size === 1 ? '' : 's'}` : 'its pieces'} face down…`;
  };

  const L = rowsOf(left);
  const R = rowsOf(right);
  const gone: { side: Side; id: string; sunk: boolean; name?: string }[] = [];
  for (const sd of [left, right]) {
    const sv = view.sides[sd];
    if (sv.visibility !== 'full') continue;
    const seen = memo.current.ids.get(sd) ?? new Set<string>();
    const before = seen.size;
    for (const k of b[sd].pieces) seen.add(k);
    memo.current.ids.set(sd, seen);
    if (seen.size !== before) keepSeenOnBoard(you, battleKey, memo.current.ids);
    const now = new Set(b[sd].pieces);
    for (const id of seen) {
      if (now.has(id)) continue;
      const u = sv.units.find((x) => x.id === id);
      if (u) gone.push({ side: sd, id, sunk: u.place.at === 'sunk' || u.place.at === 'destroyed' });
    }
  }
  // The pieces sunk in this battle, as the view lists them for everyone (the sinking is announced): the enemy's too.
  for (const sd of [left, right]) {
    const own = view.sides[sd].visibility === 'full';
    for (const x of b[sd].sunk ?? []) {
      const id = own ? x.ship : x.piece;
      if (!gone.some((g) => g.side === sd && g.id === id)) gone.push({ side: sd, id, sunk: true, ...(name(x.ship) !== x.ship ? { name: name(x.ship) } : {}) });
    }
  }
  const hint = hintText(clicks, name);
  const head = (sd: Side) => {
    const n = b[sd].pieces.length || (view.sides[sd].groups.find((g) => g.id === b[sd].taskForce)?.size ?? 0);
    return (
      <h4 class={`bb-col-head ${sd}`}>
        {sideName(sd)}
        {me === sd ? ' (you)' : ''} · {n} piece{n === 1 ? '' : 's'}
      </h4>
    );
  };
  return (
    <section class={`battle-board ${b.mode}`} aria-label="Battle Board" data-testid="battle-board" data-step={b.step} data-round={b.round}>
      <header class="bb-head">
        <h3>
          Battle Board — {night ? 'night battle' : 'daylight battle'} in {areaName(data, b.area)}
        </h3>
        <p class="bb-status" data-testid="battle-status">
          {b.round > 0 && <span>Round {b.round}</span>}
          {night && b.surprise !== null && <span>{b.surprise === 'none' ? 'No surprise' : `Surprise: ${sideName(b.surprise)}`}</span>}
          {b.wildTorpedoes > 0 && <span>Wild torpedoes: {b.wildTorpedoes}</span>}
          <span>{stepText(b)}</span>
        </p>
        {hint && (
          <p class="bb-hint" aria-live="polite">
            {hint}
          </p>
        )}
      </header>
      <div class="bb-grid">
        {head(left)}
        {head(right)}
        {L.shown ? cell(left, L.first, night ? 'above' : 'battle', 'none') : <p class="bb-waiting">{waiting(left)}</p>}
        {R.shown ? cell(right, R.first, night ? 'above' : 'battle', 'none') : <p class="bb-waiting">{waiting(right)}</p>}
        <div class={night ? 'bb-line' : 'bb-held-line'} role="separator" aria-label={night ? 'Night-time size perception line' : 'Held back from the battle'}>
          {night ? (
            <>
              <span aria-hidden="true">▲ above</span>
              <strong>Night-time size perception line</strong>
              <span aria-hidden="true">below ▼</span>
            </>
          ) : (
            <strong>Held back: carriers and transports (until their escorts are gone)</strong>
          )}
        </div>
        {L.shown ? cell(left, L.second, night ? 'below' : 'held', 'none') : <span />}
        {R.shown ? cell(right, R.second, night ? 'below' : 'held', 'none') : <span />}
      </div>
      {gone.length > 0 && (
        <ul class="bb-gone" aria-label="Ships off the Battle Board: sunk, or withdrawn">
          {gone.map((g) => (
            <BattlePiece
              key={g.id}
              side={g.side}
              pieceKey={g.id}
              sv={view.sides[g.side]}
              marks={[g.sunk ? '' : 'left the battle', g.name && !faceOf(view.sides[g.side], g.id) ? g.name : ''].filter(Boolean)}
              firing={false}
              highlighted={false}
              sunk={g.sunk}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * Where a tab keeps the own ships its Battle Board has shown, by battle (the page's address
 * names the match): the last few battles, so a replay looking at an older one does not push
 * out the battle being fought.
 */
const SEEN_KEY = (you: string) => `ib.ssj.battle-seen.${typeof location === 'undefined' ? '' : location.pathname}.${you}`;
const SEEN_BATTLES = 4;

type Kept = [key: string, ids: Partial<Record<Side, string[]>>][];

function readKept(you: string): Kept {
  try {
    const raw = JSON.parse(sessionStorage.getItem(SEEN_KEY(you)) ?? '[]') as unknown;
    return Array.isArray(raw) ? raw.filter((e): e is Kept[number] => Array.isArray(e) && typeof e[0] === 'string' && !!e[1] && typeof e[1] === 'object') : [];
  } catch {
    return []; // no storage, or not ours: start afresh
  }
}

/** The own ships this tab's Battle Board has shown in battle `key` (none yet, or no storage). */
function seenOnBoard(you: string, key: string): Map<Side, Set<string>> {
  const out = new Map<Side, Set<string>>();
  const ids = readKept(you).find(([k]) => k === key)?.[1] ?? {};
  for (const sd of ['allied', 'japanese'] as const) {
    const list = ids[sd];
    if (Array.isArray(list)) out.set(sd, new Set(list.filter((x): x is string => typeof x === 'string')));
  }
  return out;
}

function keepSeenOnBoard(you: string, key: string, ids: Map<Side, Set<string>>): void {
  const entry: Kept[number] = [key, Object.fromEntries([...ids].map(([sd, set]) => [sd, [...set]]))];
  try {
    sessionStorage.setItem(SEEN_KEY(you), JSON.stringify([entry, ...readKept(you).filter(([k]) => k !== key)].slice(0, SEEN_BATTLES)));
  } catch {
    /* storage full or disabled: the tray lasts as long as the page then */
  }
}

function rowWords(row: string): string {
  switch (row) {
    case 'above':
      return 'above the size perception line';
    case 'below':
      return 'below the size perception line';
    case 'held':
      return 'held back';
    default:
      return 'in the battle';
  }
}
