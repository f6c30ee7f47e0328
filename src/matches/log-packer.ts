/**
 * How a live match keeps the older part of its log (src/engine/held-log.ts): deflated. An SSJ
 * match at turn 8 holds ~1,100 log entries, 141 KB of JSON: 410 KB of heap as objects, ~14 KB
 * deflated (`npm run bench:cold`, "memory"). A whole log read back (a GET, a socket joining)
 * inflates and parses it again, about as much CPU as pg's parse of the rows it came from.
 */
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import type { LogPacker } from '../engine';

export const DEFLATED: LogPacker = {
  pack: (text) => deflateRawSync(text),
  unpack: (packed) => inflateRawSync(packed as Buffer).toString(),
};
