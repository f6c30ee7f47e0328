/**
 * VI.F.1: "After any phase below, the owning player may withdraw any undamaged or (just) D-damaged ship units back
 * to eligible bases, without having to withdraw the rest of their task force ... Slow and Heavily Damaged ships may
 * not be voluntarily withdrawn, however." Through the real flow of a turn.
 */
import { ssj } from '../../../src/games/ssj';
import type { SsjAction } from '../../../src/games/ssj/actions';
import { choices, minimal, type M } from './helpers';
import { play, sailed, view, type Sail } from './battle-helpers';

const J = 'japanese' as const;
const A = 'allied' as const;
const firstWithdrawal = (m: M) => m.game.phase === 'withdrawal';

/** Plays minimal decisions (declining every daylight battle by choice; the Japanese withdraw from a mandatory one), recording each prompt's phase and side, until `until`. */
function record(m: M, until: (m: M) => boolean): string[] {
  const seen: string[] = [];
  for (let i = 0; i < 300 && !until(m); i++) {
    const side = ssj.sides.find((s) => ssj.prompt(m.game, s)) as 'allied' | 'japanese';
    const phase = m.game.phase === 'withdrawal' ? `withdrawal(${m.game.withdrawAfter ?? 'counterattack'})` : m.game.phase;
    if (seen[seen.length - 1] !== `${phase}:${side}`) seen.push(`${phase}:${side}`);
    const c = choices(m, side);
    const a: SsjAction = c.find((x) => x.type === 'battle-engage' && !x.engage) ?? (side === J ? c.find((x) => x.type === 'battle-withdraw') : undefined) ?? minimal(m, side);
    play(m, side, a);
  }
  return seen;
}

const slot = (jp: Sail[], al: Sail[], until = firstWithdrawal, seed = 'withdrawal') => sailed(seed, jp, al, until);

describe('VI.F.1 withdrawal after any phase of the day', () => {
  test('VI.F.1: a withdrawal step follows each phase of the day — a, b, c, d, g and h (and f, with the shift to Day Only) — the Japanese first', () => {
    const m = slot(
      [{ ships: ['ijn-chokai'], area: 'SL', box: 'daynight' }],
      [{ ships: ['usn-quincy'], area: 'SL', box: 'daynight' }],
      (x) => x.game.phase === 'air-morning' || firstWithdrawal(x),
    );
    const night = ['night-combat', 'after-midnight', 'pt-boats', 'combat', 'bombard-night', 'ground-combat', 'supply', 'return'];
    const seen = record(m, (x) => night.includes(x.game.phase) || x.game.turn > 0);
    const steps = seen.filter((p) => /^(withdrawal|day-combat|day-end-combat|day-only)/.test(p));
    expect(steps).toEqual([
      'withdrawal(air-morning):japanese',
      'withdrawal(air-morning):allied',
      'withdrawal(counterattack):japanese',
      'withdrawal(counterattack):allied',
      'day-combat:japanese',
      'day-combat:allied',
      'withdrawal(day-combat):japanese',
      'withdrawal(day-combat):allied',
      'withdrawal(air-afternoon):japanese',
      'withdrawal(air-afternoon):allied',
      // The mandatory battle: the Japanese withdraw rather than fight; the Allies alone are left at sea by day.
      'day-end-combat:japanese',
      'day-only:allied',
      'withdrawal(day-landings):allied',
      'withdrawal(bombard-day):allied',
    ]);
  });

  test('VI.F.1: after the morning land-based air attacks (VI.F.1.a) a ship may be withdrawn, without the rest of its task force; slow ships may not be', () => {
    const m = slot([{ ships: ['ijn-chokai', 'ijn-aoba', 'ijn-trdiv-1'], area: 'SL', box: 'daynight' }], [{ ships: ['usn-quincy'], area: 'SL', box: 'daynight' }]);
    expect([m.game.phase, m.game.withdrawAfter, m.game.actor]).toEqual(['withdrawal', 'air-morning', J]);
    expect(choices(m, J)).toEqual([{ type: 'withdraw-ship', ship: 'ijn-chokai', to: 'rabaul' }, { type: 'withdraw-ship', ship: 'ijn-aoba', to: 'rabaul' }, { type: 'done' }]);
    expect(choices(m, A)).toEqual([]);
    const group = (m.game.units.of('ijn-chokai').place as { group: string }).group;
    const out = play(m, J, { type: 'withdraw-ship', ship: 'ijn-chokai', to: 'rabaul' });
    expect(m.game.units.of('ijn-chokai').place).toEqual({ at: 'base', base: 'rabaul' });
    // The rest of the task force stays; the other side reads only that a piece withdrew.
    expect(m.game.groups[group]!.ships).toEqual(['ijn-aoba', 'ijn-trdiv-1']);
    expect(out.log.filter((e) => e.to === 'public').map((e) => e.text)).toEqual(['A Japanese piece withdraws from The Slot.']);
    // The slow transports may not be withdrawn: the Japanese close, then the Allies decide.
    expect(choices(m, J)).toEqual([{ type: 'withdraw-ship', ship: 'ijn-aoba', to: 'rabaul' }, { type: 'done' }]);
    play(m, J, { type: 'done' });
    expect(m.game.actor).toBe(A);
    expect(choices(m, A)).toEqual([
      { type: 'withdraw-ship', ship: 'usn-quincy', to: 'espiritu-santo' },
      { type: 'withdraw-ship', ship: 'usn-quincy', to: 'australia' },
      { type: 'done' },
    ]);
    play(m, A, { type: 'done' });
    expect(m.game.withdrawAfter).not.toBe('air-morning');
  });

  test('VI.F.1.b "any Slow or 2D-or-more damaged ships must be abandoned/scuttled by a withdrawing player": withdrawing ship by ship until only slow ships are left withdraws the task force — with no other task force there, they are scuttled', () => {
    const m = slot([{ ships: ['ijn-chokai', 'ijn-trdiv-1', 'ijn-trdiv-2'], area: 'SL', box: 'daynight' }], [{ ships: ['usn-quincy'], area: 'SL', box: 'daynight' }]);
    const out = play(m, J, { type: 'withdraw-ship', ship: 'ijn-chokai', to: 'rabaul' });
    // The two transport divisions do not protect each other: they are what the withdrawing player leaves behind.
    for (const id of ['ijn-trdiv-1', 'ijn-trdiv-2']) expect(m.game.units.of(id).place).toEqual({ at: 'sunk' });
    expect(out.log.filter((e) => e.to === 'public').map((e) => e.text)).toEqual([
      'A Japanese piece withdraws from The Slot.',
      'The Japanese task force withdraws from The Slot, leaving behind 2 slow or heavily damaged pieces that may not be withdrawn (VI.F.1.b).',
      'No Japanese task force is left to protect the 2 slow or heavily damaged pieces left behind in The Slot: scuttled (VII.A).',
    ]);
  });

  test('VII.A example "must be scuttled if all friendly task forces are ultimately withdrawn": slow ships left by a task force withdrawn ship by ship are protected by another task force there, and scuttled when it withdraws too', () => {
    const m = slot(
      [
        { ships: ['ijn-chokai', 'ijn-trdiv-1'], area: 'SL', box: 'daynight' },
        { ships: ['ijn-aoba'], area: 'SL', box: 'day' },
      ],
      [{ ships: ['usn-quincy'], area: 'SL', box: 'daynight' }],
    );
    play(m, J, { type: 'withdraw-ship', ship: 'ijn-chokai', to: 'rabaul' });
    const group = (m.game.units.of('ijn-trdiv-1').place as { group: string }).group;
    expect(m.game.groups[group]!.withdrawn).toBe(true);
    play(m, J, { type: 'withdraw-ship', ship: 'ijn-aoba', to: 'rabaul' });
    expect(m.game.units.of('ijn-trdiv-1').place).toEqual({ at: 'sunk' });
  });

  test('VI.F.1 fog: a side at sea by day is asked at each withdrawal step whatever its face-down groups hold — slow transports only, or a submarine only', () => {
    const prompts = ['ijn-chokai', 'ijn-trdiv-1', 'ijn-i-121'].map((ship) => {
      const m = slot([{ ships: [ship], area: 'SL', box: 'daynight' }], [{ ships: ['usn-quincy'], area: 'SL', box: 'daynight' }]);
      expect([m.game.phase, m.game.actor]).toEqual(['withdrawal', J]);
      const p = ssj.prompt(m.game, J)!;
      // What the Allies see: the phase, whose decision it is, the Japanese groups (each piece by a tag drawn anew).
      const v = view(m, A);
      return {
        text: p.text,
        closes: p.actions.some((a) => a.type === 'done'),
        phase: v.phase,
        actor: v.actor,
        japanese: v.sides.japanese.groups.map((g) => [g.area, g.box, g.size]),
      };
    });
    expect(new Set(prompts.map((p) => JSON.stringify(p))).size).toBe(1);
  });

  test('VI.F.1: a side with no ships at sea by day is not asked (Night Only groups are not at sea by day)', () => {
    const m = slot([{ ships: ['ijn-chokai'], area: 'SL', box: 'night' }], [{ ships: ['usn-quincy'], area: 'SL', box: 'daynight' }]);
    expect([m.game.phase, m.game.withdrawAfter, m.game.actor]).toEqual(['withdrawal', 'air-morning', A]);
    expect(choices(m, J)).toEqual([]);
    expect(choices(m, A).some((a) => a.type === 'withdraw-ship')).toBe(true);
  });
});
