/**
 * npm run fog:sum -- <file>…: adds up the soak files `scripts/fog.ts` writes with FOG_OUT
 * (docs/fog.md, "Soaks"), per game and settings: matches, steps, worlds by kind, comparisons,
 * differences (each in full), seconds, the campaigns' ranges and the commits they ran on. A
 * campaign found twice is counted once. Exits 1 if any difference is in the files, 2 on bad use.
 */
import { existsSync, readFileSync } from 'node:fs';
import { formatSum, readSoak, sumSoak, type SoakLine } from '../test/support/fog/soak';

function main(files: string[]): number {
  if (files.length === 0) {
    console.error('Usage: npm run fog:sum -- <soak file>… (the files FOG_OUT=<file> npm run fog -- … wrote)');
    return 2;
  }
  const lines: SoakLine[] = [];
  for (const f of files) {
    if (!existsSync(f)) {
      console.error(`No soak file at ${f}.`);
      return 2;
    }
    const read = readSoak(readFileSync(f, 'utf8'));
    if (read.torn > 0) console.log(`${f}: ${read.torn} line(s) not a whole record (a write cut off), left out`);
    lines.push(...read.lines);
  }
  const sums = sumSoak(lines);
  if (sums.length === 0) console.log('No campaigns in the files.');
  for (const s of sums) console.log(formatSum(s));
  return sums.some((s) => s.differences.length > 0) ? 1 : 0;
}

process.exit(main(process.argv.slice(2)));
