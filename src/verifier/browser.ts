/**
 * The in-browser verification of a match file (docs/fairness.md): the web client loads this
 * module on demand (a chunk of its own: the rules of every game) and runs on a downloaded
 * file exactly what `npm run verify` runs — every commitment against its revealed value, the
 * seed against its hash, the dice re-derived, every action re-run, every roll and the final
 * state compared.
 */
import { GAMES } from '../games';
import { MatchFileSchema, verifyFile, type Published, type Verification } from './file';

export type { Verification };

/** Verifies a match file as parsed JSON; a file that is not one gives a verification with the reason as its problem. */
export function verifyMatchFile(input: unknown, published: Published = {}): Verification {
  const parsed = MatchFileSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? ` at ${issue.path.join('.')}` : '';
    return {
      ok: false,
      match: '',
      game: '',
      seed: '',
      seedHash: '',
      actions: 0,
      rollsChecked: 0,
      finalSeq: 0,
      finalStateHash: null,
      dice: { version: 0, sealedAfter: null, diceSeed: null, seats: [] },
      problems: [`this is not an ironbottom match file${where}: ${issue?.message ?? 'unreadable'}`],
    };
  }
  return verifyFile(GAMES, parsed.data, published);
}
