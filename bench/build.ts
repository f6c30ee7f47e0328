/**
 * The benches measure the code as the server runs it: compiled by tsc into dist/ (what
 * `npm start` runs), not through tsx's loader, whose getter per imported name costs the
 * engine about a tenth more (`npm run bench`, 2026-11-27: 167 ms a campaign compiled, 188
 * through tsx, on one machine, back to back).
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

export const ROOT = join(__dirname, '..');

/** Compiles src/ into dist/ (tsconfig.build.json), as `npm run build` does before `npm start`. */
export function buildServer(): void {
  console.log('building the server (tsc)…');
  execFileSync(process.execPath, [join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', join(ROOT, 'tsconfig.build.json')], { stdio: 'inherit' });
}
