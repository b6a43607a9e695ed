/**
 * How the devcheck after `add` is started: our init's script directly (this Node with tsx's
 * loader, the project's node_modules/.bin first on PATH, no package manager in between), anything
 * else through `<pm> run devcheck`. The direct run is real: a stand-in tsx package, whose loader
 * records what the process was given and exits with the code the devcheck would have.
 */

import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Reporter } from '../../src/engine/reporter.js';
import { findProject } from '../../src/project/project.js';
import { runDevcheck } from '../../src/tasks/devcheck.js';
import { devcheckLaunch, runsOurDevcheckAlone } from '../../src/tasks/devcheck-launch.js';
import { CHANGED_ENV } from '../../src/tasks/devcheck-scope.js';
import { tempDir } from '../helpers/temp.js';

/** Stands in for tsx's loader: notes the process's arguments and environment, then ends it. */
const RECORDING_LOADER = `import fs from 'node:fs';
fs.writeFileSync('recorded.json', JSON.stringify({
  execArgv: process.execArgv,
  argv: process.argv.slice(1),
  path: process.env.PATH,
  changed: process.env.${CHANGED_ENV} ?? null,
  npm: process.env.npm_lifecycle_event ?? null,
}));
process.exit(fs.existsSync('fail') ? 1 : 0);
`;

/**
 * Stands in for tsx's CommonJS API: its require hook for .ts files, compiled as they are (the
 * stand-in devcheck is plain CommonJS), counted so the test sees it is removed again.
 */
const CJS_API = `const fs = require('node:fs');
exports.register = () => {
  require.extensions['.ts'] = (module, filename) => module._compile(fs.readFileSync(filename, 'utf8'), filename);
  return () => {
    delete require.extensions['.ts'];
  };
};
`;

/** A devcheck as our init's: it registers tsx's ESM loader itself (named in it), CommonJS-safe. */
const COMMONJS_DEVCHECK = `// Loads the definitions with 'tsx/esm/api' when no loader is registered.
const fs = require('node:fs');
// After the file is loaded, as the real one's checks run.
setImmediate(() => {
  fs.writeFileSync('recorded.json', JSON.stringify({
    argv: process.argv.slice(1),
    commonJs: typeof require === 'function',
    hookLeft: require.extensions['.ts'] !== undefined,
    changed: process.env.${CHANGED_ENV} ?? null,
  }));
  process.exit(fs.existsSync('fail') ? 1 : 0);
});
`;

/** Stands in for tsx's ESM API: a loader hook that takes .ts files as they are (ESM JavaScript). */
const ESM_API = `import { register as registerHooks } from 'node:module';
export const register = () => registerHooks('./ts-hooks.mjs', import.meta.url);
`;
const TS_HOOKS = `import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
export async function load(url, context, next) {
  if (!url.endsWith('.ts')) return next(url, context);
  return { format: 'module', source: readFileSync(fileURLToPath(url), 'utf8'), shortCircuit: true };
}
`;

/** A devcheck as our init's, written as ESM: what a tsx with no CommonJS API still runs. */
const ESM_DEVCHECK = `// Loads the definitions with 'tsx/esm/api' when no loader is registered.
import fs from 'node:fs';
fs.writeFileSync('recorded.json', JSON.stringify({
  argv: process.argv.slice(1),
  commonJs: typeof require === 'function',
  changed: process.env.${CHANGED_ENV} ?? null,
}));
process.exit(0);
`;

const FRAMEWORK_DEP = { '@cyanheads/mcp-ts-core': '^0.10.17' };

interface Setup {
  scripts?: Record<string, string>;
  /** scripts/devcheck.ts reads MCP_SCAFFOLD_CHANGED, as our init's does. */
  ours?: boolean;
  tsx?: boolean;
  /** The file scripts/devcheck.ts holds (else one that reads MCP_SCAFFOLD_CHANGED, or not). */
  source?: string;
}

function project({ scripts = { devcheck: 'tsx scripts/devcheck.ts' }, ours = true, tsx = true, source }: Setup = {}) {
  const root = tempDir({
    'package.json': JSON.stringify({ name: 'demo', type: 'module', scripts, dependencies: FRAMEWORK_DEP }),
    'scripts/devcheck.ts': source ?? (ours ? `const changed = process.env.${CHANGED_ENV};\n` : 'export {};\n'),
  });
  mkdirSync(path.join(root, 'node_modules/.bin'), { recursive: true });
  if (tsx) {
    mkdirSync(path.join(root, 'node_modules/tsx'));
    writeFileSync(
      path.join(root, 'node_modules/tsx/package.json'),
      JSON.stringify({ name: 'tsx', type: 'module', exports: { '.': './loader.mjs', './cjs/api': './cjs-api.cjs' } }),
    );
    writeFileSync(path.join(root, 'node_modules/tsx/loader.mjs'), RECORDING_LOADER);
    writeFileSync(path.join(root, 'node_modules/tsx/cjs-api.cjs'), CJS_API);
  }
  return root;
}

describe('devcheckLaunch', () => {
  it('runs our init script with this Node and tsx, node_modules/.bin first on PATH', () => {
    const root = project();
    const launch = devcheckLaunch(findProject(root), 'npm', { PATH: '/usr/bin' });
    expect(launch.command).toBe(process.execPath);
    expect(launch.args).toEqual(['--import', 'tsx', path.join('scripts', 'devcheck.ts')]);
    expect(launch.env.PATH?.split(path.delimiter)[0]).toBe(path.join(root, 'node_modules/.bin'));
    expect(launch.env.PATH?.split(path.delimiter).at(-1)).toBe('/usr/bin');
  });

  it('requires a devcheck that registers tsx ESM loader itself as CommonJS, unless it uses import.meta', () => {
    const commonJs = devcheckLaunch(findProject(project({ source: COMMONJS_DEVCHECK })), 'npm', { PATH: '/usr/bin' });
    expect(commonJs.command).toBe(process.execPath);
    expect(commonJs.args[0]).toBe('-e');
    expect(commonJs.args[1]).toContain("require('tsx/cjs/api')");
    expect(commonJs.args).toHaveLength(2);
    const meta = project({ source: `${COMMONJS_DEVCHECK}console.log(import.meta.url);\n` });
    expect(devcheckLaunch(findProject(meta), 'npm').args).toEqual([
      '--import',
      'tsx',
      path.join('scripts', 'devcheck.ts'),
    ]);
  });

  const throughPm: [string, Setup][] = [
    [
      'a predevcheck script (the package manager runs it)',
      { scripts: { devcheck: 'tsx scripts/devcheck.ts', predevcheck: 'echo' } },
    ],
    ['a postdevcheck script', { scripts: { devcheck: 'tsx scripts/devcheck.ts', postdevcheck: 'echo' } }],
    ['another command', { scripts: { devcheck: 'tsx scripts/devcheck.ts --fast' } }],
    ["bun's form of the script", { scripts: { devcheck: 'bun scripts/devcheck.ts' } }],
    ['a script that does not read what changed', { ours: false }],
    ['no tsx installed', { tsx: false }],
  ];
  for (const [what, setup] of throughPm) {
    it(`leaves it to the package manager with ${what}`, () => {
      const p = findProject(project(setup));
      expect(runsOurDevcheckAlone(p)).toBe(false);
      expect(devcheckLaunch(p, 'pnpm')).toEqual({ command: 'pnpm', args: ['run', 'devcheck'], env: {} });
    });
  }

  it('finds tsx installed at a workspace root above the project', () => {
    const workspace = project();
    const member = path.join(workspace, 'packages/demo');
    mkdirSync(path.join(member, 'scripts'), { recursive: true });
    writeFileSync(
      path.join(member, 'package.json'),
      JSON.stringify({ name: 'member', scripts: { devcheck: 'tsx scripts/devcheck.ts' }, dependencies: FRAMEWORK_DEP }),
    );
    writeFileSync(path.join(member, 'scripts/devcheck.ts'), `process.env.${CHANGED_ENV};\n`);
    expect(runsOurDevcheckAlone(findProject(member))).toBe(true);
  });
});

describe('runDevcheck on our init script', () => {
  const reporter = () => new Reporter({ json: true, verbose: false });
  const recorded = (root: string) => JSON.parse(readFileSync(path.join(root, 'recorded.json'), 'utf8'));

  it('starts it without npm, told what changed; its exit code is the verdict', async () => {
    const root = project();
    const files = ['src/index.ts'];
    const passed = await runDevcheck(findProject(root), reporter(), 60, { written: files, full: false });
    expect(passed.report).toMatchObject({ ran: true, passed: true, command: 'npm run devcheck', scope: 'changed' });
    const seen = recorded(root);
    expect(seen.execArgv).toEqual(['--import', 'tsx']);
    expect(seen.argv).toEqual([path.join(root, 'scripts/devcheck.ts')]);
    expect(seen.npm).not.toBe('devcheck'); // npm run would set it
    expect(JSON.parse(seen.changed)).toEqual(files);
    expect(seen.path.split(path.delimiter)[0]).toBe(path.join(root, 'node_modules/.bin'));

    writeFileSync(path.join(root, 'fail'), '');
    const failed = await runDevcheck(findProject(root), reporter(), 60, { written: files, full: true });
    expect(failed.report).toMatchObject({ ran: true, passed: false, exitCode: 1, scope: 'full' });
    expect(failed.error?.code).toBe('DEVCHECK_FAILED');
    expect(recorded(root).changed).toBeNull();
  });
});

describe('runDevcheck on our init script, started as CommonJS', () => {
  it('runs the file under the require hook, gone once it is loaded, told what changed', async () => {
    const root = project({ source: COMMONJS_DEVCHECK });
    const reporter = new Reporter({ json: true, verbose: false });
    const files = ['src/index.ts'];
    const passed = await runDevcheck(findProject(root), reporter, 60, { written: files, full: false });
    expect(passed.report).toMatchObject({ ran: true, passed: true, scope: 'changed' });
    const seen = JSON.parse(readFileSync(path.join(root, 'recorded.json'), 'utf8'));
    expect(seen).toEqual({
      argv: [path.join(root, 'scripts/devcheck.ts')],
      commonJs: true,
      hookLeft: false,
      changed: JSON.stringify(files),
    });
    writeFileSync(path.join(root, 'fail'), '');
    const failed = await runDevcheck(findProject(root), reporter, 60, { written: files, full: false });
    expect(failed.report).toMatchObject({ ran: true, passed: false, exitCode: 1 });
  });

  it('imports it as ESM under tsx ESM loader when the installed tsx has no CommonJS API', async () => {
    const root = project({ source: ESM_DEVCHECK });
    const tsx = path.join(root, 'node_modules/tsx');
    writeFileSync(
      path.join(tsx, 'package.json'),
      JSON.stringify({ name: 'tsx', type: 'module', exports: { '.': './loader.mjs', './esm/api': './esm-api.mjs' } }),
    );
    writeFileSync(path.join(tsx, 'esm-api.mjs'), ESM_API);
    writeFileSync(path.join(tsx, 'ts-hooks.mjs'), TS_HOOKS);
    const reporter = new Reporter({ json: true, verbose: false });
    const passed = await runDevcheck(findProject(root), reporter, 60, { written: ['src/index.ts'], full: false });
    expect(passed.report).toMatchObject({ ran: true, passed: true });
    const seen = JSON.parse(readFileSync(path.join(root, 'recorded.json'), 'utf8'));
    expect(seen).toEqual({
      argv: [path.join(root, 'scripts/devcheck.ts')],
      commonJs: false,
      changed: '["src/index.ts"]',
    });
  });
});

describe('runDevcheck with strict (scaffold_devcheck through MCP)', () => {
  const reporter = new Reporter({ json: true, verbose: false });
  /** Our init's devcheck parses '--strict'; a file that names it takes it. */
  const TAKES_STRICT = "// Parses '--strict'.\n";
  const strict = { written: [], full: true, strict: true };

  it('hands --strict to our init script, run directly and as CommonJS', async () => {
    for (const source of [
      `${TAKES_STRICT}const changed = process.env.${CHANGED_ENV};\n`,
      TAKES_STRICT + COMMONJS_DEVCHECK,
    ]) {
      const root = project({ source });
      const r = await runDevcheck(findProject(root), reporter, 60, strict);
      expect(r.report).toMatchObject({ ran: true, passed: true, command: 'npm run devcheck -- --strict' });
      const seen = JSON.parse(readFileSync(path.join(root, 'recorded.json'), 'utf8'));
      expect(seen.argv).toEqual([path.join(root, 'scripts/devcheck.ts'), '--strict']);
    }
  });

  it('refuses strict with OPTION_INVALID, running nothing, where the devcheck does not take it', async () => {
    const root = project();
    const r = await runDevcheck(findProject(root), reporter, 60, strict);
    expect(r.error?.code).toBe('OPTION_INVALID');
    expect(r.report).toMatchObject({ ran: false });
    expect(existsSync(path.join(root, 'recorded.json'))).toBe(false);
  });

  it('hands it to a package manager that runs the script: after -- for npm, as it is for the others', () => {
    const scripts = { devcheck: 'tsx scripts/devcheck.ts', predevcheck: 'true' };
    const p = findProject(project({ scripts, source: TAKES_STRICT }));
    expect(devcheckLaunch(p, 'npm', {}, ['--strict']).args).toEqual(['run', 'devcheck', '--', '--strict']);
    for (const pm of ['pnpm', 'yarn', 'bun'])
      expect(devcheckLaunch(p, pm, {}, ['--strict']).args).toEqual(['run', 'devcheck', '--strict']);
  });
});
