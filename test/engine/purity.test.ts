/**
 * The engine, the games and the bots are pure: no Math.random, no clock, no I/O. Same
 * seed and same actions give the same game — replay, verification and the tests stand on it.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..', 'src');
const FORBIDDEN: [RegExp, string][] = [
  [/Math\.random\s*\(/, 'Math.random'],
  [/\bDate\.now\s*\(|\bnew Date\s*\(/, 'the clock'],
  [/\bperformance\.now\s*\(/, 'the clock'],
  [/\bsetTimeout\s*\(|\bsetInterval\s*\(/, 'timers'],
  [/from ['"]node:(fs|net|http|https|child_process|dgram)['"]|require\(['"](fs|net|http)['"]\)/, 'I/O'],
  [/\bprocess\.env\b/, 'the environment'],
];

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? files(p) : p.endsWith('.ts') ? [p] : [];
  });
}

test.each(['engine', 'games', 'bots'])('src/%s uses no randomness but the seeded dice, no clock and no I/O', (folder) => {
  const found: string[] = [];
  for (const f of files(join(ROOT, folder))) {
    const lines = readFileSync(f, 'utf8').split('\n');
    lines.forEach((line, i) => {
      if (/^\s*(\*|\/\/)/.test(line)) return;
      for (const [re, what] of FORBIDDEN) if (re.test(line)) found.push(`${f.slice(ROOT.length + 1)}:${i + 1} ${what}: ${line.trim()}`);
    });
  }
  expect(found).toEqual([]);
});
