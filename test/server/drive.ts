/** Driving matches in tests by their prompts (so a test holds whatever the rule set's data says). */
import type { MatchService, StateBody } from '../../src/matches/service';

/** The side that has a decision now (the first in the game's order), with its state. */
export async function mover(service: MatchService, id: string, sides: readonly string[]): Promise<{ side: string; body: StateBody } | null> {
  for (const side of sides) {
    const body = await service.state(id, side);
    if (body.prompt) return { side, body };
  }
  return null;
}

/** The action a plain driver picks: `done` when offered, else the first choice. */
export function plain(body: StateBody): unknown {
  const acts = body.prompt!.actions as { type: string }[];
  return acts.find((a) => a.type === 'done') ?? acts[0];
}

/** Plays plain actions through the service until `stop` says so (or `max` actions). Returns the number played. */
export async function playUntil(service: MatchService, id: string, sides: readonly string[], stop: (m: { side: string; body: StateBody }) => boolean, max = 200): Promise<number> {
  for (let i = 0; i < max; i++) {
    const m = await mover(service, id, sides);
    if (!m || stop(m)) return i;
    await service.submit(id, m.side, m.body.seq, plain(m.body));
  }
  throw new Error(`stop condition not met within ${max} actions`);
}

/** The first `deploy` choices of distinct ships that open a new group. */
export function newGroupDeploys(body: StateBody, count: number): Record<string, unknown>[] {
  const seen = new Set<string>();
  const out: Record<string, unknown>[] = [];
  for (const a of body.prompt!.actions as Record<string, unknown>[]) {
    if (a.type === 'deploy' && a.group === 'new' && !seen.has(String(a.ship))) {
      seen.add(String(a.ship));
      out.push(a);
      if (out.length === count) break;
    }
  }
  if (out.length < count) throw new Error(`only ${out.length} deploy choices`);
  return out;
}
