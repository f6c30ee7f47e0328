/** The match file and its verification live in src/verifier (pure, so the browser runs them too). */
export * from '../verifier/file';
