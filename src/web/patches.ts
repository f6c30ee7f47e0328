/**
 * Pushes as deltas, the client's side (issue #13): the link holds the last full body it
 * was pushed and its version; a `patch` applies only to the version it names (`base`), and
 * its operations (RFC 6902) apply to that body without its log, `logFrom` and clock, which
 * the patch carries whole. The body made is the one the server pushed, so the page folds it
 * as any other (mergeState).
 *
 * Copy on write: only the objects on an operation's path are copied; the rest of the new
 * body is the old one's, so the page's memoised parts see unchanged subtrees unchanged.
 *
 * The server sends `add`, `remove` and `replace` (src/matches/json-diff.ts): each is applied
 * here in the same walk that copies its path, with RFC 6902's checks (the parent exists; an
 * array index is a number in range, `-` to append; what `remove` and `replace` name exists).
 * Any other operation goes to fast-json-patch, on the copied path. Every refusal throws, and
 * the patch then does not apply at all: the link asks for a full body.
 */
import { applyOperation, type Operation } from 'fast-json-patch';
import type { JsonPatchOp, StateBody, StatePatch, VersionedState } from '../protocol';

type Container = Record<string, unknown> | unknown[];

const isContainer = (v: unknown): v is Container => typeof v === 'object' && v !== null;
const copyOf = (c: Container): Container => (Array.isArray(c) ? c.slice() : Object.assign({}, c));
const unescape = (t: string) => (t.includes('~') ? t.replace(/~1/g, '/').replace(/~0/g, '~') : t);
const hasOwn = (o: object, key: string) => Object.prototype.hasOwnProperty.call(o, key);
const INDEX = /^(0|[1-9][0-9]*)$/;

const refuse = (why: string, path: string): never => {
  throw new Error(`patch: ${why} at ${path}`);
};

/**
 * Copies the containers from `root` down to the parent of `path`'s target (each once: `fresh`
 * holds those already copied), so that changing that parent in place changes only copies.
 * Returns the new root, the parent and the target's key (unescaped).
 */
function copyPath(root: Container, path: string, fresh: Set<object>): { root: Container; parent: Container; key: string } {
  if (path === '' || path[0] !== '/') refuse('not a path into the body', path);
  const next = fresh.has(root) ? root : copyOf(root);
  fresh.add(next);
  const tokens = path.split('/');
  let node: Container = next;
  for (let i = 1; i < tokens.length - 1; i++) {
    const token = unescape(tokens[i]!);
    if (Array.isArray(node) ? !INDEX.test(token) : !hasOwn(node, token)) refuse('no container', path);
    const child = (node as Record<string, unknown>)[token];
    if (!isContainer(child)) refuse('no container', path);
    let copy = child as Container;
    if (!fresh.has(copy)) {
      copy = copyOf(copy);
      fresh.add(copy);
      (node as Record<string, unknown>)[token] = copy;
    }
    node = copy;
  }
  const key = unescape(tokens[tokens.length - 1]!);
  if (key === '__proto__') refuse('a prototype', path);
  return { root: next, parent: node, key };
}

/** `op` applied to `doc` (whose copies made so far are in `fresh`): the new root. */
function applyOp(doc: Container, op: JsonPatchOp, fresh: Set<object>): Container {
  const { root, parent, key } = copyPath(doc, op.path, fresh);
  if (op.op !== 'add' && op.op !== 'remove' && op.op !== 'replace') {
    const from = op.from !== undefined ? copyPath(root, op.from, fresh).root : root;
    return applyOperation(from, op as Operation, true, true, true).newDocument as Container;
  }
  if (op.op !== 'remove' && op.value === undefined) refuse('no value', op.path);
  if (Array.isArray(parent)) {
    const at = op.op === 'add' && key === '-' ? parent.length : INDEX.test(key) ? Number(key) : -1;
    if (at < 0 || at > parent.length || (op.op !== 'add' && at === parent.length)) refuse('no such index', op.path);
    if (op.op === 'add') parent.splice(at, 0, op.value);
    else if (op.op === 'remove') parent.splice(at, 1);
    else parent[at] = op.value;
  } else {
    if (op.op !== 'add' && !hasOwn(parent, key)) refuse('no such key', op.path);
    if (op.op === 'remove') delete parent[key];
    else parent[key] = op.value;
  }
  return root;
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
    const fresh = new Set<object>([doc]);
    for (const op of patch.ops) doc = applyOp(doc, op, fresh);
    const tail = patch.clock ? { log: patch.log, logFrom: patch.logFrom, clock: patch.clock } : { log: patch.log, logFrom: patch.logFrom };
    // Object.assign, not a spread followed by new keys, which gives each body a hidden class of its own in V8 (src/engine/objects.ts).
    const body = Object.assign(Object.assign({}, doc as Omit<StateBody, 'log' | 'logFrom' | 'clock'>), tail);
    return { v: patch.v, body: body as StateBody };
  } catch {
    return null;
  }
}
