/**
 * How a live match keeps the older part of its log (src/engine/held-log.ts): deflated. An SSJ
 * match at turn 8 holds ~1,100 log entries, 141 KB of JSON: 410 KB of heap as objects, ~14 KB
 * deflated (`npm run bench:cold`, "memory"). A whole log read back (a GET, a socket joining)
 * inflates and parses it again, about as much CPU as pg's parse of the rows it came from.
 */
import { deflateRawSync, inflateRawSync, type ZlibOptions } from 'node:zlib';
import type { LogPacker } from '../engine';

/**
 * A block is some 8–11 KB of JSON text: a 16 KB window and a smaller hash table see all of it,
 * and level 2 finds nearly the matches level 6 finds. At zlib's defaults (level 6, a 32 KB
 * window, memLevel 8) a cold SSJ match's ~20 blocks took 4.8 ms of CPU to deflate, 2.6 ms with
 * these, for some 10% more bytes (~35 KB against ~32 KB; `npm run bench:cold`, 2026-12-07).
 * Blocks are only ever held in memory, so the settings may change from one version to the next.
 */
const SETTINGS: ZlibOptions = { level: 2, windowBits: 14, memLevel: 6 };

export const DEFLATED: LogPacker = {
  pack: (text) => deflateRawSync(text, SETTINGS),
  unpack: (packed) => inflateRawSync(packed as Buffer).toString(),
};
