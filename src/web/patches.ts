/**
 * Pushes as deltas, the client's side (issue #13): the link holds the last full body it
 * was pushed and its version; a `patch` applies only to the version it names (`base`), and
 * its operations (RFC 6902, fast-json-patch) apply to that body without its log, `logFrom`
 * and clock, which the patch carries whole. The body made is the one the server pushed, so
 * the page folds it as any other (mergeState).
 *
 * Copy on write: only the objects on an operation's path are copied; the rest of the new
 * body is the old one's, so the page's memoised parts see unchanged subtrees unchanged.
 */
import { applyOperation, type Operation } from 'fast-json-patch';
import type { StateBody, StatePatch, VersionedState } from '../protocol';

type Container = Record<string, unknown> | unknown[];

const isContainer = (v: unknown): v is Container => typeof v === 'object' && v !== null;
const copyOf = (c: Container): Container => (Array.isArray(c) ? c.slice() : { ...c });
const unescape = (t: string) => t.replace(/~1/g, '/').replace(/~0/g, '~');

/**
 * Copies the containers from `root` down to the parent of `path`'s target (each once: `fresh`
 * holds those already copied), so that applying the operation in place changes only copies.
 */
function copyPath(root: Container, path: string, fresh: WeakSet<object>): Container {
  const next = fresh.has(root) ? root : copyOf(root);
  fresh.add(next);
  const tokens = path.split('/').slice(1).map(unescape);
  let node: Container = next;
  for (const token of tokens.slice(0, -1)) {
    const child = (node as Record<string, unknown>)[token];
    if (!isContainer(child)) throw new Error(`patch: no container at ${token} of ${path}`);
    const copy = fresh.has(child) ? child : copyOf(child);
    fresh.add(copy);
    (node as Record<string, unknown>)[token] = copy;
    node = copy;
  }
  return next;
}

/**
 * The body at `patch.v`, or null when the patch does not apply to what is held (another
 * version, none held, or an operation that fails): the link then asks for a full body.
 */
export function applyStatePatch(held: VersionedState | null, patch: StatePatch): VersionedState | null {
  if (!held || held.v !== patch.base) return null;
  try {
    const { log: _log, logFrom: _logFrom, clock: _clock, ...core } = held.body;
    let doc: Container = core;
    const fresh = new WeakSet<object>();
    for (const op of patch.ops) {
      if (op.path === '') throw new Error('patch: the whole body is never replaced');
      doc = copyPath(doc, op.path, fresh);
      if (op.from !== undefined) doc = copyPath(doc, op.from, fresh);
      doc = applyOperation(doc, op as Operation, true, true, true).newDocument as Container;
    }
    const tail = patch.clock ? { log: patch.log, logFrom: patch.logFrom, clock: patch.clock } : { log: patch.log, logFrom: patch.logFrom };
    // Object.assign, not a spread followed by new keys, which gives each body a hidden class of its own in V8 (src/engine/objects.ts).
    const body = Object.assign(Object.assign({}, doc as Omit<StateBody, 'log' | 'logFrom' | 'clock'>), tail);
    return { v: patch.v, body: body as StateBody };
  } catch {
    return null;
  }
}
