// ESLint (flat config): rules that catch real defects, and the layers' import boundaries
// (scripts/lint/layers.cjs; docs/architecture.md, "Layers"). Formatting is Prettier's
// (.prettierrc.json), kept out of the linter.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import layers from './scripts/lint/layers.cjs';

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'coverage/**', 'test-results/**', 'src/store/generated/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  prettier,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.node },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    plugins: { layers },
    rules: {
      'layers/imports': 'error',
      // `any` is allowed at the game contract's seams (GameModule<any>); the compiler checks the rest.
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      // Dead stores and deliberate control characters (byte-order checks) are not defects here.
      'no-useless-assignment': 'off',
      'no-control-regex': 'off',
    },
  },
  // Rules that need the types: a promise nobody awaits or catches loses its failure.
  {
    files: ['src/**/*.{ts,tsx}', 'test/**/*.ts', 'bench/**/*.ts', 'scripts/**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
      // Conditions and spreads of a promise are mistakes; an async handler where a callback is expected is fine.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: false }],
      '@typescript-eslint/only-throw-error': 'error',
    },
  },
  // The server logs through pino (structured, with the match id); only the command-line tools print.
  {
    files: ['src/**'],
    ignores: ['src/cli/**'],
    rules: { 'no-console': 'error' },
  },
  // Same seed, same game: no Math.random where the rules run.
  {
    files: ['src/engine/**', 'src/games/**', 'src/bots/**'],
    rules: { 'no-restricted-properties': ['error', { object: 'Math', property: 'random', message: 'Dice come from the match Rngs (src/engine/rng.ts).' }] },
  },
  {
    files: ['**/*.{js,cjs}'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  // The browser client.
  {
    files: ['src/web/**'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      '@typescript-eslint/no-import-type-side-effects': 'error',
      'no-restricted-globals': [
        'error',
        ...['process', 'Buffer', 'global', 'require', 'module', '__dirname', '__filename', 'setImmediate'].map((name) => ({ name, message: 'Not in the browser.' })),
      ],
    },
  },
);
