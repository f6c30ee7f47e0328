/**
 * The import-cycle check (npm run check:cycles, in npm test's pretest): no module of src/
 * may reach itself again through its imports, type-only imports included (a type cycle
 * still ties two modules' designs together). Cycles known when the check came in are
 * listed in .dependency-cruiser-known-violations.json and tolerated until they are gone;
 * a new one fails.
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'An import cycle: split the shared part into a module both sides import.',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^src/store/generated/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'] },
    skipAnalysisNotInRules: true,
  },
};
