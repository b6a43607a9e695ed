/**
 * The start-up fast paths (src/startup/): the bundle run with V8's code cache, and the help pages
 * and version printed from what the build rendered. Each gives byte for byte the stdout, stderr,
 * exit status and files of the plain path (MCP_SCAFFOLD_CODE_CACHE=0: tsc's modules, loaded by
 * Node), with the cache cold and warm; a cache that is corrupt, truncated, made by another Node,
 * refused by V8 or open to others is ignored and replaced. Timings live in the bench, never here.
 */
import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  statSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readBundleId } from '../../src/startup/bundle.js';
import { cacheFileOf, cacheKey, readCache, runBundle, writeCache } from '../../src/startup/code-cache.js';
import { BIN, makeProject, runCli, treeDigest } from './support.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const DIST = path.join(ROOT, 'dist');
const CLI_BUNDLE = path.join(DIST, 'cli.bundle.cjs');
const TS_MORPH_BUNDLE = path.join(DIST, 'vendor/ts-morph.cjs');
const SCALE_FIXTURE = path.join(ROOT, 'scripts/scale-fixture.mjs');

const temp = (prefix: string) => mkdtempSync(path.join(tmpdir(), `mcp-scaffold-startup-${prefix}-`));
const codeCaches = (cacheDir: string) => {
  const dir = path.join(cacheDir, 'v8-code-cache');
  return existsSync(dir) ? readdirSync(dir).sort() : [];
};

interface Outcome {
  status: number | null;
  stdout: string;
  stderr: string;
  digest?: string;
}

/**
 * Runs `args` in a fresh copy of `fixture` (or a fresh empty folder) with `env`; what it printed
 * (the folder's path written as <dir>) and, with a fixture, the digest of what it left.
 */
function outcome(args: string[], env: NodeJS.ProcessEnv, fixture?: string): Outcome {
  const cwd = path.join(temp('run'), 'server');
  if (fixture) cpSync(fixture, cwd, { recursive: true });
  else cpSync(temp('empty'), cwd, { recursive: true });
  const r = runCli(args, { cwd, env });
  const clean = (s: string) => s.replaceAll(cwd, '<dir>');
  return { status: r.status, stdout: clean(r.stdout), stderr: clean(r.stderr), digest: treeDigest(cwd) };
}

const plainEnv = () => ({ MCP_SCAFFOLD_CODE_CACHE: '0', MCP_SCAFFOLD_CACHE_DIR: temp('plain-cache') });

/** The plain path's outcome, then the fast path's cold and warm: all equal, and the cache was used. */
function expectSameAsPlain(args: string[], fixture?: string): { cacheDir: string; plain: Outcome } {
  const plain = plainEnv();
  const expected = outcome(args, plain, fixture);
  expect(codeCaches(plain.MCP_SCAFFOLD_CACHE_DIR)).toEqual([]);
  const cacheDir = temp('cache');
  const env = { MCP_SCAFFOLD_CACHE_DIR: cacheDir };
  expect(outcome(args, env, fixture)).toEqual(expected); // cold: compiles, writes the cache at exit
  expect(outcome(args, env, fixture)).toEqual(expected); // warm: from the cache
  return { cacheDir, plain: expected };
}

function scaleFixture(layout: string, tools: number): string {
  const dir = path.join(temp(`scale-${layout}`), 'server');
  const r = spawnSync(process.execPath, [SCALE_FIXTURE, dir, String(tools), layout], { encoding: 'utf8' });
  expect(r.status, r.stderr).toBe(0);
  return dir;
}

describe('the build', () => {
  it('puts the bundles, the launcher and the help pages in the packed package', () => {
    const r = spawnSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: ROOT, encoding: 'utf8' });
    expect(r.status, r.stderr).toBe(0);
    const files = (JSON.parse(r.stdout) as { files: { path: string }[] }[])[0]!.files.map((f) => f.path);
    for (const file of [
      'bin/mcp-scaffold.js',
      'bin/package.json',
      'dist/launch.cjs',
      'dist/cli.bundle.cjs',
      'dist/vendor/ts-morph.cjs',
      'dist/vendor/ts-morph-lib-files.json',
      'dist/help.json',
      'dist/cli/main.js',
    ]) {
      expect(files).toContain(file);
    }
  });
});

describe('help and version from the pages the build rendered', () => {
  const pages = Object.keys(
    (JSON.parse(readFileSync(path.join(DIST, 'help.json'), 'utf8')) as { pages: Record<string, unknown> }).pages,
  );

  it('has a page for every command, made for the bundle that is there', () => {
    expect(pages).toEqual(expect.arrayContaining(['', 'add', 'add tool', 'init', 'list', 'upgrade']));
    const help = JSON.parse(readFileSync(path.join(DIST, 'help.json'), 'utf8')) as { bundle: string };
    expect(help.bundle).toBe(readBundleId(CLI_BUNDLE));
  });

  it.each([['--help'], ['-h'], ['--version'], ['-v']])(
    'mcp-scaffold %s prints what the CLI prints, without loading it',
    (flag) => {
      const { cacheDir } = expectSameAsPlain([flag]);
      expect(codeCaches(cacheDir)).toEqual([]); // no bundle ran
    },
  );

  it('every command --help prints what the CLI prints, whatever the colour settings', () => {
    for (const words of pages.filter(Boolean)) {
      const args = [...words.split(' '), '--help'];
      const plain = runCli(args, { env: plainEnv() });
      expect(plain.status).toBe(0);
      for (const env of [{}, { FORCE_COLOR: '1', NO_COLOR: '' }, { NO_COLOR: '1' }]) {
        const fast = runCli(args, { env: { ...env, MCP_SCAFFOLD_CACHE_DIR: temp('cache') } });
        expect({ ...fast, args }).toEqual({ ...plain, args });
      }
    }
  });

  it.each([
    [80, ''],
    [100, 'add tool'],
    [150, ''],
    [250, 'add tool'],
  ])('on a terminal %i columns wide, `%s --help` prints what the CLI prints', (columns, words) => {
    const onTerminal = (env: NodeJS.ProcessEnv) => {
      const cli = `stty cols ${columns} rows 50; exec ${process.execPath} ${BIN} ${words} --help`;
      const r = spawnSync('script', ['-qfec', cli, '/dev/null'], {
        encoding: 'utf8',
        env: { ...process.env, NO_COLOR: '1', ...env },
      });
      expect(r.status, r.stderr).toBe(0);
      return r.stdout;
    };
    const plain = onTerminal(plainEnv());
    expect(plain).toContain('Usage: mcp-scaffold');
    const cacheDir = temp('cache');
    expect(onTerminal({ MCP_SCAFFOLD_CACHE_DIR: cacheDir })).toBe(plain);
    // Printed from the pages where one fits the width (no bundle ran, so no code cache was made).
    const help = JSON.parse(readFileSync(path.join(DIST, 'help.json'), 'utf8')) as {
      pages: Record<string, { wideFrom: number }>;
    };
    const fits = columns === 80 || columns >= help.pages[words]!.wideFrom;
    expect(codeCaches(cacheDir).length === 0).toBe(fits);
  });
});

describe('commands run from the bundle, with the code cache cold and warm', () => {
  it.each(['inline', 'barrel'])('add tool on a %s fixture writes what the plain path writes', (layout) => {
    const fixture = scaleFixture(layout, 12);
    const { cacheDir, plain } = expectSameAsPlain(
      ['add', 'tool', 'demo_find_things', '--no-devcheck', '--yes'],
      fixture,
    );
    expect(plain.status).toBe(0);
    expect(codeCaches(cacheDir)).toEqual([
      path.basename(cacheFileOf('', CLI_BUNDLE)),
      path.basename(cacheFileOf('', TS_MORPH_BUNDLE)),
    ]);
  });

  it('list, people and --json, prints what the plain path prints', () => {
    const fixture = scaleFixture('barrel', 12);
    expect(expectSameAsPlain(['list'], fixture).plain.status).toBe(0);
    expect(expectSameAsPlain(['list', '--json'], fixture).plain.status).toBe(0);
  });

  it('init --no-install --no-git writes what the plain path writes', () => {
    const { plain } = expectSameAsPlain(['init', 'acme', '--yes', '--no-install', '--no-git']);
    expect(plain.status).toBe(0);
  });

  it("an error from ts-morph's TypeScript (an entry point that does not parse) reads as on the plain path", () => {
    const fixture = scaleFixture('inline', 2);
    const index = path.join(fixture, 'src/index.ts');
    writeFileSync(index, readFileSync(index, 'utf8').replace('tools: [', 'tools: [[,'));
    for (const args of [
      ['add', 'tool', 'demo_find_things', '--no-devcheck', '--yes'],
      ['list', '--json'],
    ]) {
      const { plain } = expectSameAsPlain(args, fixture);
      expect(plain.status, plain.stdout + plain.stderr).not.toBe(0);
      expect(plain.stdout + plain.stderr).toContain('does not parse');
    }
  });

  it.each([
    [['frob']],
    [['add', 'tool']],
    [['add', 'tool', 'demo_x', '--devcheck-timeout', 'soon']],
    [['add', 'tool', 'demo_x', '--json', '--devcheck-timeout', 'soon']],
    [['add']],
    [[]],
  ])('the usage error of %j is the plain path one', (args) => {
    const { plain } = expectSameAsPlain(args);
    expect(plain.status).toBe(1);
  });
});

describe('the young generation, kept at its first size for the whole run (src/engine/lean-vm.ts)', () => {
  /** The size of V8's young generation when `add` on a 10-tool server ends, with `env`. */
  function youngAtExit(env: NodeJS.ProcessEnv, options: string[] = []): number {
    const report = path.join(temp('young'), 'young.txt');
    const hook = path.join(path.dirname(report), 'hook.cjs');
    writeFileSync(
      hook,
      `process.on('exit', () => require('node:fs').writeFileSync(${JSON.stringify(report)}, String(require('node:v8').getHeapSpaceStatistics().find((s) => s.space_name === 'new_space').space_size)));`,
    );
    const cwd = scaleFixture('inline', 10); // fewer definitions than lean-vm's FULL_AFTER: lean throughout
    const args = [...options, '--require', hook, BIN, 'add', 'tool', 'demo_find_things', '--no-devcheck'];
    const r = spawnSync(process.execPath, args, {
      cwd,
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1', MCP_SCAFFOLD_CACHE_DIR: temp('cache'), ...env },
    });
    expect(r.status, r.stderr).toBe(0);
    return Number(readFileSync(report, 'utf8'));
  }

  it('on the bundle and on the plain path; a run that sets the growth itself keeps its own', () => {
    // Its size in a Node that kept it steady from the start and then allocated plenty.
    const steady = spawnSync(
      process.execPath,
      [
        '-p',
        `const v8 = require('node:v8'); v8.setFlagsFromString('--semi-space-growth-factor=1');
         const kept = []; for (let i = 0; i < 300000; i++) kept.push({ i });
         v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space').space_size`,
      ],
      { encoding: 'utf8' },
    );
    const first = Number(steady.stdout);
    expect(youngAtExit({}, ['--semi-space-growth-factor=2'])).toBeGreaterThan(first * 2);
    expect(youngAtExit({})).toBe(first);
    // The plain path sets it in main(), once its modules are loaded (on Node 24 they have grown it once).
    expect(youngAtExit({ MCP_SCAFFOLD_CODE_CACHE: '0' })).toBeLessThanOrEqual(first * 2);
  });
});

describe("Node's own modules, each compiled with Node's cache of it (launch.ts's loadNodeModulesFirst)", () => {
  /**
   * The modules of Node's that a run of `args` in `cwd` compiled from source rather than with the
   * cache Node was built with, by Node's own record of it (--expose-internals: a Node option, not
   * one of V8's flags, so the run's own caches are taken as ever).
   */
  function compiledWithoutCache(args: string[], cwd: string, cacheDir: string): string[] {
    const report = path.join(temp('builtins'), 'without.json');
    const hook = path.join(path.dirname(report), 'hook.cjs');
    writeFileSync(
      hook,
      `const { internalBinding } = require('internal/test/binding');
       process.on('exit', () => require('node:fs').writeFileSync(${JSON.stringify(report)}, JSON.stringify([...internalBinding('builtins').getCacheUsage().compiledWithoutCache])));`,
    );
    const r = spawnSync(process.execPath, ['--expose-internals', '--no-warnings', '--require', hook, BIN, ...args], {
      cwd,
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1', MCP_SCAFFOLD_CACHE_DIR: cacheDir },
    });
    expect(r.status, r.stderr).toBe(0);
    return JSON.parse(readFileSync(report, 'utf8')) as string[];
  }

  it('none in a warm add, list or init (those ts-morph, a spawn or a prompt needs load when they are)', async () => {
    const cacheDir = temp('cache');
    const fixture = scaleFixture('inline', 3);
    // Warm: the caches hold what each run needs, so none loads ts-morph (whose TypeScript loads
    // fs/promises and perf_hooks when it is loaded, after the flags are set). Past the definitions
    // cache's racy guard first, so that what the first runs record vouches for the files.
    await new Promise((resolve) => setTimeout(resolve, 3_500));
    const env = { MCP_SCAFFOLD_CACHE_DIR: cacheDir };
    expect(runCli(['add', 'tool', 'demo_warm', '--no-devcheck', '--yes'], { cwd: fixture, env }).status).toBe(0);
    expect(runCli(['list'], { cwd: fixture, env }).status).toBe(0);
    for (const run of ['first', 'second']) {
      const add = ['add', 'tool', `demo_${run}`, '--no-devcheck', '--yes'];
      expect(compiledWithoutCache(add, fixture, cacheDir), `add, ${run}`).toEqual([]);
      expect(compiledWithoutCache(['list'], fixture, cacheDir), `list, ${run}`).toEqual([]);
      expect(compiledWithoutCache(['list', '--json'], fixture, cacheDir), `list --json, ${run}`).toEqual([]);
      const init = ['init', `server-${run}`, '--yes', '--no-install', '--no-git', '--framework-version', '0.12.3'];
      expect(compiledWithoutCache(init, temp('init'), cacheDir), `init, ${run}`).toEqual([]);
    }
  });
});

describe('node:child_process, loaded only by a run that spawns', () => {
  /** Runs the CLI (from the bundle, cache warm after the first run) in `cwd`: its outcome and whether it loaded child_process. */
  function loads(args: string[], cwd: string, cacheDir: string) {
    const report = path.join(temp('loaded'), 'loaded.json');
    const hook = path.join(path.dirname(report), 'hook.cjs');
    writeFileSync(
      hook,
      `process.on('exit', () => require('node:fs').writeFileSync(${JSON.stringify(report)}, JSON.stringify(process.moduleLoadList)));`,
    );
    const r = spawnSync(process.execPath, ['--require', hook, BIN, ...args], {
      cwd,
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1', MCP_SCAFFOLD_CACHE_DIR: cacheDir },
    });
    const loaded = JSON.parse(readFileSync(report, 'utf8')) as string[];
    return {
      status: r.status,
      stdout: r.stdout,
      stderr: r.stderr,
      childProcess: loaded.includes('NativeModule child_process'),
    };
  }

  it('add --no-devcheck and list spawn nothing and load none, cold and warm', () => {
    const cacheDir = temp('cache');
    for (const layout of ['inline', 'barrel']) {
      const fixture = scaleFixture(layout, 3);
      for (const run of ['cold', 'warm']) {
        const add = loads(['add', 'tool', `demo_${layout}_${run}`, '--no-devcheck', '--yes'], fixture, cacheDir);
        expect(add.status, add.stderr).toBe(0);
        expect(add.childProcess, `add, ${layout}, ${run}`).toBe(false);
        const list = loads(['list', '--json'], fixture, cacheDir);
        expect(list.status, list.stderr).toBe(0);
        expect(list.childProcess, `list, ${layout}, ${run}`).toBe(false);
      }
    }
  });

  it('devcheck still runs after add, loading it then', () => {
    const root = makeProject({}, { scripts: { devcheck: 'node -e "console.log(\'DEVCHECK-SAYS-HI\')"' } });
    const r = loads(['add', 'tool', 'demo_find_items', '--json'], root, temp('cache'));
    expect(r.status, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).devcheck).toMatchObject({ ran: true, passed: true, exitCode: 0 });
    expect(r.stderr).toContain('DEVCHECK-SAYS-HI');
    expect(r.childProcess).toBe(true);
  });
});

describe('a code cache that cannot be trusted', () => {
  const fixture = scaleFixture('inline', 3);
  const args = ['list', '--json'];

  /** A cache dir warmed by one run; the CLI bundle's cache file in it, and the key it is made for. */
  function warmed() {
    const cacheDir = temp('cache');
    const first = outcome(args, { MCP_SCAFFOLD_CACHE_DIR: cacheDir }, fixture);
    const file = cacheFileOf(path.join(cacheDir, 'v8-code-cache'), CLI_BUNDLE);
    const key = cacheKey(readBundleId(CLI_BUNDLE)!);
    expect(readCache(file, key)).toBeDefined();
    return { cacheDir, file, key, first };
  }

  const otherNode = {
    version: 'v18.20.4',
    versions: { v8: '10.2.154.26-node.36' },
    platform: process.platform,
    arch: process.arch,
  };
  const cases: [string, (file: string, key: string) => void][] = [
    [
      'corrupt',
      (file) => writeFileSync(file, Buffer.from('mcp-scaffold v8 code cache\n{"format":1}\n\u0000\u0001garbage')),
    ],
    ['truncated', (file) => writeFileSync(file, readFileSync(file).subarray(0, statSync(file).size - 4096))],
    [
      'flipped in the middle',
      (file) => {
        const bytes = readFileSync(file);
        const middle = bytes.length >> 1;
        bytes[middle] = bytes[middle]! ^ 0xff;
        writeFileSync(file, bytes);
      },
    ],
    [
      'made by another Node',
      (file, key) => {
        const data = readCache(file, key)!.data;
        writeCache(file, cacheKey(readBundleId(CLI_BUNDLE)!, otherNode), data, ['list']);
      },
    ],
    [
      'refused by V8 (made for another script)',
      (file, key) => {
        const other = cacheFileOf(path.dirname(file), TS_MORPH_BUNDLE);
        const data = readCache(other, cacheKey(readBundleId(TS_MORPH_BUNDLE)!))!.data;
        writeCache(file, key, data, ['list']);
      },
    ],
    [
      'made for another build of the bundle (an older one, not minified)',
      (file, key) => {
        const data = readCache(file, key)!.data;
        writeCache(file, cacheKey('0'.repeat(64)), data, ['list']);
      },
    ],
    ['writable by others', (file) => chmodSync(file, 0o666)],
  ];

  it.each(cases)('%s: is ignored, the run is the same, and it is replaced', (name, spoil) => {
    const { cacheDir, file, key, first } = warmed();
    spoil(file, key);
    const spoilt = readFileSync(file);
    expect(outcome(args, { MCP_SCAFFOLD_CACHE_DIR: cacheDir }, fixture)).toEqual(first);
    expect(readCache(file, key)).toBeDefined();
    expect(statSync(file).mode & 0o777).toBe(0o600);
    if (name !== 'writable by others') expect(readFileSync(file).equals(spoilt)).toBe(false);
    expect(outcome(args, { MCP_SCAFFOLD_CACHE_DIR: cacheDir }, fixture)).toEqual(first);
  });

  it('is taken by a warm add, for the CLI and for ts-morph: neither file is replaced (a refused one would be)', () => {
    // Both bundles and both caches are read into one buffer in turn (src/engine/read-buffer.ts):
    // a cache overwritten before V8 read it would be refused, and rewritten at exit.
    const cacheDir = temp('cache');
    const add = ['add', 'tool', 'demo_find_things', '--no-devcheck', '--yes'];
    const first = outcome(add, { MCP_SCAFFOLD_CACHE_DIR: cacheDir }, fixture);
    const dir = path.join(cacheDir, 'v8-code-cache');
    const files = [cacheFileOf(dir, CLI_BUNDLE), cacheFileOf(dir, TS_MORPH_BUNDLE)];
    const identity = () => files.map((f) => `${statSync(f).ino}:${statSync(f).mtimeMs}`);
    const made = identity();
    expect(outcome(add, { MCP_SCAFFOLD_CACHE_DIR: cacheDir }, fixture)).toEqual(first);
    expect(identity()).toEqual(made);
  });

  it("is taken by a lean run after one that went back to V8's defaults: both are made under the start flags", async () => {
    const cacheDir = temp('cache');
    const cwd = scaleFixture('inline', 20); // more definitions than lean-vm's FULL_AFTER
    const dir = path.join(cacheDir, 'v8-code-cache');
    const files = [cacheFileOf(dir, CLI_BUNDLE), cacheFileOf(dir, TS_MORPH_BUNDLE)];
    const identity = () => files.map((f) => `${statSync(f).ino}:${statSync(f).mtimeMs}`);
    const log = path.join(temp('flags'), 'flags.log');
    const hook = path.join(path.dirname(log), 'hook.cjs');
    writeFileSync(
      hook,
      `const v8 = require('node:v8'); const set = v8.setFlagsFromString;
       v8.setFlagsFromString = (f) => { require('node:fs').appendFileSync(${JSON.stringify(log)}, f + '\\n'); set(f); };`,
    );
    /** The V8 flags an add set. */
    const add = (name: string): string[] => {
      writeFileSync(log, '');
      const args = ['--require', hook, BIN, 'add', 'tool', name, '--no-devcheck', '--yes'];
      const r = spawnSync(process.execPath, args, {
        cwd,
        encoding: 'utf8',
        env: { ...process.env, NO_COLOR: '1', MCP_SCAFFOLD_CACHE_DIR: cacheDir },
      });
      expect(r.status, r.stderr).toBe(0);
      return readFileSync(log, 'utf8').split('\n').filter(Boolean);
    };
    /** TurboFan's setting when the run ended (a lean run puts the defaults back only around loads of Node's modules). */
    const atEnd = (flags: string[]) => flags.filter((f) => /^--(no-)?turbofan$/.test(f)).at(-1);
    // Past the definitions cache's racy guard, so that what the first run records vouches for them.
    await new Promise((resolve) => setTimeout(resolve, 3_500));
    expect(atEnd(add('demo_first_add'))).toBe('--turbofan'); // every definition parsed: the defaults back
    const made = identity();
    for (const name of ['demo_second_add', 'demo_third_add']) {
      const lean = add(name); // only the file the add before wrote is read by text
      expect(lean[0]).toBe('--semi-space-growth-factor=1');
      expect(atEnd(lean)).toBe('--no-turbofan');
    }
    expect(identity()).toEqual(made);
  });

  it('is kept for this user only: folder 0700, files 0600, a folder open to others is closed', () => {
    const { cacheDir, file } = warmed();
    const dir = path.dirname(file);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    for (const name of readdirSync(dir)) expect(statSync(path.join(dir, name)).mode & 0o777).toBe(0o600);
    chmodSync(dir, 0o777);
    writeFileSync(file, 'spoilt'); // a folder others may write to is not read from
    outcome(args, { MCP_SCAFFOLD_CACHE_DIR: cacheDir }, fixture);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(readCache(file, cacheKey(readBundleId(CLI_BUNDLE)!))).toBeDefined();
  });

  it('learns each use: a cache made by list is rewritten once with what add tool compiles', () => {
    const { cacheDir, file, key } = warmed();
    expect(readCache(file, key)!.uses).toEqual(['list']);
    outcome(
      ['add', 'tool', 'demo_find_things', '--no-devcheck', '--yes'],
      { MCP_SCAFFOLD_CACHE_DIR: cacheDir },
      fixture,
    );
    expect(readCache(file, key)!.uses).toEqual(['list', 'add tool']);
    // Options before the command, with their values, are not a use of their own.
    outcome(['--cwd', '.', '--verbose', 'list'], { MCP_SCAFFOLD_CACHE_DIR: cacheDir }, fixture);
    expect(readCache(file, key)!.uses).toEqual(['list', 'add tool']);
  });

  it('MCP_SCAFFOLD_CACHE=0 keeps nothing, and the run is the same', () => {
    const cacheDir = temp('cache');
    const { first } = warmed();
    expect(outcome(args, { MCP_SCAFFOLD_CACHE: '0', MCP_SCAFFOLD_CACHE_DIR: cacheDir }, fixture)).toEqual(first);
    expect(readdirSync(cacheDir)).toEqual([]);
  });
});

describe('the vendored ts-morph', () => {
  type TsMorph = typeof import('ts-morph');
  const requireInstalled = createRequire(path.join(ROOT, 'node_modules/ts-morph/package.json'));
  const installed = requireInstalled('ts-morph') as TsMorph;
  let bundled: TsMorph | undefined;
  /** The build's bundle, run once (no code cache written at the test worker's exit). */
  function vendored(): TsMorph {
    const saved = process.env.MCP_SCAFFOLD_CACHE;
    process.env.MCP_SCAFFOLD_CACHE = '0';
    try {
      bundled ??= runBundle(TS_MORPH_BUNDLE) as TsMorph;
      return bundled;
    } finally {
      if (saved === undefined) delete process.env.MCP_SCAFFOLD_CACHE;
      else process.env.MCP_SCAFFOLD_CACHE = saved;
    }
  }

  it('keeps the lib .d.ts files @ts-morph/common holds apart, and they serve type checking when a Project loads them', () => {
    const common = requireInstalled('@ts-morph/common') as { getLibFiles(): { fileName: string; text: string }[] };
    const apart = JSON.parse(readFileSync(path.join(DIST, 'vendor/ts-morph-lib-files.json'), 'utf8')) as unknown;
    expect(apart).toEqual(common.getLibFiles());
    const { Project } = vendored();
    const sf = new Project({ useInMemoryFileSystem: true }).createSourceFile(
      '/a.ts',
      'export const x = [1].map(String);',
    );
    expect(
      sf
        .getProject()
        .getPreEmitDiagnostics()
        .map((d) => d.getMessageText()),
    ).toEqual([]);
    expect(sf.getVariableDeclarationOrThrow('x').getType().getText()).toBe('string[]');
  });

  it("has TypeScript's namespace as the installed one: the same keys in the same order, each an enumerable getter", () => {
    // `ts` is @ts-morph/common's frozen copy of the namespace TypeScript fills, which is its `default`.
    const { ts } = vendored();
    const namespaces = (t: typeof ts) => [t, (t as unknown as { default: typeof ts }).default];
    const shape = (d: PropertyDescriptor | undefined) =>
      d && { get: typeof d.get, set: typeof d.set, enumerable: d.enumerable, configurable: d.configurable };
    for (const [mine, theirs] of namespaces(ts).map((n, i) => [n, namespaces(installed.ts)[i]!] as const)) {
      const keys = Object.keys(theirs);
      expect(keys.length).toBeGreaterThan(2000);
      expect(Object.keys(mine)).toEqual(keys);
      const enumerated: string[] = [];
      for (const k in mine) enumerated.push(k);
      expect(enumerated).toEqual(keys);
      const shapes = (t: object) => keys.map((k) => shape(Object.getOwnPropertyDescriptor(t, k)));
      expect(shapes(mine)).toEqual(shapes(theirs));
      expect(Object.getPrototypeOf(mine)).toBe(Object.getPrototypeOf(theirs));
      expect(Object.isFrozen(mine)).toBe(Object.isFrozen(theirs));
      expect(mine.SyntaxKind).toEqual(theirs.SyntaxKind);
      expect(mine.version).toBe(theirs.version);
    }
    const filled = namespaces(ts)[1]!;
    expect(Object.getPrototypeOf(filled)).toBe(Object.prototype);
    expect(shape(Object.getOwnPropertyDescriptor(filled, 'isIdentifier'))).toEqual({
      get: 'function',
      set: 'undefined',
      enumerable: true,
      configurable: false,
    });
  });

  it('has its names minified, yet TypeScript names its tests as the installed one does (a failed cast reads the same)', () => {
    const { ts } = vendored();
    expect(readFileSync(TS_MORPH_BUNDLE, 'latin1')).not.toContain('function isIdentifier(');
    const tests = Object.keys(installed.ts).filter(
      (k) => k.startsWith('is') && typeof (installed.ts as any)[k] === 'function',
    );
    expect(tests.length).toBeGreaterThan(500);
    const nameOf = (t: typeof ts, key: string) => (t as any).Debug.getFunctionName((t as any)[key]) as string;
    expect(tests.filter((k) => nameOf(ts, k) !== nameOf(installed.ts, k))).toEqual([]);
    const failedCast = (t: typeof ts) => {
      try {
        (t as any).cast({ kind: t.SyntaxKind.NumericLiteral }, t.isIdentifier);
      } catch (e) {
        return (e as Error).message;
      }
    };
    expect(failedCast(ts)).toContain("did not pass the test 'isIdentifier'");
    expect(failedCast(ts)).toBe(failedCast(installed.ts));
  });
});

describe("the build's edits of its dependencies' sources", () => {
  const TYPESCRIPT = path.join(ROOT, 'node_modules/@ts-morph/common/dist/typescript.js');
  /** scripts/bundle-transforms.mjs (plain JavaScript, so imported untyped). */
  const transforms = () => import(path.join(ROOT, 'scripts/bundle-transforms.mjs'));

  it('makes the namespaces of thousands of entries dictionaries before they are filled, and only those', async () => {
    const { largeNamespacesAsDictionaries } = await transforms();
    const text = largeNamespacesAsDictionaries(TYPESCRIPT, readFileSync(TYPESCRIPT, 'utf8')) as string;
    expect(text.match(/^var [\w$]+ = __dictionary\(\);$/gm)).toEqual([
      'var typescript_exports = __dictionary();',
      'var ts_exports2 = __dictionary();',
    ]);
    expect(text).toContain('var ts_server_exports4 = {};\n__export(ts_server_exports4, {');
    // What __dictionary() makes is empty and already in dictionary mode, as V8 sees it.
    const helper = /^var __dictionary = [\s\S]*?\n\};$/m.exec(text)![0];
    const check = `${helper}\nconst o = __dictionary();\nprocess.stdout.write(JSON.stringify([Object.getOwnPropertyNames(o), Object.getPrototypeOf(o) === Object.prototype, %HasFastProperties(o)]));`;
    const r = spawnSync(process.execPath, ['--allow-natives-syntax', '-e', check], { encoding: 'utf8' });
    expect(r.stderr).toBe('');
    expect(JSON.parse(r.stdout)).toEqual([[], true, false]);
  });

  it('fail the build when TypeScript is not shaped as they expect', async () => {
    const { largeNamespacesAsDictionaries, keepFunctionNames } = await transforms();
    const text = readFileSync(TYPESCRIPT, 'utf8');
    const renamed = text.replaceAll('typescript_exports', 'typescript_namespace');
    expect(() => largeNamespacesAsDictionaries(TYPESCRIPT, renamed)).toThrow(/no namespace `typescript_exports`/);
    const noHelper = text.replace('var __export = (target, all) => {', 'var __export = function (target, all) {');
    expect(() => largeNamespacesAsDictionaries(TYPESCRIPT, noHelper)).toThrow(/is not there once/);
    const otherGetter = text.replace('      return func.name;\n', '      return func.name || "";\n');
    expect(() => keepFunctionNames(TYPESCRIPT, otherGetter)).toThrow(/is not there once/);
  });

  it("leave zod's locales namespace out of the CLI's bundle, English kept, or fail the build", async () => {
    const { zodLocalesLeftOut } = await transforms();
    const file = path.join(ROOT, 'node_modules/zod/v4/locales/index.js');
    const text = readFileSync(file, 'utf8');
    expect(text.split('\n').filter((l) => l.startsWith('export {')).length).toBeGreaterThan(30);
    expect(zodLocalesLeftOut(file, text)).toBe('export {};\n');
    expect(() => zodLocalesLeftOut(file, text.replace('"./en.js"', '"./en-US.js"'))).toThrow(/is not there once/);
    // The bundle built with it: zod's English locale and no other.
    const bundle = readFileSync(path.join(ROOT, 'dist/cli.bundle.cjs'), 'latin1');
    const locales = [...bundle.matchAll(/"node_modules\/zod\/v4\/locales\/([\w-]+)\.js"/g)].map((m) => m[1]);
    expect([...new Set(locales)].sort()).toEqual(['en', 'index']);
  });

  it("make commander's child_process a stand-in that loads it on a spawn, or fail the build", async () => {
    const { commanderSpawnsLazily } = await transforms();
    const file = path.join(ROOT, 'node_modules/commander/lib/command.js');
    const text = readFileSync(file, 'utf8');
    const edited = commanderSpawnsLazily(file, text) as string;
    expect(edited).not.toContain("require('node:child_process');");
    expect(edited.match(/childProcess\.\w+/g)?.every((use) => use === 'childProcess.spawn')).toBe(true);
    expect(() =>
      commanderSpawnsLazily(file, text.replace("require('node:child_process')", 'require("child_process")')),
    ).toThrow(/is not there once/);
  });
});

describe('the launcher without a current bundle', () => {
  /** A copy of the package (bin, dist, package.json, times kept; node_modules linked), for spoiling its build. */
  function packageCopy(): string {
    const dir = temp('package');
    for (const part of ['bin', 'dist', 'package.json']) {
      cpSync(path.join(ROOT, part), path.join(dir, part), { recursive: true, preserveTimestamps: true });
    }
    symlinkSync(realpathSync(path.join(ROOT, 'node_modules')), path.join(dir, 'node_modules'));
    return dir;
  }
  const runCopy = (pkg: string, args: string[], cacheDir: string) =>
    spawnSync(process.execPath, [path.join(pkg, 'bin/mcp-scaffold.js'), ...args], {
      cwd: temp('cwd'),
      encoding: 'utf8',
      env: { ...process.env, NO_COLOR: '1', MCP_SCAFFOLD_CACHE_DIR: cacheDir },
    });

  it.each([
    ['the bundle is missing', (pkg: string) => rmSync(path.join(pkg, 'dist/cli.bundle.cjs'))],
    [
      'tsc ran after the bundle was built',
      (pkg: string) => {
        const later = new Date(statSync(path.join(pkg, 'dist/cli.bundle.cjs')).mtimeMs + 10_000);
        utimesSync(path.join(pkg, 'dist/cli/main.js'), later, later);
      },
    ],
    [
      'the launcher was not built',
      (pkg: string) => writeFileSync(path.join(pkg, 'dist/launch.cjs'), 'throw new Error("not built")'),
    ],
  ])('runs the plain path when %s, with the same output', (_name, spoil) => {
    const pkg = packageCopy();
    spoil(pkg);
    const expected = runCli(['--help'], { env: plainEnv() });
    for (const args of [['--help'], ['frob']]) {
      const cacheDir = temp('cache');
      const r = runCopy(pkg, args, cacheDir);
      const plain = runCli(args, { env: plainEnv() });
      expect({ status: r.status, stdout: r.stdout, stderr: r.stderr }).toEqual(plain);
      expect(codeCaches(cacheDir)).toEqual([]);
    }
    expect(expected.status).toBe(0);
  });
});
