// `prisma generate` offline: the CLI wants a schema engine binary it never uses for
// generating, so point it at an existing file (see docs/architecture.md).
const { spawnSync } = require('node:child_process');
const { readFileSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');
const env = { ...process.env, PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY || process.execPath, PRISMA_HIDE_UPDATE_MESSAGE: '1' };
const r = spawnSync(process.execPath, [require.resolve('prisma/build/index.js'), 'generate'], { stdio: 'inherit', env });
if (r.status !== 0) process.exit(r.status ?? 1);

// The generated client takes its query compiler (WebAssembly) from a module whose one
// export is the compiler as a 2.3 MB base64 string. Imported, the module stays loaded for
// the life of the process: its source and its export, 4.6 MB of heap that nothing uses
// after the compile, and some 7 MiB of a busy server's resident memory (docs/architecture.md).
// Read as a file instead, both are garbage once the module is compiled.
const classFile = join(__dirname, '..', 'src', 'store', 'generated', 'internal', 'class.ts');
const source = readFileSync(classFile, 'utf8');
const importLine =
  /const \{ wasm \} = await import\(("@prisma\/client\/runtime\/query_compiler_[a-z]+_bg\.postgresql\.wasm-base64\.js")\)\n(\s*)return await decodeBase64AsWasm\(wasm\)/;
const found = importLine.exec(source);
if (!found) {
  console.error(`scripts/generate.js: the generated ${classFile} no longer loads its query compiler as this script expects; update the script.`);
  process.exit(1);
}
const [, moduleName, indent] = found;
// The client reads the compiler back as the text between the file's first and last double quote:
// check now that the module is still one base64 string in quotes, rather than fail at the first query.
const base64Module = readFileSync(require.resolve(JSON.parse(moduleName)), 'utf8');
if (!/^const wasm = "[A-Za-z0-9+/=]+";?\s*module\.exports = \{ wasm \};?\s*$/.test(base64Module)) {
  console.error(`scripts/generate.js: ${JSON.parse(moduleName)} is no longer one base64 string in quotes; update the script.`);
  process.exit(1);
}
const replacement = [
  `// ironbottom (scripts/generate.js): the base64 text read as a file, not imported, so that it is not kept`,
  `${indent}const text: string = require('node:fs').readFileSync(require.resolve(${moduleName}), 'utf8')`,
  `${indent}return await decodeBase64AsWasm(text.slice(text.indexOf('"') + 1, text.lastIndexOf('"')))`,
].join('\n');
writeFileSync(classFile, source.replace(importLine, replacement));
