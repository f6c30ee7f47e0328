/**
 * npm run verify -- <exported match file>
 *
 * Re-runs an exported match (GET /api/admin/matches/:id/export) from its seed and its
 * actions, with the game modules of this build: the seed must match the hash published
 * at creation, and every logged roll, every log entry and the final state must come out
 * the same. Prints the report; exits 0 when the file verifies, 1 when it does not, 2 when
 * it cannot be read.
 */
import { readFileSync } from 'node:fs';
import { GAMES } from '../games';
import { MatchFileSchema, verifyFile } from '../matches/archive';

function main(argv: string[]): number {
  const path = argv[0];
  if (!path || argv.length > 1) {
    console.error('Usage: npm run verify -- <exported match file>');
    return 2;
  }
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(path, 'utf8'));
  } catch (e) {
    console.error(`Cannot read ${path}: ${(e as Error).message}`);
    return 2;
  }
  const parsed = MatchFileSchema.safeParse(raw);
  if (!parsed.success) {
    console.error(`${path} is not an ironbottom match file: ${parsed.error.issues.slice(0, 5).map((i) => `${i.path.join('.') || '/'}: ${i.message}`).join('; ')}`);
    return 2;
  }
  const v = verifyFile(GAMES, parsed.data);
  console.log(`match ${v.match} (${v.game}), seed hash ${v.seedHash}`);
  console.log(`${v.actions} actions re-run, ${v.rollsChecked} rolls compared, final seq ${v.finalSeq}, final state sha256 ${v.finalStateHash ?? '-'}`);
  if (v.ok) {
    console.log('VERIFIED: the seed matches its hash; every roll, log entry and the final state come out the same.');
    return 0;
  }
  console.log(`NOT VERIFIED (${v.problems.length} problem${v.problems.length === 1 ? '' : 's'}):`);
  for (const p of v.problems) console.log(`  - ${p}`);
  return 1;
}

process.exitCode = main(process.argv.slice(2));
