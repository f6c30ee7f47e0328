/**
 * Issue 42 item 2 (results readable): a battle log line names each piece as its reader may know
 * it — a player's own pieces always, the enemy's once turned face up (VI.F.2.b note: damage turns
 * a ship face up), a face-down enemy piece by its tag. Read the way the server sends it: each
 * viewer's own text (`filterLog`), the spectator what both players know. And before a shot, the
 * prompt gives the Anti-Ship table's rows against each enemy piece the side may name (VII.A).
 */
import { filterLog, type LogEntry } from '../../../src/engine';
import { ssj } from '../../../src/games/ssj';
import { nightMatch, play, startNight, tag } from './battle-helpers';
import type { M } from './helpers';

const J = 'japanese' as const;
const A = 'allied' as const;

/** The lines `viewer` reads of `log`, as the server stamps and sends them. */
const reads = (log: LogEntry[], viewer: string) =>
  filterLog(
    log.map((e) => ({ ...e, seq: 1 })),
    viewer,
  ).map((e) => e.text);

/** CHOKAI and DesDiv 29 against DesRon 4 and QUINCY in the Slot at night, no surprise, the Japanese aiming both at DesRon 4. */
function battle(): M {
  const m = nightMatch(['ijn-chokai', 'ijn-desdiv-29'], ['usn-desron-4', 'usn-quincy']);
  startNight(m);
  if (m.game.actor === J) play(m, J, { type: 'done' });
  // No surprise (a 2 on the night surprise roll).
  play(m, A, { type: 'done' }, [2]);
  play(m, J, { type: 'fire', ship: 'ijn-chokai', piece: tag(m, 'usn-desron-4') });
  play(m, J, { type: 'fire', ship: 'ijn-desdiv-29', piece: tag(m, 'usn-desron-4') });
  return m;
}

describe('VI.F.2.b note: each reader of the battle log reads the names it may know', () => {
  test('VI.F.2.b gunfire at night: a player reads his own ships by name and the face-down enemy by tag; the spectator reads tags only', () => {
    const m = battle();
    const [chokai, desdiv, desron, quincy] = ['ijn-chokai', 'ijn-desdiv-29', 'usn-desron-4', 'usn-quincy'].map((id) => tag(m, id));
    // The Japanese roll 6 and 6 at DesRon 4 (sunk); QUINCY and DesRon 4, spread, roll 1 and 1 (no effect).
    const out = play(m, A, { type: 'fire-spread' }, [6, 6, 1, 1]);
    const jp = reads(out.log, J).join('\n');
    const al = reads(out.log, A).join('\n');
    const sp = reads(out.log, 'spectator').join('\n');
    expect(jp).toContain(`Japanese gunfire: CHOKAI rolled 6 at piece ${desron}.`);
    expect(jp).toContain(`Japanese gunfire: DesDiv 29 rolled 6 at piece ${desron}.`);
    expect(al).toContain(`Japanese gunfire: piece ${chokai} rolled 6 at DesRon 4.`);
    expect(al).toMatch(new RegExp(`Allied gunfire: QUINCY rolled 1 at piece (${chokai}|${desdiv})\\.`));
    expect(sp).toContain(`Japanese gunfire: piece ${chokai} rolled 6 at piece ${desron}.`);
    expect(sp).toMatch(new RegExp(`Allied gunfire: piece ${quincy} rolled 1 at piece (${chokai}|${desdiv})\\.`));
    // The sinking turns DesRon 4 up: its owner, who knew it, reads its name; the others learn which tag it was.
    expect(al).toContain('DesRon 4: sunk.');
    expect(jp).toContain(`Piece ${desron} is turned up: DesRon 4 — sunk.`);
    expect(sp).toContain(`Piece ${desron} is turned up: DesRon 4 — sunk.`);
    // A miss turns nothing up: the Japanese read their own ship's name, the Allies and the spectator its tag.
    expect(jp).toMatch(/(^|\n)(CHOKAI|DesDiv 29): no effect\./);
    expect(al).toMatch(new RegExp(`(^|\\n)Piece (${chokai}|${desdiv}): no effect\\.`));
    expect(al).not.toMatch(/CHOKAI|DesDiv 29/);
    expect(sp).not.toMatch(/CHOKAI|DesDiv 29|QUINCY/);
  });

  test('VI.F.2.b note: once a hit turns a ship face up for both players, every reader names it in the lines that follow', () => {
    const m = battle();
    const chokai = tag(m, 'ijn-chokai');
    const quincy = tag(m, 'usn-quincy');
    play(m, A, { type: 'fire', ship: 'usn-desron-4', piece: chokai });
    // Both Japanese shots at DesRon 4 miss (1, 1); DesRon 4 and QUINCY roll 6 and 6 at CHOKAI: it is turned up, damaged.
    const first = play(m, A, { type: 'fire', ship: 'usn-quincy', piece: chokai }, [1, 1, 6, 6]);
    expect(m.game.units.of('ijn-chokai').damage).not.toBeNull();
    expect(reads(first.log, A).join('\n')).toMatch(new RegExp(`Piece ${chokai} is turned up: CHOKAI — `));
    expect(reads(first.log, J).join('\n')).toMatch(/(^|\n)CHOKAI: (D|HD)/);
    // The next round: DesRon 4 fires at CHOKAI. Every reader names CHOKAI now; DesRon 4, still face down to the Japanese, keeps its tag for them.
    play(m, J, { type: 'battle-continue' });
    play(m, A, { type: 'battle-continue' });
    const desron = tag(m, 'usn-desron-4');
    // VII.A, before the shot: the Allies aim at CHOKAI, face up, and read its column's rows; the Japanese aim at face-down pieces only, and read none.
    expect(m.game.units.of('ijn-chokai').damage).toBe('HD');
    expect(ssj.prompt(m.game, J)!.text).not.toMatch(/Anti-Ship|QUINCY|DesRon/);
    play(m, J, { type: 'fire', ship: 'ijn-desdiv-29', piece: quincy });
    expect(ssj.prompt(m.game, A)!.text).toContain('CHOKAI (CA, HD: one row higher): D on 3–4, HD on 5–6 (a hit on 4 of 6)');
    play(m, A, { type: 'fire', ship: 'usn-desron-4', piece: chokai });
    const next = play(m, A, { type: 'fire', ship: 'usn-quincy', piece: chokai }, [1, 1, 1, 1]);
    expect(reads(next.log, 'spectator')).toContain(`Allied gunfire: piece ${desron} rolled 1 at CHOKAI.`);
    expect(reads(next.log, J)).toContain(`Allied gunfire: piece ${desron} rolled 1 at CHOKAI.`);
    expect(reads(next.log, A)).toContain('Allied gunfire: DesRon 4 rolled 1 at CHOKAI.');
  });
});
