/**
 * Sky, Sea, and JUNGLE's fog, campaigns 0–20 (docs/fog.md): the harness as the soak script
 * runs it (`npm run fog`), in two child processes side by side, out of jest's module sandbox
 * (which makes a campaign about 1.5 times slower) and on both cores while jest waits. Every
 * step of every campaign is checked through the match service. Bounded for CI, which runs on
 * the session's own machine: on a machine of the kind two to three times slower than most,
 * campaigns 0–40 ran past the 40 minutes allowed here with other work beside them (0–20
 * alone took 602 s); `npm run fog -- ssj 41` checks them all, and the soaks of docs/fog.md
 * checked 1,000.
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
      // The game's CI budget without its choice worlds: with them (one step in sixty) campaigns 0–10 reported 6 differences
      // (issue 38: fog-ssj-1 step 1554, fog-ssj-4 step 449, fog-ssj-7 step 1233, fog-ssj-10 step 49), all declarations too
      // narrow, fixed in reveals.ts and each campaign replayed clean (docs/fog.md); the switch back waits on one whole run of
      // this batch with them. The soak and planted-inputs.test.ts run them.
      env: { ...process.env, FOG_JSON: '1', FOG_BUDGET: JSON.stringify({ choices: 0 }) },
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

test('Sky, Sea, and JUNGLE fog, matches 0–20: through the match service, every step checked, no viewer tells apart worlds that differ only in what it may not know', async () => {
  const results = await Promise.all([slice(0, 11), slice(11, 10)]);
  for (const r of results) {
    console.log(
      `ssj ${r.from}–${r.from + r.count - 1}: ${r.matches} matches, ${r.steps} steps, ${r.worlds} worlds, ${r.comparisons} comparisons, ${r.differences.length} differences, ${r.seconds.toFixed(1)} s`,
    );
    expect(r.matches).toBe(r.count);
    expect(r.steps).toBeGreaterThan(r.count * 300);
    expect(r.differences.slice(0, 5)).toEqual([]);
  }
}, 2_400_000);
