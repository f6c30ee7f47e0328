/**
 * The responses' serializer: every body is checked against its route's response schema (a body
 * that does not match is a 500 and a bug in the server, never sent) and written as JSON, as
 * fastify-type-provider-zod's `serializerCompiler` does: zod's output (unknown keys dropped, the
 * schema's key order) through JSON.stringify.
 *
 * A state body (GET of a match, an action's answer) and a history step carry a log, the whole
 * of it when the viewer asks from the start: ~1,000 entries for an SSJ match late in a campaign,
 * ~130 KB of a ~200 KB body. zod's check and copy of those entries cost more than the rest of
 * the body together (`npm run bench:cold`: ~1.9 ms of a cold GET's CPU), so for these schemas
 * the log's entries are checked here by hand, exactly as `LogEntrySchema` checks them, and
 * copied as zod copies them (seq, to, text, data: the same keys in the same order, so the same
 * text); the rest of the body goes through zod. An entry the check refuses goes to zod whole
 * (its error is the one reported; if zod took it after all, zod's output is used). The text is
 * handed to fastify as bytes: a string would be measured for its length and encoded again when
 * written, two passes over ~200 KB.
 */
import type { FastifySerializerCompiler } from 'fastify';
import { ResponseSerializationError, serializerCompiler } from 'fastify-type-provider-zod';
import { z, type ZodObject, type ZodType } from 'zod';
import { HistoryBodySchema, LogEntrySchema, StateBodySchema, type LogEntry } from '../protocol';

/** The bodies with a log, and their schema but for it. */
const WITH_LOG = new Map<ZodType, { rest: ZodType; keys: string[] }>(
  ([StateBodySchema, HistoryBodySchema] as ZodObject[]).map((s) => [s, { rest: s.omit({ log: true }), keys: Object.keys(s.shape) }]),
);

const LogSchema = z.array(LogEntrySchema);

const isRecord = (v: unknown): v is Record<string, unknown> => {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return false;
  const proto = Object.getPrototypeOf(v) as unknown;
  return proto === Object.prototype || proto === null;
};

/** The entries as `LogEntrySchema` gives them out, or null when one of them is not one (zod then says why). */
export function checkedLog(log: unknown): LogEntry[] | null {
  if (!Array.isArray(log)) return null;
  const out: LogEntry[] = new Array<LogEntry>(log.length);
  for (let i = 0; i < log.length; i++) {
    const e: unknown = log[i];
    if (!isRecord(e)) return null;
    const { seq, to, text, data } = e;
    if (!Number.isSafeInteger(seq) || typeof text !== 'string') return null;
    if (to !== 'public' && !(Array.isArray(to) && to.every((s) => typeof s === 'string'))) return null;
    // zod copies a record key by key: an own "__proto__" key would not survive its copy (zod decides then).
    if (data !== undefined && (!isRecord(data) || Object.hasOwn(data, '__proto__'))) return null;
    out[i] = data === undefined ? { seq: seq as number, to: to as LogEntry['to'], text } : { seq: seq as number, to: to as LogEntry['to'], text, data };
  }
  return out;
}

export const responseSerializer: FastifySerializerCompiler<ZodType> = (route) => {
  const split = WITH_LOG.get(route.schema);
  if (!split) return serializerCompiler(route);
  return (data: unknown) => {
    const fail = (cause: unknown) => new ResponseSerializationError(route.method, route.url, { cause: cause as never });
    const body = data as Record<string, unknown>;
    const rest = split.rest.safeEncode(data);
    if (rest.error) throw fail(rest.error);
    let log = checkedLog(body.log);
    if (!log) {
      const whole = LogSchema.safeEncode(body.log as LogEntry[]);
      if (whole.error) throw fail(whole.error);
      log = whole.data;
    }
    const parts = rest.data as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    for (const k of split.keys) {
      if (k === 'log') out.log = log;
      else if (k in parts) out[k] = parts[k];
    }
    // fastify's types say a string; it sends a Buffer as it is (reply.js onSendEnd: a string or a Buffer).
    return Buffer.from(JSON.stringify(out)) as unknown as string;
  };
};
