/**
 * The Allied reinforcements (VI.A) as one list (issue 42 item 5: "AugII reinforcements as 42 buttons in a 338 px box"):
 * the arriving units grouped by where they may enter, each with its own legal places; the unit a row is about is picked
 * on the board (its places highlighted there) while the row is hovered, focused or shown; next turn's two ships as two
 * lists; and one button that sends the server's own actions in order — each unit's `place`, each changed `pick`, then
 * the step's Done. The engine is unchanged: every action sent is one the prompt offered, and the Done comes only after
 * every arrival is placed, when VI.A's step offers it.
 */
import { useState } from 'preact/hooks';
import type { Action } from '../../../protocol';
import type { SsjView, UnitFace } from '../../../protocol/games/ssj';
import { unitClass } from '../../board/counter';
import { labelOf, type Labeler, type Names } from '../../labels';
import { GenericPrompt } from '../../prompt';
import type { PieceChoices } from './choices';
import { baseName, type SsjData } from './data';

export interface ReinforcementProps {
  view: SsjView;
  data: SsjData;
  choices: PieceChoices;
  busy: boolean;
  names: Names;
  label: Labeler;
  selected: string | null;
  select(piece: string | null): void;
  send(a: Action): void;
  sendAll(actions: readonly Action[]): void;
}

/**
 * Whether a prompt is VI.A's reinforcement step with units to place: places, next turn's picks and its Done, nothing else.
 * A step with next turn's picks only (AugI) stays a list of buttons, a pick at a click.
 */
export function isReinforcementPrompt(actions: readonly Action[]): boolean {
  return actions.some((a) => a.type === 'place') && actions.every((a) => a.type === 'place' || a.type === 'pick' || a.type === 'done');
}

/** The arrivals by the places they may enter at (one group a set of places), in the prompt's order. */
export function arrivalGroups(c: PieceChoices): { bases: string[]; units: { id: string; places: Action[] }[] }[] {
  const by = new Map<string, { bases: string[]; units: { id: string; places: Action[] }[] }>();
  for (const [id, ts] of c.byPiece) {
    const places = ts.map((t) => t.action).filter((a) => a.type === 'place' && typeof a.base === 'string');
    if (places.length === 0) continue;
    const bases = places.map((a) => String(a.base));
    const key = bases.join('|');
    const g = by.get(key) ?? { bases, units: [] };
    g.units.push({ id, places });
    by.set(key, g);
  }
  return [...by.values()];
}

const either = (names: string[]) => (names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} or ${names.at(-1)}`);

/** Scrolls the board's box of a base into view (the board preview on a phone, where the board is below the panel). */
function showBase(base: string) {
  document.querySelector(`g.base[data-base="${base}"]`)?.scrollIntoView({ block: 'center', inline: 'center' });
}

export function ReinforcementList({ view, data, choices, busy, names, label, selected, select, send, sendAll }: ReinforcementProps) {
  const groups = arrivalGroups(choices);
  const [where, setWhere] = useState<Record<string, string>>({});
  const [picks, setPicks] = useState<Record<string, string>>({});
  const units = view.sides.allied.units;
  const unit = (id: string): UnitFace | undefined => units.find((u) => u.id === id);
  const chip = (id: string) => `${unitClass(unit(id) ?? ({} as UnitFace))} ${unit(id)?.name ?? names.ship?.(id) ?? 'unit'}`.trim();
  const pickActions = choices.other.filter((a) => a.type === 'pick' && typeof a.ship === 'string' && typeof a.slot === 'string');
  const rest = choices.other.filter((a) => a.type !== 'pick');
  const slots = (['cruiser', 'other'] as const).filter((slot) => pickActions.some((a) => a.slot === slot));
  const current = view.sides.allied.picks;
  const placeOf = (u: { id: string; places: Action[] }) => u.places.find((a) => a.base === where[u.id]) ?? u.places[0]!;
  const places = groups.flatMap((g) => g.units.map(placeOf));
  const chosen = slots.map((slot) => pickActions.find((a) => a.slot === slot && a.ship === picks[slot])).filter((a): a is Action => !!a);
  // VI.A: the step closes only once every arrival is placed; the Done then is the step's own.
  const all = [...places, ...chosen, ...(places.length > 0 || choices.done ? [choices.done ?? { type: 'done' }] : [])];
  const n = places.length;
  const button =
    n === 0
      ? chosen.length
        ? 'Choose these ships, then close'
        : 'Close the reinforcements'
      : `Place ${n === 1 ? 'this unit' : `these ${n} units`}${chosen.length ? ', choose these ships' : ''}, then close`;
  return (
    <div class="reinforcements" data-testid="reinforcements">
      {groups.map((g) => {
        const at = g.bases.map((b) => baseName(data, b));
        return (
          <fieldset key={g.bases.join('|')} class="multi-pick" data-testid="arrival-group" data-bases={g.bases.join(' ')}>
            <legend>
              {g.units.length === 1 ? '1 unit enters' : `${g.units.length} units enter`} at {either(at)}
            </legend>
            {g.bases.length > 1 && (
              <div class="multi-pick-actions">
                All of them:
                {g.bases.map((b) => (
                  <button key={b} type="button" class="link" disabled={busy} onClick={() => setWhere((w) => ({ ...w, ...Object.fromEntries(g.units.map((u) => [u.id, b])) }))}>
                    to {baseName(data, b)}
                  </button>
                ))}
              </div>
            )}
            <ul>
              {g.units.map((u) => {
                const to = String(placeOf(u).base);
                return (
                  <li
                    key={u.id}
                    data-testid="arrival"
                    data-unit={u.id}
                    class={selected === u.id ? 'previewed' : undefined}
                    onMouseEnter={() => select(u.id)}
                    onFocusCapture={() => select(u.id)}
                  >
                    <span class="arrival-name">{chip(u.id)}</span>
                    {u.places.length > 1 ? (
                      <select
                        aria-label={`Where ${chip(u.id)} enters`}
                        disabled={busy}
                        value={to}
                        onChange={(e) => setWhere((w) => ({ ...w, [u.id]: (e.target as HTMLSelectElement).value }))}
                      >
                        {u.places.map((a) => (
                          <option key={String(a.base)} value={String(a.base)}>
                            at {baseName(data, String(a.base))}
                          </option>
                        ))}
                      </select>
                    ) : (
                      <span class="hint">at {baseName(data, to)}</span>
                    )}
                    <button
                      type="button"
                      class="link"
                      aria-label={`Show where ${chip(u.id)} enters on the map`}
                      onClick={() => {
                        select(u.id);
                        showBase(to);
                      }}
                    >
                      Show
                    </button>
                  </li>
                );
              })}
            </ul>
          </fieldset>
        );
      })}
      {slots.length > 0 && (
        <fieldset class="multi-pick" data-testid="next-turn-picks">
          <legend>Next turn's ships (VI.A: they arrive next turn)</legend>
          <ul>
            {slots.map((slot) => {
              const now = current?.[slot] ?? null;
              return (
                <li key={slot}>
                  <label>
                    {slot === 'cruiser' ? 'Cruiser' : 'Other ship'}:{' '}
                    <select disabled={busy} value={picks[slot] ?? ''} onChange={(e) => setPicks((p) => ({ ...p, [slot]: (e.target as HTMLSelectElement).value }))}>
                      <option value="">{now ? `keep ${names.ship?.(now) ?? chip(now)}` : 'none chosen'}</option>
                      {pickActions
                        .filter((a) => a.slot === slot)
                        .map((a) => (
                          <option key={String(a.ship)} value={String(a.ship)}>
                            {names.ship?.(String(a.ship)) ? chip(String(a.ship)) : labelOf(a, label, names).text}
                          </option>
                        ))}
                    </select>
                  </label>
                </li>
              );
            })}
          </ul>
        </fieldset>
      )}
      {rest.length > 0 && <GenericPrompt prompt={{ text: '', actions: rest }} busy={busy} send={send} names={names} label={label} />}
      {all.length > 0 && (
        <button type="button" class="primary" data-testid="reinforcements-send" disabled={busy} onClick={() => sendAll(all)}>
          {button}
        </button>
      )}
    </div>
  );
}
