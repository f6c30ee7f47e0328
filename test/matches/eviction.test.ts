/**
 * Memory: a live copy is dropped when idle (MATCH_IDLE_MS), and a match that has ended
 * much sooner (1 s after its last use), on the next load or the next sweep; a dropped
 * match comes back whole from the store on its next use.
 */
import pino from 'pino';
import { GAMES } from '../../src/games';
import { fogDuel, MOVES } from '../../src/games/fog-duel';
import { MatchService } from '../../src/matches/service';
import { MemoryMatchStore } from '../../src/store/memory-match-store';

const IDLE = 60_000;

function setup() {
  let clock = 1_000_000;
  const svc = new MatchService(new MemoryMatchStore(), {
    games: new Map([...GAMES, ['fog-duel', fogDuel]]),
    publicUrl: 'http://x',
    snapshotEvery: 10,
    idleMs: IDLE,
    logger: pino({ level: 'silent' }),
    now: () => clock,
  });
  return { svc, advance: (ms: number) => (clock += ms) };
}

async function play(svc: MatchService, id: string, moves: number): Promise<void> {
  for (let i = 0; i < moves; i++) {
    const side = i % 2 === 0 ? 'a' : 'b';
    const body = await svc.state(id, side);
    await svc.submit(id, side, body.seq, { type: 'deploy', area: 'north' });
  }
}

test('an ended match leaves memory 1 s after its last use; a running one stays until it is idle', async () => {
  const { svc, advance } = setup();
  try {
    const ended = (await svc.create('fog-duel', {})).id;
    const running = (await svc.create('fog-duel', {})).id;
    await play(svc, ended, MOVES);
    await play(svc, running, 2);
    expect((await svc.state(ended, 'referee')).status).toBe('finished');
    const endedView = JSON.stringify((await svc.state(ended, 'a')).view);
    advance(1_500);
    // Any load of another match sweeps.
    await svc.create('fog-duel', {}).then((m) => svc.state(m.id, 'a'));
    expect(svc.matches.holds(ended)).toBe(false);
    expect(svc.matches.holds(running)).toBe(true);
    advance(IDLE);
    await svc.create('fog-duel', {}).then((m) => svc.state(m.id, 'a'));
    expect(svc.matches.holds(running)).toBe(false);
    // Rebuilt from the store on the next use, as it was.
    expect(JSON.stringify((await svc.state(ended, 'a')).view)).toBe(endedView);
    expect((await svc.state(running, 'a')).seq).toBe(2);
  } finally {
    await svc.stop();
  }
});

test('a match used again within 1 s of its end stays in memory', async () => {
  const { svc, advance } = setup();
  try {
    const id = (await svc.create('fog-duel', {})).id;
    await play(svc, id, MOVES);
    advance(900);
    await svc.state(id, 'b');
    advance(900);
    await svc.create('fog-duel', {}).then((m) => svc.state(m.id, 'a'));
    expect(svc.matches.holds(id)).toBe(true);
  } finally {
    await svc.stop();
  }
});
