// Module hooks of the TypeDoc child (registered by bin/convert.js): an ESM
// import that resolves to the TypeScript compiler gets a small module that
// require()s the compiler and default-exports it, so that Node never runs its
// CommonJS export lexer over the compiler's source. Everything else resolves
// and loads as usual.
const URL = 'pkidocs:typescript';
let compilerUrl;

export function initialize(data) {
  compilerUrl = data.compilerUrl;
}

export async function resolve(specifier, context, next) {
  // The bundle imports the compiler by its resolved URL (externals.js), which is this module's.
  if (specifier === URL) return { url: URL, format: 'module', shortCircuit: true };
  const resolved = await next(specifier, context);
  return resolved.url === compilerUrl ? { url: URL, format: 'module', shortCircuit: true } : resolved;
}

export async function load(url, context, next) {
  if (url !== URL) return next(url, context);
  const source = `import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
const url = ${JSON.stringify(compilerUrl)};
export default createRequire(url)(fileURLToPath(url));
`;
  return { format: 'module', source, shortCircuit: true };
}
