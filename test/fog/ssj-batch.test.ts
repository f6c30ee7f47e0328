/**
 * Sky, Sea, and JUNGLE's fog in CI (docs/fog.md): campaigns 0–3 and 11–13, every step of each
 * checked through the match service with the game's whole CI budget (look-alikes, private-step,
 * roll, chat and choice worlds), by the soak script (`npm run fog`) in two child processes side
 * by side, out of jest's module sandbox (which makes a campaign about 1.5 times slower) and on
 * both cores while jest waits. Bounded for CI, which runs jest with one worker on the session's
 * own 2-core machine: campaigns 0–20 without their choice worlds took 1,576 s of it (0–10,
 * 18,559 steps, 1,426 s; 11–20, 18,703 steps, 1,573 s), about 0.08 s a step. With choice
 * worlds a campaign costs about 0.06–0.09 CPU s a step (2026-12-08: fog-ssj-0, 1,338 steps,
 * 78 s; 1, 1,680 steps, 95 s; 11, 2,574 steps, 226 s), so the slices keep whole campaigns,
 * 0–3 (6,778 steps) and 11–13 (11 is long), aimed at ≤ ~700 s (estimated), rather than cutting
 * all of them short: the air and night battles of the later turns, where the choice worlds
 * found what they found (fog-ssj-1 step 1554, 11 step 956, 12 step 955), are reached only by
 * playing a campaign on.
 * Not covered here: campaigns 4–10 and 14 on; `npm run fog -- ssj 41` checks 0–40 with the
 * same budget, and the soaks of docs/fog.md checked 1,000.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { ROOT } from '../support/process';

interface FogResult {
  game: string;
  from: number;
  count: number;
  matches: number;
  steps: number;
  worlds: number;
  comparisons: number;
  seconds: number;
  differences: string[];
}

const children: ChildProcess[] = [];
afterAll(() => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
});

/** `npm run fog -- ssj <count> <from>` in a child process; its FOG-RESULT line, or a rejection with what it printed. */
function slice(from: number, count: number): Promise<FogResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--max-semi-space-size=64', '--import', 'tsx', 'scripts/fog.ts', 'ssj', String(count), String(from)], {
      cwd: ROOT,
      // The game's CI budget (test/support/fog/suite.ts), choice worlds included.
      env: { ...process.env, FOG_JSON: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    let out = '';
    child.stdout!.on('data', (d) => (out += d));
    child.stderr!.on('data', (d) => (out += d));
    child.once('exit', (code) => {
      const line = out.split('\n').find((l) => l.startsWith('FOG-RESULT '));
      if (line) resolve(JSON.parse(line.slice('FOG-RESULT '.length)) as FogResult);
      else reject(new Error(`fog slice ${from}+${count} exited with ${code} and no result:\n${out.slice(-4000)}`));
    });
  });
}

test('Sky, Sea, and JUNGLE fog, matches 0–3 and 11–13: through the match service, every step checked, no viewer tells apart worlds that differ only in what it may not know', async () => {
  const results = await Promise.all([slice(0, 4), slice(11, 3)]);
  for (const r of results) {
    console.log(
      `ssj ${r.from}–${r.from + r.count - 1}: ${r.matches} matches, ${r.steps} steps, ${r.worlds} worlds, ${r.comparisons} comparisons, ${r.differences.length} differences, ${r.seconds.toFixed(1)} s`,
    );
    expect(r.matches).toBe(r.count);
    expect(r.steps).toBeGreaterThan(r.count * 300);
    expect(r.differences.slice(0, 5)).toEqual([]);
  }
}, 1_800_000);
