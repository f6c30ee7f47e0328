/**
 * Issue 14 in a real browser: the match page of each game, in a few states, shows no raw
 * action field name and no camelCase identifier. Each page's whole text (document.body's
 * innerText) and its accessible names and tooltips (aria-label, title) are scanned for the
 * field names and ids of the actions offered in that page's own prompt (read from the state
 * body the seat gets, not from the label code), as test/web/label-check.ts defines them.
 */
import type { Page } from 'playwright-core';
import { Rng, seedState } from '../../src/engine';
import { BENCH_GAMES } from '../../src/games';
import { e2eSession, screenshot } from '../support/e2e';
import { api } from '../support/server';
import { rawWords } from '../web/label-check';

jest.setTimeout(120_000);

// The benchmark games too (fog-duel, which the server serves only with BENCH_GAMES=1): its page is scanned like the others'.
const e2e = e2eSession({ newSeed: () => 'labels-dom', games: BENCH_GAMES });
const pageErrors = e2e.pageErrors;

interface Match {
  id: string;
  tokens: Record<string, string>;
}

async function create(game: string, options?: unknown): Promise<Match> {
  const r = await api(e2e.url, 'POST', '/api/matches', { game, ...(options ? { options } : {}) });
  expect(r.status).toBe(201);
  const tokens: Record<string, string> = { spectator: r.body.spectator.token };
  for (const [side, seat] of Object.entries(r.body.seats as Record<string, { token: string }>)) tokens[side] = seat.token;
  return { id: r.body.id, tokens };
}

/** The side with a decision now, and its state body. */
async function mover(m: Match): Promise<{ side: string; body: any } | null> {
  for (const [side, token] of Object.entries(m.tokens)) {
    if (side === 'spectator') continue;
    const r = await api(e2e.url, 'GET', `/api/matches/${m.id}`, undefined, token);
    if (r.body.prompt) return { side, body: r.body };
  }
  return null;
}

/** Plays `n` seeded choices over HTTP, as the players' pages would send them (`prefer`: actions a player picks first, when offered). */
async function advance(m: Match, n: number, seed: string, prefer: (a: { type: string }) => boolean = () => false): Promise<void> {
  const rng = new Rng(seedState(seed, 'labels-dom'));
  for (let i = 0; i < n; i++) {
    const at = await mover(m);
    if (!at) return;
    const acts = at.body.prompt.actions as { type: string }[];
    const pool = acts.filter(prefer).length ? acts.filter(prefer) : acts;
    const r = await api(e2e.url, 'POST', `/api/matches/${m.id}/actions`, { seq: at.body.seq, action: pool[rng.int(0, pool.length - 1)] }, m.tokens[at.side]);
    expect(r.status).toBe(200);
  }
}

/** Plays seeded choices until a prompt of `kind` is up. */
async function advanceTo(m: Match, kind: RegExp, seed: string, prefer: (a: { type: string }) => boolean, max = 60): Promise<void> {
  for (let i = 0; i < max; i++) {
    const at = await mover(m);
    if (at && kind.test(String(at.body.prompt.kind))) return;
    await advance(m, 1, `${seed}-${i}`, prefer);
  }
  throw new Error(`no ${kind.source} prompt in ${max} actions`);
}

/** Everything a player reads on the page: its text, its accessible names and its tooltips. */
async function pageWords(page: Page): Promise<string> {
  const text = await page.locator('body').innerText();
  const attrs = await page.evaluate<string[]>(
    "Array.from(document.querySelectorAll('[aria-label],[title]')).flatMap((e) => [e.getAttribute('aria-label'), e.getAttribute('title')]).filter(Boolean)",
  );
  return [text, ...attrs].join('\n');
}

/** Opens the seat's page with a decision now, waits for its choices, and scans it. */
async function scan(m: Match, name: string, side?: string): Promise<{ problems: string[]; offered: number }> {
  const at = side ? { side, body: (await api(e2e.url, 'GET', `/api/matches/${m.id}`, undefined, m.tokens[side])).body } : await mover(m);
  expect(at).not.toBeNull();
  const { body } = at!;
  const page = await e2e.newPage({ viewport: { width: 1280, height: 900 } });
  try {
    await page.goto(`${e2e.url}/m/${m.id}#t=${m.tokens[at!.side]}`);
    // Read once the page has settled (a client rebuilt meanwhile may reload it under the test: read again then).
    let words = '';
    for (let attempt = 0; ; attempt++) {
      try {
        await page
          .getByTestId('banner')
          .getByText(body.prompt ? 'Your move' : /Waiting|Spectating/)
          .waitFor();
        if (body.prompt) await page.locator('section.decision button:visible').first().waitFor();
        // Folded lists (the board's other choices) are opened, so their buttons are read too.
        await page.evaluate("document.querySelectorAll('details').forEach((d) => (d.open = true))");
        // The match's id (random letters, shown in the top bar) is no identifier of the game's.
        words = (await pageWords(page)).split(m.id).join('');
        break;
      } catch (e) {
        if (attempt >= 2) throw e;
      }
    }
    const actions = (body.prompt?.actions ?? []) as Record<string, unknown>[];
    const keys = new Set(actions.flatMap((a) => keysOf(a)));
    const problems = new Set<string>();
    for (const a of actions) for (const p of rawWords(words, a, keys)) problems.add(p);
    if (body.prompt?.kind && /[-_]/.test(body.prompt.kind) && words.includes(body.prompt.kind)) problems.add(`prompt kind ${body.prompt.kind}`);
    if (!actions.length) for (const p of rawWords(words, { type: 'none' }, [])) problems.add(p);
    if (problems.size) await screenshot(page, `labels-dom-${name}`);
    return { problems: [...problems].map((p) => `${name}: ${p}`), offered: actions.length };
  } finally {
    await page.context().close();
  }
}

/** The field names of an action, at any depth (an EotS report's fact too). */
function keysOf(v: unknown): string[] {
  if (!v || typeof v !== 'object' || Array.isArray(v)) return [];
  return Object.entries(v).flatMap(([k, x]) => [k, ...keysOf(x)]);
}

test('no raw action field name or camelCase identifier on the match pages of SSJ, EWR and EotS', async () => {
  const problems: string[] = [];
  const run = async (m: Match, name: string, side?: string) => {
    const r = await scan(m, name, side);
    problems.push(...r.problems);
    return r.offered;
  };

  // SSJ: the early-activation roll, the Japanese deployment (hundreds of choices), the spectator.
  const ssj = await create('ssj');
  expect(await run(ssj, 'ssj-early')).toBeGreaterThan(0);
  await advance(ssj, 1, 'ssj');
  expect(await run(ssj, 'ssj-reinforcements')).toBeGreaterThan(0);
  await advanceTo(ssj, /deployment/, 'ssj', (a) => a.type === 'done' || a.type === 'pick' || a.type === 'place');
  expect(await run(ssj, 'ssj-deployment')).toBeGreaterThan(20);
  await advance(ssj, 12, 'ssj', (a) => a.type !== 'done');
  await run(ssj, 'ssj-deployment-placed');
  await run(ssj, 'ssj-spectator', 'spectator');

  // EWR: the first initiative, moving.
  const ewr = await create('ewr');
  expect(await run(ewr, 'ewr-start')).toBeGreaterThan(0);
  await advance(ewr, 3, 'ewr', (a) => a.type === 'begin-initiative' || a.type === 'move');
  await run(ewr, 'ewr-moving');

  // EotS: the 1943 start and a few decisions on.
  const eots = await create('eots-subwar', { scenario: '1943' });
  expect(await run(eots, 'eots-start')).toBeGreaterThan(0);
  await advance(eots, 6, 'eots');
  await run(eots, 'eots-later');

  // Fog duel (the benchmark game): the first placement, a few on, the spectator.
  const duel = await create('fog-duel');
  expect(await run(duel, 'fog-duel-start')).toBeGreaterThan(0);
  await advance(duel, 5, 'fog-duel');
  expect(await run(duel, 'fog-duel-later')).toBeGreaterThan(0);
  await run(duel, 'fog-duel-spectator', 'spectator');

  expect(problems).toEqual([]);
  expect(pageErrors).toEqual([]);
});
