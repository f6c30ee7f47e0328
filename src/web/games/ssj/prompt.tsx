/**
 * Sky, Sea, and JUNGLE's decisions drawn their own way: Magic's three numbers (VI.C), and
 * the prompts played on the board — pick a piece, then where it goes (deployment, returns,
 * transfers, a submarine's target) — with the rule limits of a deployment beside them.
 */
import { useState } from 'preact/hooks';
import type { Action } from '../../../protocol';
import type { SsjView, UnitFace } from '../../../protocol/games/ssj';
import { unitClass } from '../../board/counter';
import { Die, GenericPrompt, type PromptProps } from '../../prompt';
import type { BattleClicks } from './battle-clicks';
import type { Target } from './board/board';
import type { PieceChoices } from './choices';
import { baseName, type SsjData } from './data';
import { picked, stackKey, stackMates } from './stack';

const FACES = [1, 2, 3, 4, 5, 6];

/** Magic (VI.C): name three numbers; only a triple among the legal actions can be sent. */
export function MagicPrompt({ prompt, busy, send }: PromptProps) {
  const [picked, setPicked] = useState<number[]>([]);
  const toggle = (n: number) => setPicked((p) => (p.includes(n) ? p.filter((x) => x !== n) : p.length < 3 ? [...p, n].sort((a, b) => a - b) : p));
  const legal = prompt.actions.find((a) => {
    const nums = a.numbers as number[] | undefined;
    return a.type === 'magic' && Array.isArray(nums) && nums.length === picked.length && [...nums].sort().every((n, i) => n === picked[i]);
  });
  const canPick = (n: number) =>
    picked.includes(n) ||
    (picked.length < 3 && prompt.actions.some((a) => Array.isArray(a.numbers) && picked.every((p) => (a.numbers as number[]).includes(p)) && (a.numbers as number[]).includes(n)));
  return (
    <div class="magic">
      <p>Pick three numbers: if the die shows one of them, Magic works (a 50% chance) and you see the Japanese groups face down before you deploy.</p>
      <div class="dice" role="group" aria-label="Magic numbers">
        {FACES.map((n) => (
          <button type="button" key={n} class="die-button" aria-pressed={picked.includes(n)} disabled={busy || !canPick(n)} onClick={() => toggle(n)} aria-label={`Number ${n}`}>
            <Die value={n} />
            <span aria-hidden="true">{n}</span>
          </button>
        ))}
      </div>
      <p class="hint" aria-live="polite">
        {picked.length < 3 ? `Chosen: ${picked.join(', ') || 'none'} — ${3 - picked.length} more.` : `Chosen: ${picked.join(', ')}.`}
      </p>
      <button type="button" class="primary" disabled={busy || !legal} onClick={() => legal && send(legal)}>
        Roll for Magic
      </button>
    </div>
  );
}

/**
 * A battle decision (VI.F.1.c, VI.F.2): every choice as a button (for the keyboard and
 * screen readers), and a word on what the Battle Board's counters do when clicked.
 */
export function BattlePrompt({ clicks, ...props }: PromptProps & { clicks: BattleClicks }) {
  const onBoard = clicks.row.size > 0 ? 'your ships' : clicks.aim.size > 0 ? 'the enemy pieces' : null;
  return (
    <div class="battle-prompt">
      {onBoard && <p class="hint">Click {onBoard} on the Battle Board, or choose here:</p>}
      <GenericPrompt {...props} />
    </div>
  );
}

/** A folding list of pieces to pick (the same as clicking them on the board). */
function Chips({
  title,
  ids,
  open,
  selected,
  select,
  chip,
}: {
  title: string;
  ids: string[];
  open: boolean;
  selected: string | null;
  select(id: string): void;
  chip(id: string): string;
}) {
  return (
    <details class="ship-list" open={open}>
      <summary>
        {title} ({ids.length})
      </summary>
      <ul class="chips">
        {ids.map((id) => (
          <li key={id}>
            <button type="button" aria-pressed={selected === id} onClick={() => select(id)}>
              {chip(id)}
            </button>
          </li>
        ))}
      </ul>
    </details>
  );
}

export interface PieceProps extends PromptProps {
  view: SsjView;
  data: SsjData;
  side: 'allied' | 'japanese';
  choices: PieceChoices;
  /** A deployment: show its rule limits. */
  deployment: boolean;
  selected: string | null;
  select(piece: string | null): void;
  choose(t: Target): void;
  sendAll?: ((actions: readonly Action[]) => void) | undefined;
  /** Whether the page can send a stack's steps one after the other (without it, no stack is offered). */
  sendChain?: unknown;
}

/** Actions that send one piece of yours somewhere (a base, the Returning to Truk box): offered for all of them at once too. */
const GROUPED: Record<string, { verb: string; what: string }> = {
  return: { verb: 'Return', what: 'ships' },
  'withdraw-ship': { verb: 'Withdraw', what: 'ships' },
  transfer: { verb: 'Transfer', what: 'units' },
};

/**
 * Grouped decisions (issue 42 item 5): each place that two or more of your pieces may be sent
 * to by the same kind of step, as one button for all of them ("Return all 13 ships to Espiritu
 * Santo") — the same actions, sent one after the other.
 */
export function groupedSteps(actions: readonly Action[], placeName: (id: string) => string): { key: string; label: string; actions: Action[] }[] {
  const by = new Map<string, Action[]>();
  for (const a of actions) {
    const kind = GROUPED[a.type];
    const piece = typeof a.ship === 'string' ? a.ship : typeof a.unit === 'string' ? a.unit : null;
    if (!kind || !piece || typeof a.to !== 'string') continue;
    const key = `${a.type}|${a.to}`;
    const list = by.get(key) ?? [];
    if (!list.some((x) => (x.ship ?? x.unit) === piece)) list.push(a);
    by.set(key, list);
  }
  return [...by]
    .filter(([, list]) => list.length >= 2)
    .map(([key, list]) => {
      const [type, to] = key.split('|') as [string, string];
      const kind = GROUPED[type]!;
      return { key, label: `${kind.verb} all ${list.length} ${kind.what} to ${placeName(to)}`, actions: list };
    });
}

/**
 * "Withdraw these, then close" (issue 42 item 5): every piece a withdrawal step may send home, each with a box to check
 * and where it goes (its own legal places), and one button that sends the checked pieces' own actions one after the
 * other, then the step's Done — the same server actions as picking them one by one, in order. Nothing checked, the
 * button is the step's Done ("withdraw none").
 */
export function MultiPick({
  actions,
  done,
  busy,
  chip,
  placeName,
  sendAll,
}: {
  actions: readonly Action[];
  done: Action | null;
  busy: boolean;
  chip(id: string): string;
  placeName(to: string): string;
  sendAll(actions: readonly Action[]): void;
}) {
  const byPiece = new Map<string, Action[]>();
  for (const a of actions) {
    if (a.type !== 'withdraw-ship' || typeof a.ship !== 'string' || typeof a.to !== 'string') continue;
    byPiece.set(a.ship, [...(byPiece.get(a.ship) ?? []), a]);
  }
  const [checked, setChecked] = useState<Record<string, boolean>>({});
  const [where, setWhere] = useState<Record<string, string>>({});
  if (byPiece.size < 2) return null;
  const pieces = [...byPiece.keys()];
  const picks = pieces.filter((id) => checked[id]).map((id) => byPiece.get(id)!.find((a) => a.to === where[id]) ?? byPiece.get(id)![0]!);
  const n = picks.length;
  const label = n === 0 ? (done ? 'Withdraw none — close' : 'Withdraw none') : `Withdraw these ${n === 1 ? 'ship' : `${n} ships`}${done ? ', then close' : ''}`;
  return (
    <fieldset class="multi-pick" data-testid="multi-pick">
      <legend>Withdraw several at once</legend>
      <ul>
        {pieces.map((id) => (
          <li key={id}>
            <label>
              <input type="checkbox" checked={!!checked[id]} disabled={busy} onChange={() => setChecked((c) => ({ ...c, [id]: !c[id] }))} /> {chip(id)}
            </label>
            {byPiece.get(id)!.length > 1 ? (
              <select
                aria-label={`Where ${chip(id)} goes`}
                disabled={busy}
                value={where[id] ?? String(byPiece.get(id)![0]!.to)}
                onChange={(e) => setWhere((w) => ({ ...w, [id]: (e.target as HTMLSelectElement).value }))}
              >
                {byPiece.get(id)!.map((a) => (
                  <option key={String(a.to)} value={String(a.to)}>
                    to {placeName(String(a.to))}
                  </option>
                ))}
              </select>
            ) : (
              <span class="hint"> to {placeName(String(byPiece.get(id)![0]!.to))}</span>
            )}
          </li>
        ))}
      </ul>
      <div class="multi-pick-actions">
        <button type="button" class="link" disabled={busy} onClick={() => setChecked(Object.fromEntries(pieces.map((id) => [id, true])))}>
          Check all
        </button>
        <button type="button" class="link" disabled={busy} onClick={() => setChecked({})}>
          Check none
        </button>
        <button type="button" class="primary" disabled={busy || (n === 0 && !done)} onClick={() => sendAll(done ? [...picks, done] : picks)}>
          {label}
        </button>
      </div>
    </fieldset>
  );
}

/** A prompt played on the board: pick a piece (on the map or in the list), then where it goes. */
/** The keyboard-reachable list beside the board: one button per target the map highlights. */
function TargetList({ targets, busy, choose }: { targets: readonly Target[]; busy: boolean; choose(t: Target): void }) {
  return (
    <ul class="choices">
      {targets.map((t) => (
        <li key={t.key}>
          <button type="button" disabled={busy} onClick={() => choose(t)}>
            {t.label}
          </button>
        </li>
      ))}
    </ul>
  );
}

/**
 * The prompt's "Done". Closing a deployment with pieces that could still move asks first
 * (issue 42: 26 of 40 pieces were left behind unasked), saying how many stay.
 */
function DoneButton({ done, deployment, unmoved, busy, send }: { done: Action; deployment: boolean; unmoved: number; busy: boolean; send(a: Action): void }) {
  const [asking, setAsking] = useState(false);
  if (!deployment || unmoved === 0)
    return (
      <button type="button" class="primary" disabled={busy} onClick={() => send(done)}>
        {deployment ? 'Done — close my deployment' : 'Done'}
      </button>
    );
  if (!asking)
    return (
      <button type="button" class="primary" disabled={busy} onClick={() => setAsking(true)}>
        Done — close my deployment
      </button>
    );
  return (
    <div class="confirm" role="alertdialog" aria-label="Close the deployment?" data-testid="confirm-close">
      <p>
        {unmoved === 1 ? '1 piece has' : `${unmoved} pieces have`} not moved: {unmoved === 1 ? 'it stays' : 'they stay'} where {unmoved === 1 ? 'it is' : 'they are'} for the whole
        turn.
      </p>
      <button type="button" class="primary" disabled={busy} onClick={() => send(done)}>
        Confirm — close my deployment
      </button>
      <button type="button" class="link" onClick={() => setAsking(false)}>
        Keep deploying
      </button>
    </div>
  );
}

export function PiecePrompt({ view, data, side, choices, deployment, selected: key, select, choose, busy, send, sendAll, sendChain, names, label }: PieceProps) {
  const mine = view.sides[side];
  const unit = (id: string): UnitFace | undefined => mine.units.find((s) => s.id === id);
  const chip = (id: string) => `${unitClass(unit(id) ?? ({} as UnitFace))} ${unit(id)?.name ?? id}`.trim();
  const placed = (id: string) => !!choices.byPiece.get(id)?.some((t) => t.action.type === 'recall');
  const { piece: selected, stack } = picked(key);
  const targets = selected ? (choices.byPiece.get(selected) ?? []) : [];
  const sel = selected ? unit(selected) : undefined;
  const mates = sel && sendChain && !placed(sel.id) ? stackMates(view, side, choices, sel.id) : [];
  const free = [...choices.selectable].filter((id) => !placed(id));
  const back = [...choices.selectable].filter(placed);
  const placeName = (to: string) => (to === 'returning-to-truk' ? 'the Returning to Truk box' : baseName(data, to));
  const steps = [...choices.byPiece.values()].flat().map((t) => t.action);
  const groups = sel ? [] : groupedSteps(steps, placeName);
  return (
    <div class="deploy">
      {deployment && (
        <ul class="limits">
          <li>Slow ships may only go into a Day and Night box.</li>
          {side === 'japanese' && (
            <li data-testid="rabaul-sorties">
              Rabaul sorties this turn: <strong>{mine.rabaulSorties ?? 0}</strong>/{data.rabaulSortieLimit}
              {(mine.rabaulSorties ?? 0) >= data.rabaulSortieLimit ? ' — no more ships may leave Rabaul.' : ''}
            </li>
          )}
          {side === 'japanese' && <li>Japanese ships enter the Coral Sea only from Rabaul.</li>}
        </ul>
      )}
      {sel ? (
        <section class="selected" aria-label="Selected piece">
          <h3>
            {unitClass(sel)} {sel.name}
            {sel.slow ? ' (slow)' : ''}
          </h3>
          {mates.length > 0 && (
            <label class="stack-toggle">
              <input type="checkbox" checked={stack} onChange={() => select(stack ? sel.id : stackKey(sel.id))} data-testid="with-stack" /> With its stack: the{' '}
              {mates.length === 1 ? `other ${sel.kind === 'ship' ? 'ship' : 'unit'}` : `${mates.length} other ${sel.kind === 'ship' ? 'ships' : 'units'}`} in the same place go
              where it goes ({mates.map(chip).join(', ')})
            </label>
          )}
          <p>Click a highlighted box, group or base on the map, or choose here:</p>
          <TargetList targets={targets} busy={busy} choose={choose} />
          <button type="button" class="link" onClick={() => select(null)}>
            Cancel
          </button>
        </section>
      ) : choices.selectable.size > 0 ? (
        <p>Click one of your highlighted pieces to see what it may do{back.length ? ', or a placed one to take it back' : ''}.</p>
      ) : null}
      {choices.direct.size > 0 && (
        <section aria-label="Targets">
          <p>Click a highlighted piece on the map, or choose here:</p>
          <TargetList targets={[...choices.direct.values()]} busy={busy} choose={choose} />
        </section>
      )}
      {sendAll && groups.length > 0 && (
        <section aria-label="All at once" class="grouped">
          <ul class="choices">
            {groups.map((g) => (
              <li key={g.key}>
                <button type="button" disabled={busy} onClick={() => sendAll(g.actions)}>
                  {g.label}
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
      {sendAll && !sel && <MultiPick actions={steps} done={choices.done} busy={busy} chip={chip} placeName={placeName} sendAll={sendAll} />}
      {free.length > 0 && <Chips title="Pieces you can move" ids={free} open={false} selected={selected} select={select} chip={chip} />}
      {back.length > 0 && <Chips title="Placed this turn" ids={back} open selected={selected} select={select} chip={chip} />}
      {choices.other.length > 0 && (
        <details class="ship-list" open={choices.other.length <= 8}>
          <summary>Other choices ({choices.other.length})</summary>
          <GenericPrompt prompt={{ text: '', actions: choices.other }} busy={busy} send={send} names={names} label={label} />
        </details>
      )}
      {choices.done && <DoneButton done={choices.done} deployment={deployment} unmoved={free.length} busy={busy} send={send} />}
    </div>
  );
}
