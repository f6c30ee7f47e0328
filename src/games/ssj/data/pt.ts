/**
 * PT Boat units (Allied only). They enter at Espiritu Santo and move into the Slot in the
 * strategic transfer phase (VI.H: "PT boats may be moved into the Slot"), the only naval
 * units that may be based there (VI.F.2.d).
 *
 * RULING (VI.H): a PT unit arriving on turn N at Espiritu Santo is moved into the Slot at the
 * end of turn N and first fights on turn N+1 — so MTBRon 3's first division, at Tulagi from
 * 12 Oct 1942, arrives OctI and fights from OctII.
 */

import type { PtUnit } from './types';

export const PT_UNITS: readonly PtUnit[] = [
  {
    id: 'usn-pt-mtbron3-a',
    side: 'allied',
    name: 'MTBRon 3 (PT-38, 46, 48, 60)',
    arrival: { kind: 'calendar', turn: 'OctI', at: 'espiritu-santo' },
    source: 'History: first PT boats at Tulagi 12 Oct 1942; attacked the Tokyo Express 13–14 Oct.',
  },
  {
    id: 'usn-pt-mtbron3-b',
    side: 'allied',
    name: 'MTBRon 3 (PT-37, 39, 45, 61)',
    arrival: { kind: 'calendar', turn: 'OctII', at: 'espiritu-santo' },
    source: 'History: second division of MTBRon 3, Tulagi 25 Oct 1942.',
  },
  {
    id: 'usn-pt-mtbron2-a',
    side: 'allied',
    name: 'MTBRon 2 (PT-36, 40, 43, 44)',
    arrival: { kind: 'calendar', turn: 'NovII', at: 'espiritu-santo' },
    source: 'History: MTBRon 2 boats at Tulagi from late Nov 1942 (PT-44 lost 12 Dec).',
  },
  {
    id: 'usn-pt-mtbron2-b',
    side: 'allied',
    name: 'MTBRon 2 (PT-59, 109, 110, 112)',
    arrival: { kind: 'calendar', turn: 'DecI', at: 'espiritu-santo' },
    source: 'History: further MTBRon 2 boats, Tulagi Dec 1942.',
  },
];

export const PT_BY_ID: ReadonlyMap<string, PtUnit> = new Map(PT_UNITS.map((p) => [p.id, p]));
