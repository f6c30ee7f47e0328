/** What a viewer sees of the air stage (VI.F.1): the stage and who acts; own allocations only; the flight being aimed (its ships only to the attacker, through `faces`). */
import type { SsjState } from '../state';

/** What a viewer sees of the air stage: the stage, who acts; own allocations; the flight being aimed (its ships only to the attacker). */
export function airView(s: SsjState, viewer: string) {
  const a = s.air;
  if (!a) return null;
  const full = viewer === 'referee';
  return {
    stage: a.stage,
    step: a.step,
    side: a.side,
    ...(full || viewer === 'allied' ? { alliedStrikes: a.strikes.allied.map((x) => ({ ...x })) } : {}),
    ...(full || viewer === 'japanese' ? { japaneseStrikes: a.strikes.japanese.map((x) => ({ ...x })) } : {}),
    flying: a.flying
      ? {
          side: a.flying.side,
          ...(a.flying.group ? { group: a.flying.group } : { base: a.flying.base }),
          units: full || viewer === a.flying.side ? [...a.flying.units] : a.flying.units.length,
        }
      : null,
  };
}
