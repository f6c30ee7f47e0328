/** Fog duel's one action in words: a piece placed face down in an area. */
import type { Action } from '../../../protocol';
import type { ActionWords } from '../../labels';

const AREA: Record<string, string> = { north: 'the north', centre: 'the centre', south: 'the south' };

export function fogDuelLabel(a: Action): ActionWords | undefined {
  if (a.type !== 'deploy') return undefined;
  const area = AREA[String(a.area)];
  return area ? { text: `Place a piece face down in ${area}`, note: 'Only you see where; the other side learns that a piece was placed' } : undefined;
}
