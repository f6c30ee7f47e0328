/**
 * The benches measure the code as the server runs it: compiled by tsc into dist/ (what
 * `npm start` runs), not through tsx's loader, whose getter per imported name costs the
 * engine about a tenth more (`npm run bench`, 2026-11-27: 167 ms a campaign compiled, 188
 * through tsx, on one machine, back to back).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export const ROOT = join(__dirname, '..');

/** Compiles src/ into dist/ (tsconfig.build.json), as `npm run build` does before `npm start`. */
export function buildServer(): void {
  console.log('building the server (tsc)…');
  execFileSync(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', join(ROOT, 'tsconfig.build.json')], { stdio: 'inherit' });
}

/**
 * The arguments `npm start` gives node (package.json's start script: its V8 flags, then the
 * entry), so that a bench's server runs as the real one does; `extra` flags go before the entry.
 */
export function startArgs(extra: readonly string[] = []): string[] {
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: { start: string } };
  const [node, ...args] = pkg.scripts.start.split(/\s+/);
  const entry = args.pop();
  if (node !== 'node' || entry !== 'dist/server/main.js') throw new Error(`the start script is not "node [flags] dist/server/main.js": ${pkg.scripts.start}`);
  return [...args, ...extra, join(ROOT, entry)];
}
