/**
 * npm run verify -- <exported match file> [--seed-hash HASH]
 *
 * Re-runs an exported match (GET /api/admin/matches/:id/export) from its seed and its
 * actions, with the game modules of this build: the seed must match the hash published
 * at creation, every seat's revealed value its commitment (docs/fairness.md), and every logged roll, every log entry and the final state must come out
 * the same. Prints the report; exits 0 when the file verifies, 1 when it does not, 2 when
 * it cannot be read.
 */
import { readFileSync } from 'node:fs';
import { GAMES } from '../games';
import { MatchFileSchema, verifyFile } from '../matches/archive';

function main(argv: string[]): number {
  const at = argv.indexOf('--seed-hash');
  const seedHash = at >= 0 ? argv[at + 1] : undefined;
  const rest = at >= 0 ? argv.filter((_, i) => i !== at && i !== at + 1) : argv;
  const path = rest[0];
  if (!path || rest.length > 1 || (at >= 0 && !/^[0-9a-f]{64}$/.test(seedHash ?? ''))) {
    console.error('Usage: npm run verify -- <exported match file> [--seed-hash <the seed hash you saw at creation>]');
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
    console.error(
      `${path} is not an ironbottom match file: ${parsed.error.issues
        .slice(0, 5)
        .map((i) => `${i.path.join('.') || '/'}: ${i.message}`)
        .join('; ')}`,
    );
    return 2;
  }
  const v = verifyFile(GAMES, parsed.data, { seedHash });
  console.log(`match ${v.match} (${v.game}), seed hash ${v.seedHash}`);
  console.log(`${v.actions} actions re-run, ${v.rollsChecked} rolls compared, final seq ${v.finalSeq}, final state sha256 ${v.finalStateHash ?? '-'}`);
  const d = v.dice;
  if (d.version === 0) console.log('dice: version 0, from the server seed alone (a match from before seat commitments)');
  else {
    console.log(
      `dice: version 1, ${d.sealedAfter === null ? 'never sealed (no die was needed)' : `sealed after seq ${d.sealedAfter} from HMAC-SHA256(seed, seats' values) = ${d.diceSeed}`}`,
    );
    for (const s of d.seats) {
      const what =
        s.by === 'seat'
          ? `its own value, commitment ${s.commitment}: ${s.ok ? 'the revealed value matches' : 'DOES NOT MATCH'}`
          : s.by === 'server'
            ? 'no value of its own (the server seed stands for it)'
            : 'no commitment';
      console.log(`  ${s.side}: ${what}`);
    }
  }
  if (v.ok) {
    console.log(
      `VERIFIED: the seed matches its hash${d.version === 1 ? ', every seat value matches its commitment' : ''}; every roll, log entry and the final state come out the same.`,
    );
    return 0;
  }
  console.log(`NOT VERIFIED (${v.problems.length} problem${v.problems.length === 1 ? '' : 's'}):`);
  for (const p of v.problems) console.log(`  - ${p}`);
  return 1;
}

process.exitCode = main(process.argv.slice(2));
