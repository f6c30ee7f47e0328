/**
 * npm run fingerprint -- [campaigns=30] [every=1]
 *
 * A behaviour fingerprint of Sky, Sea, and JUNGLE: N seeded bot campaigns (plausible, mixed
 * and random pairings in turn) played through the engine, hashing everything a rule change
 * could move — each action and its side, each step's log entries (text, audience, data),
 * every die rolled (what for, value), the prompt offered next (kind, text, choices), and
 * each viewer's view (referee, both sides, spectator) after every `every`-th action and
 * at the end — plus the result. It reads only the game module's contract, never the state's
 * shape, so a refactor that keeps the behaviour keeps the fingerprint.
 * Same code, same fingerprint: a refactor must print the same one; a rule fix changes it.
 */
import { createHash } from 'node:crypto';
import { randomBot, type Bot } from '../src/bots';
import { canonicalJson, createMatchState, step, type GameModule } from '../src/engine';
import { ssj } from '../src/games/ssj';
import { plausibleBot } from '../src/games/ssj/bot';

type Pairing = 'plausible' | 'mixed' | 'random';
const PAIRINGS: Pairing[] = ['plausible', 'mixed', 'random'];
const VIEWERS = ['referee', 'allied', 'japanese', 'spectator'];

function botsFor(pairing: Pairing, seed: string): Record<string, Bot> {
  const a = pairing === 'random' ? randomBot(`${seed}/allied`) : plausibleBot(`${seed}/allied`);
  const j = pairing === 'plausible' ? plausibleBot(`${seed}/japanese`) : randomBot(`${seed}/japanese`);
  return { allied: a as Bot, japanese: j as Bot };
}

/** One campaign's hash, and how many actions it took. */
export function campaignFingerprint(seed: string, pairing: Pairing, every = 1): { hash: string; actions: number } {
  const game = ssj as GameModule;
  const h = createHash('sha256');
  const feed = (label: string, value: unknown) => h.update(`${label}:${canonicalJson(value)}\n`);
  const bots = botsFor(pairing, seed);
  const first = createMatchState(game, {}, seed);
  let state = first.state;
  feed('setup-log', first.log);
  feed('setup-rolls', first.rolls);
  let n = 0;
  while (!game.result(state.game)) {
    if (n > 100_000) throw new Error(`${seed}: no result after ${n} actions`);
    const side = game.sides.find((s) => game.prompt(state.game, s));
    if (!side) throw new Error(`${seed}: no side has a decision`);
    const prompt = game.prompt(state.game, side)!;
    feed('prompt', { side, prompt });
    const action = bots[side]!.choose({ side, view: game.view(state.game, side), prompt });
    const out = step(game, state, side, action, prompt);
    feed('action', { side, action });
    feed('log', out.log);
    feed('rolls', out.rolls);
    feed('flags', { reveals: out.reveals, private: out.private });
    state = out.state;
    n++;
    if (n % every === 0) for (const v of VIEWERS) feed(`view-${v}`, game.view(state.game, v));
  }
  for (const v of VIEWERS) feed(`final-view-${v}`, game.view(state.game, v));
  feed('result', game.result(state.game));
  return { hash: h.digest('hex'), actions: n };
}

if (require.main === module) {
  const count = Number(process.argv[2] ?? 30);
  const every = Number(process.argv[3] ?? 1);
  const all = createHash('sha256');
  let actions = 0;
  for (let i = 0; i < count; i++) {
    const pairing = PAIRINGS[i % 3]!;
    const c = campaignFingerprint(`fingerprint-${i}`, pairing, every);
    actions += c.actions;
    all.update(`${i}:${c.hash}\n`);
    if (process.env.VERBOSE) console.log(`  campaign ${i} (${pairing}): ${c.actions} actions, ${c.hash.slice(0, 16)}`);
  }
  console.log(`SSJ fingerprint: ${count} campaigns, ${actions} actions, views every ${every}: ${all.digest('hex')}`);
}
