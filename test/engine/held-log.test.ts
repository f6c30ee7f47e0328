/**
 * A live match keeps the older part of its log packed (src/engine/held-log.ts, deflated on the
 * server: src/matches/log-packer.ts). Oracle: the same timeline holding every entry as it is —
 * every viewer reads the very same entries, stamped with the same seqs, whatever it asks for;
 * and a read of the last row's entries (a push) opens no packed block.
 */
import { PACK_BLOCK, REFEREE, SPECTATOR, Timeline, createMatchState, type LogPacker, type Viewer } from '../../src/engine';
import { GAMES } from '../../src/games';
import { plausibleBot } from '../../src/games/ssj/bot';
import { DEFLATED } from '../../src/matches/log-packer';

const ssj = GAMES.get('ssj')!;

/** An SSJ match's timeline after `n` actions of the plausible bots, packing as it goes when given a packer. */
function played(n: number, packer?: LogPacker): Timeline {
  const first = createMatchState(ssj, {}, 'held-log');
  const tl = new Timeline(ssj, first.state, first.log);
  if (packer) tl.packLog(packer);
  const bots = { allied: plausibleBot('held-log-a'), japanese: plausibleBot('held-log-j') } as Record<string, ReturnType<typeof plausibleBot>>;
  for (let i = 0; i < n; i++) {
    const g = tl.state.game;
    const side = ssj.sides.find((s) => ssj.prompt(g, s))!;
    const action = bots[side]!.choose({ side, view: ssj.view(g, side) as never, prompt: ssj.prompt(g, side) as never });
    tl.accept(tl.planAction(side, action));
  }
  return tl;
}

/** DEFLATED, counting the blocks opened. */
function counting(): LogPacker & { opened: number } {
  const p = { opened: 0, pack: DEFLATED.pack, unpack: (b: unknown) => (p.opened++, DEFLATED.unpack(b)) };
  return p;
}

const VIEWERS: Viewer[] = ['allied', 'japanese', SPECTATOR, REFEREE];

test('a packed log reads as the whole log held as it is, for every viewer, after any seq and up to any seq', () => {
  const plain = played(300);
  const packer = counting();
  const packedAsItGoes = played(300, packer);
  // A match loaded from the store: its rows held as they are, then packed at once.
  const packedAfter = plain.fork();
  packedAfter.packLog(DEFLATED);
  expect(plain.log.length).toBeGreaterThan(4 * PACK_BLOCK);
  expect(packedAsItGoes.log.length).toBe(plain.log.length);
  for (const v of VIEWERS) {
    const all = plain.logFor(v);
    const last = all.at(-1)!.seq;
    expect(all.length).toBeGreaterThan(PACK_BLOCK);
    for (const after of [-1, 0, 1, Math.floor(last / 3), Math.floor(last / 2), last - 5, last - 1, last]) {
      for (const upTo of [Infinity, Math.floor((2 * last) / 3), 3]) {
        const want = plain.logFor(v, after, upTo);
        expect(packedAsItGoes.logFor(v, after, upTo)).toEqual(want);
        expect(packedAfter.logFor(v, after, upTo)).toEqual(want);
      }
    }
  }
  expect(packer.opened).toBeGreaterThan(0);
  // A push: the entries after the seq its audience knew, read from the tail alone.
  packer.opened = 0;
  for (const v of VIEWERS) expect(packedAsItGoes.logFor(v, packedAsItGoes.seqs.of(v) - 1)).toEqual(plain.logFor(v, plain.seqs.of(v) - 1));
  expect(packer.opened).toBe(0);
});

test('a fork of a packed timeline goes on independently of it, and reads as the unpacked match does', () => {
  const plain = played(200);
  const packed = played(200, DEFLATED);
  const copy = packed.fork();
  const g = copy.state.game;
  const side = ssj.sides.find((s) => ssj.prompt(g, s))!;
  const action = plausibleBot('fork').choose({ side, view: ssj.view(g, side) as never, prompt: ssj.prompt(g, side) as never });
  copy.accept(copy.planAction(side, action));
  const plainCopy = plain.fork();
  plainCopy.accept(plainCopy.planAction(side, action));
  for (const v of VIEWERS) {
    expect(packed.logFor(v)).toEqual(plain.logFor(v));
    expect(copy.logFor(v)).toEqual(plainCopy.logFor(v));
  }
  expect(copy.log.length).toBeGreaterThan(packed.log.length);
});
