// @ts-check
/**
 * The exposes contract (shared/src/contract/exposes.ts) for the webpack configs: each remote exposes exactly what
 * the contract lists, from `src/expose/<kebab-case name>.tsx`, so the contract and the builds cannot drift apart.
 */
const { existsSync, readdirSync, readFileSync } = require('node:fs');
const path = require('node:path');
const ts = require('typescript');

const CONTRACT = path.resolve(__dirname, '../../shared/src/contract/exposes.ts');

/** The contract file is plain data with no imports: transpiled and evaluated as it is. */
function evaluateContract() {
  const { outputText } = ts.transpileModule(readFileSync(CONTRACT, 'utf8'), { compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2020 } });
  const module = { exports: /** @type {Record<string, any>} */ ({}) };
  new Function('module', 'exports', 'require', outputText)(module, module.exports, () => {
    throw new Error(`${CONTRACT} must not import anything: the webpack configs read it`);
  });
  return module.exports;
}

/** Each remote's exposes. */
function loadContract() {
  return /** @type {Record<string, readonly string[]>} */ (evaluateContract().EXPOSES);
}

/** The loads a consumer may make of a remote that does not have them yet (the contract's OPTIONAL_LOADS). */
function optionalLoads() {
  return /** @type {readonly string[]} */ (evaluateContract().OPTIONAL_LOADS ?? []);
}

const kebab = (name) => name.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();

/**
 * `{ './CoursesPage': './src/expose/courses-page.tsx', … }` for a remote. Fails the build when an expose of the
 * contract has no file, or a file in src/expose is in no contract (an expose nobody may load is a mistake).
 * @param {string} name the remote's federation name (mf_catalog)
 * @param {string} dir the remote's package folder
 */
function exposesOf(name, dir) {
  const names = loadContract()[name];
  if (!names) throw new Error(`${name} is not in the exposes contract (${path.relative(dir, CONTRACT)})`);
  const exposes = Object.fromEntries(names.map((expose) => [expose, `./src/expose/${kebab(expose.slice(2))}.tsx`]));
  const missing = Object.entries(exposes).filter(([, file]) => !existsSync(path.join(dir, file)));
  if (missing.length) throw new Error(`${name}: the contract lists ${missing.map(([e, f]) => `${e} (${f})`).join(', ')}, which do not exist`);
  const files = new Set(Object.values(exposes).map((file) => path.basename(file)));
  const extra = readdirSync(path.join(dir, 'src/expose')).filter((file) => /\.tsx?$/.test(file) && !/\.test\./.test(file) && !files.has(file));
  if (extra.length) throw new Error(`${name}: src/expose/${extra.join(', ')} is in no expose of the contract (shared/src/contract/exposes.ts)`);
  return exposes;
}

module.exports = { exposesOf, loadContract, optionalLoads };
