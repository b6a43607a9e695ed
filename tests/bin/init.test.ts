/**
 * `mcp-scaffold init`, the built binary spawned: the --json contract, --dry-run, the folder rules
 * (new, empty, non-empty, --force, a second run), bad input, git, install failures (a fake package
 * manager on PATH, so nothing is downloaded), and the prompts on a real pseudo-terminal (`script`),
 * Ctrl-C included. No test here installs the framework; tests/e2e/init.test.ts does.
 */

import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer, type RequestListener, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { execa } from 'execa';
import { afterEach, describe, expect, it } from 'vitest';
import { DIST_TAGS_PATH, DOCUMENT_PATH, frameworkAnswer } from '../helpers/registry-answers.js';
import { BIN, onTerminal, parseJsonOut, runCli as spawnCli, treeDigest } from './support.js';

/**
 * init asks the registry for the framework's newest release unless npm is offline: these tests
 * say offline, so that what they check never depends on the network (the look-up has its own
 * tests below, against registries on this machine).
 */
const runCli = (args: string[], opts: Parameters<typeof spawnCli>[1] = {}) =>
  spawnCli(args, { ...opts, env: { npm_config_offline: 'true', ...opts.env } });

const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});
function temp(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'mcp-scaffold-init-'));
  made.push(dir);
  return dir;
}
const read = (root: string, rel: string) => readFileSync(path.join(root, rel), 'utf8');

/** A git identity for the first commit, whatever the machine's git config says. */
const GIT_ENV = {
  GIT_AUTHOR_NAME: 'init test',
  GIT_AUTHOR_EMAIL: 'init@example.invalid',
  GIT_COMMITTER_NAME: 'init test',
  GIT_COMMITTER_EMAIL: 'init@example.invalid',
};

/** Offline init: no install, no git, unless a test asks for them. */
const OFFLINE = ['--no-install', '--no-git'];

const STARTERS = [
  'src/index.ts',
  'src/mcp-server/tools/definitions/demo-echo-message.tool.ts',
  'src/mcp-server/resources/definitions/demo-echo.resource.ts',
  'src/mcp-server/prompts/definitions/demo-summarize.prompt.ts',
  'tests/tools/demo-echo-message.tool.test.ts',
  'tests/resources/demo-echo.resource.test.ts',
  'tests/prompts/demo-summarize.prompt.test.ts',
];

describe('init --json', () => {
  it('creates the folder and reports every file on one JSON line, exit 0', () => {
    const cwd = temp();
    const r = runCli(['init', 'demo', '--json', ...OFFLINE, '--owner', 'acme', '--description', 'Demo server.'], {
      cwd,
    });
    expect(r.status, r.stderr).toBe(0);
    const out = parseJsonOut(r);
    expect(out).toMatchObject({
      ok: true,
      command: 'init',
      dryRun: false,
      devcheck: { ran: false },
      install: { ran: false, reason: '--no-install' },
      git: { ran: false, reason: '--no-git' },
      skipped: [],
      project: {
        name: 'demo',
        prefix: 'demo',
        registryName: 'io.github.acme/demo',
        packageManager: 'npm',
        mode: 'create',
      },
    });
    const root = path.join(cwd, 'demo');
    const paths = out.changes.map((c: { path: string }) => c.path);
    expect(out.changes.every((c: { action: string }) => c.action === 'create')).toBe(true);
    for (const p of [
      ...STARTERS,
      'package.json',
      'server.json',
      'AGENTS.md',
      'CLAUDE.md',
      'README.md',
      '.gitignore',
      'scripts/devcheck.ts',
    ]) {
      expect(paths).toContain(p);
      expect(existsSync(path.join(root, p)), p).toBe(true);
    }
    expect(paths.length).toBe(31);
    expect(out.nextSteps).toEqual(expect.arrayContaining(['cd demo', 'npm install', 'npm run devcheck']));
    expect(read(root, 'AGENTS.md')).toBe(read(root, 'CLAUDE.md'));
  });

  it('--dry-run lists every file and writes nothing', () => {
    const cwd = temp();
    const before = treeDigest(cwd);
    const r = runCli(['init', 'demo', '--dry-run', '--yes'], { cwd });
    expect(r.status, r.stderr).toBe(0);
    for (const p of [...STARTERS, 'package.json', 'server.json', '.env.example'])
      expect(r.stdout).toContain(`CREATE ${p}`);
    expect(r.stdout).toContain('Dry run: nothing was written.');
    expect(existsSync(path.join(cwd, 'demo'))).toBe(false);
    expect(treeDigest(cwd)).toBe(before);
    const json = parseJsonOut(runCli(['init', 'demo', '--dry-run', '--json'], { cwd }));
    expect(json).toMatchObject({ ok: true, dryRun: true, install: { ran: false, reason: 'dry run' } });
    expect(json.changes).toHaveLength(31);
  });

  it('never prompts without a TTY: defaults are taken', () => {
    const cwd = temp();
    const r = runCli(['init', 'my-server', ...OFFLINE], { cwd, input: '\n\n\n' });
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).not.toContain('Package name');
    const pkg = JSON.parse(read(path.join(cwd, 'my-server'), 'package.json'));
    expect(pkg.name).toBe('my-server');
    expect(pkg.description).toBe('An MCP server for my-server.');
    expect(existsSync(path.join(cwd, 'my-server/src/mcp-server/tools/definitions/my-echo-message.tool.ts'))).toBe(true);
  });
});

describe('where init writes', () => {
  it('into an empty folder given as the current one', () => {
    const cwd = temp();
    const r = runCli(['init', '--json', ...OFFLINE, '--name', 'demo'], { cwd });
    expect(r.status, r.stderr).toBe(0);
    expect(existsSync(path.join(cwd, 'package.json'))).toBe(true);
    expect(parseJsonOut(r).nextSteps[0]).toBe('npm install');
  });

  it('a non-empty folder without --force: exit 1, what is in the way listed, nothing written', () => {
    const cwd = temp();
    mkdirSync(path.join(cwd, 'demo/data'), { recursive: true });
    writeFileSync(path.join(cwd, 'demo/notes.txt'), 'mine\n');
    const before = treeDigest(cwd);
    const r = runCli(['init', 'demo', '--json', ...OFFLINE], { cwd });
    expect(r.status).toBe(1);
    const out = parseJsonOut(r);
    expect(out.ok).toBe(false);
    expect(out.error.code).toBe('CONFLICT');
    expect(out.error.message).toContain('data/, notes.txt');
    expect(out.error.hint).toContain('--force');
    expect(treeDigest(cwd)).toBe(before);
    const human = runCli(['init', 'demo', ...OFFLINE], { cwd });
    expect(human.status).toBe(1);
    expect(human.stderr).toContain('not empty: data/, notes.txt');
  });

  it('a non-empty folder with --force: the server is written beside what was there', () => {
    const cwd = temp();
    mkdirSync(path.join(cwd, 'demo'));
    writeFileSync(path.join(cwd, 'demo/notes.txt'), 'mine\n');
    const r = runCli(['init', 'demo', '--force', '--json', ...OFFLINE], { cwd });
    expect(r.status, r.stderr).toBe(0);
    expect(read(path.join(cwd, 'demo'), 'notes.txt')).toBe('mine\n');
    expect(existsSync(path.join(cwd, 'demo/src/index.ts'))).toBe(true);
  });

  it('a second init into the same folder changes nothing and says so', () => {
    const cwd = temp();
    expect(runCli(['init', 'demo', ...OFFLINE], { cwd }).status).toBe(0);
    const before = treeDigest(cwd);
    const again = runCli(['init', 'demo', ...OFFLINE], { cwd });
    expect(again.status, again.stderr).toBe(0);
    expect(again.stdout).toContain('Nothing to change');
    expect(treeDigest(cwd)).toBe(before);
    const json = parseJsonOut(runCli(['init', 'demo', '--json', '--force', ...OFFLINE], { cwd }));
    expect(json).toMatchObject({ ok: true, changes: [], project: { mode: 'upgrade' } });
    expect(json.skipped).toContain('package.json');
    expect(treeDigest(cwd)).toBe(before);
  });

  it('init with no folder inside a server adds only the files it lacks', () => {
    const cwd = temp();
    expect(runCli(['init', 'demo', ...OFFLINE], { cwd }).status).toBe(0);
    const root = path.join(cwd, 'demo');
    rmSync(path.join(root, 'scripts/lint-mcp.ts'));
    rmSync(path.join(root, STARTERS[1]!));
    writeFileSync(path.join(root, 'README.md'), '# edited\n');
    const r = runCli(['init', '--json', '--cwd', path.join(root, 'src')], { cwd });
    expect(r.status, r.stderr).toBe(0);
    const out = parseJsonOut(r);
    expect(out.changes).toEqual([{ path: 'scripts/lint-mcp.ts', action: 'create' }]);
    expect(out.skipped).toContain('README.md');
    expect(read(root, 'README.md')).toBe('# edited\n');
    expect(existsSync(path.join(root, STARTERS[1]!))).toBe(false);
  });

  it('a scoped name as the folder: folder from its last part, the package keeps the scope', () => {
    const cwd = temp();
    const r = runCli(['init', '@acme/weather-server', '--json', ...OFFLINE], { cwd });
    expect(r.status, r.stderr).toBe(0);
    const pkg = JSON.parse(read(path.join(cwd, 'weather-server'), 'package.json'));
    expect(pkg.name).toBe('@acme/weather-server');
    expect(pkg.mcpName).toBe('io.github.acme/weather-server');
    expect(parseJsonOut(r).project.prefix).toBe('weather');
  });
});

describe('bad input writes nothing, exit 1', () => {
  const cases: [string, string[], string, string][] = [
    ['an invalid package name', ['--name', 'My Server'], 'NAME_INVALID', '--name'],
    ['an unknown package manager', ['--pm', 'pip'], 'OPTION_INVALID', 'npm, pnpm, yarn, bun'],
    ['a framework tag', ['--framework-version', 'latest'], 'OPTION_INVALID', '0.10.17'],
    ['an invalid owner', ['--owner', 'not valid!'], 'OPTION_INVALID', '--owner'],
    ['an invalid prefix', ['--prefix', '9lives'], 'NAME_INVALID', 'prefix'],
    ['a prefix-less name', ['--name', '123'], 'MISSING_INPUT', '--prefix'],
  ];
  for (const [what, flags, code, mention] of cases) {
    it(what, () => {
      const cwd = temp();
      const r = runCli(['init', 'demo', '--json', ...OFFLINE, ...flags], { cwd });
      expect(r.status).toBe(1);
      const out = parseJsonOut(r);
      expect(out.error.code).toBe(code);
      expect(`${out.error.message} ${out.error.hint}`).toContain(mention);
      expect(readdirSync(cwd)).toEqual([]);
    });
  }

  it('a folder path through an existing file: CONFLICT naming the file, before any plan is shown', () => {
    const cwd = temp();
    writeFileSync(path.join(cwd, 'notes.txt'), 'mine\n');
    const r = runCli(['init', 'notes.txt/server', '--json', ...OFFLINE], { cwd });
    expect(r.status).toBe(1);
    const out = parseJsonOut(r);
    expect(out.error.code).toBe('CONFLICT');
    expect(out.error.message).toContain(`${path.join(cwd, 'notes.txt')} is a file`);
    expect(r.stderr).not.toContain('CREATE');
    expect(readdirSync(cwd)).toEqual(['notes.txt']);
  });
});

describe('install and git', () => {
  /** A folder for PATH holding fake tools (shell scripts) and git, so nothing is downloaded. */
  function fakeBin(tools: Record<string, string>): string {
    const bin = temp();
    for (const [name, body] of Object.entries(tools)) {
      writeFileSync(path.join(bin, name), `#!/bin/sh\n${body}\n`);
      chmodSync(path.join(bin, name), 0o755);
    }
    return bin;
  }
  const gitPath = path.dirname(spawnSync('sh', ['-c', 'command -v git'], { encoding: 'utf8' }).stdout.trim());

  it('makes a git repository with one commit holding every file', () => {
    const cwd = temp();
    const r = runCli(['init', 'demo', '--json', '--no-install'], { cwd, env: GIT_ENV });
    expect(r.status, r.stderr).toBe(0);
    expect(parseJsonOut(r).git).toEqual({ ran: true, initialized: true, committed: true });
    const root = path.join(cwd, 'demo');
    const git = (...args: string[]) => spawnSync('git', args, { cwd: root, encoding: 'utf8' }).stdout.trim();
    expect(git('rev-list', '--count', 'HEAD')).toBe('1');
    expect(git('status', '--porcelain')).toBe('');
    expect(git('ls-files').split('\n')).toHaveLength(31);
  });

  /** The branches the generated CI runs on for a push. */
  const ciPushBranches = (root: string) =>
    /^ {2}push:\n {4}branches: \[([^\]]*)\]$/m
      .exec(read(root, '.github/workflows/ci.yml'))?.[1]
      ?.split(',')
      .map((b) => b.trim());

  it("its first branch is main, whatever git's default, and the CI runs on pushes to it", () => {
    const cwd = temp();
    // A git configured to start repositories on master, as git's own default does.
    const config = path.join(temp(), 'gitconfig');
    writeFileSync(config, '[init]\n\tdefaultBranch = master\n');
    const r = runCli(['init', 'demo', '--json', '--no-install'], {
      cwd,
      env: { ...GIT_ENV, GIT_CONFIG_GLOBAL: config },
    });
    expect(r.status, r.stderr).toBe(0);
    const root = path.join(cwd, 'demo');
    const branch = spawnSync('git', ['branch', '--show-current'], { cwd: root, encoding: 'utf8' }).stdout.trim();
    expect(branch).toBe('main');
    expect(ciPushBranches(root)).toEqual([branch]);
  });

  it('on a git without --initial-branch (before 2.28), still main', () => {
    const cwd = temp();
    const realGit = path.join(gitPath, 'git');
    const bin = fakeBin({
      git: `case "$*" in *--initial-branch*) echo "error: unknown option initial-branch" >&2; exit 129;; esac\nexec ${realGit} "$@"`,
    });
    const r = runCli(['init', 'demo', '--json', '--no-install'], {
      cwd,
      env: { ...GIT_ENV, PATH: `${bin}:${process.env.PATH}` },
    });
    expect(r.status, r.stderr).toBe(0);
    expect(parseJsonOut(r).git).toEqual({ ran: true, initialized: true, committed: true });
    const root = path.join(cwd, 'demo');
    const git = (...args: string[]) => spawnSync(realGit, args, { cwd: root, encoding: 'utf8' }).stdout.trim();
    expect(git('branch', '--show-current')).toBe('main');
    expect(git('rev-list', '--count', 'HEAD')).toBe('1');
    expect(ciPushBranches(root)).toEqual(['main']);
  });

  it('inside an existing work tree: no nested repository, no commit', () => {
    const cwd = temp();
    spawnSync('git', ['init', '-q'], { cwd });
    const r = runCli(['init', 'demo', '--json', '--no-install'], { cwd, env: GIT_ENV });
    expect(r.status, r.stderr).toBe(0);
    expect(parseJsonOut(r).git).toEqual({ ran: false, reason: 'inside a git work tree already' });
    expect(existsSync(path.join(cwd, 'demo/.git'))).toBe(false);
  });

  it('installs with the package manager that launched it (npm_config_user_agent)', () => {
    const cwd = temp();
    const bin = fakeBin({ pnpm: 'echo "pnpm $@" > installed-with.txt' });
    const r = runCli(['init', 'demo', '--json', '--no-git'], {
      cwd,
      env: { PATH: `${bin}:${process.env.PATH}`, npm_config_user_agent: 'pnpm/9.1.0 npm/? node/v20.20.2 linux x64' },
    });
    expect(r.status, r.stderr).toBe(0);
    const out = parseJsonOut(r);
    expect(out.project.packageManager).toBe('pnpm');
    expect(out.install).toMatchObject({ ran: true, passed: true, exitCode: 0, command: 'pnpm install' });
    expect(read(path.join(cwd, 'demo'), 'installed-with.txt')).toBe('pnpm install\n');
    expect(read(path.join(cwd, 'demo'), 'README.md')).toContain('pnpm run devcheck --no-fix');
  });

  it('a failed install: the log tail shown, files kept, exit 2, INSTALL_FAILED', () => {
    const cwd = temp();
    const bin = fakeBin({
      npm: 'for i in $(seq 1 40); do echo "npm log line $i"; done; echo "npm error ETARGET no such version" >&2; exit 1',
    });
    const r = runCli(['init', 'demo', '--json', '--pm', 'npm', '--no-git'], {
      cwd,
      env: { PATH: `${bin}:${process.env.PATH}` },
    });
    expect(r.status).toBe(2);
    const out = parseJsonOut(r);
    expect(out.ok).toBe(false);
    expect(out.error.code).toBe('INSTALL_FAILED');
    expect(out.install).toMatchObject({
      ran: true,
      passed: false,
      exitCode: 1,
      command: 'npm install --no-audit --no-fund',
    });
    expect(r.stderr).toContain('npm error ETARGET no such version');
    expect(r.stderr).toContain('npm log line 40');
    expect(r.stderr).not.toContain('npm log line 5\n');
    expect(existsSync(out.install.logFile)).toBe(true);
    rmSync(out.install.logFile);
    expect(existsSync(path.join(cwd, 'demo/src/index.ts'))).toBe(true);
  });

  it('a package manager that is not installed: exit 2 with a hint, files kept', () => {
    const cwd = temp();
    const bin = fakeBin({});
    const r = runCli(['init', 'demo', '--json', '--pm', 'bun', '--no-git'], { cwd, env: { PATH: bin } });
    expect(r.status).toBe(2);
    const out = parseJsonOut(r);
    expect(out.error.code).toBe('PACKAGE_MANAGER_MISSING');
    expect(out.error.hint).toContain('npm i -g bun');
    expect(JSON.parse(read(path.join(cwd, 'demo'), 'package.json')).scripts.devcheck).toBe('bun scripts/devcheck.ts');
  });

  it('git without an identity: a warning, the files staged, still exit 0', () => {
    const cwd = temp();
    const home = temp();
    const r = runCli(['init', 'demo', '--json', '--no-install'], {
      cwd,
      env: {
        HOME: home,
        XDG_CONFIG_HOME: home,
        GIT_CONFIG_NOSYSTEM: '1',
        PATH: `${gitPath}:${process.env.PATH}`,
        EMAIL: '',
        GIT_AUTHOR_NAME: '',
        GIT_COMMITTER_NAME: '',
      },
    });
    const out = parseJsonOut(r);
    if (out.git.committed) return; // this machine's git found an identity anyway (e.g. from the hostname)
    expect(r.status).toBe(0);
    expect(out.git).toMatchObject({ ran: true, initialized: true, committed: false });
    expect(out.warnings.join(' ')).toContain('git commit failed');
  });
});

const hasScript = spawnSync('sh', ['-c', 'command -v script']).status === 0;

describe.skipIf(!hasScript)('on a terminal', () => {
  it('asks name, description, owner and package manager, then writes what was answered', async () => {
    const cwd = temp();
    const r = await onTerminal(
      cwd,
      ['init', 'demo', ...OFFLINE],
      [
        ['Package name', '\r'],
        ['Description', 'Typed at a terminal.\r'],
        ['Owner', '\x15acme\r'],
        ['Package manager', '\r'],
      ],
    );
    expect(r.exit, r.output).toBe(0);
    expect(r.output).toContain('mcp-scaffold init');
    expect(r.output).toContain('Next steps');
    const root = path.join(cwd, 'demo');
    const pkg = JSON.parse(read(root, 'package.json'));
    expect(pkg).toMatchObject({ name: 'demo', description: 'Typed at a terminal.', mcpName: 'io.github.acme/demo' });
  });

  it('Ctrl-C at a prompt exits 1 and leaves nothing', async () => {
    const cwd = temp();
    const r = await onTerminal(
      cwd,
      ['init', 'demo', ...OFFLINE],
      [
        ['Package name', '\r'],
        ['Description', '\x03'],
      ],
    );
    expect(r.exit, r.output).toBe(1);
    expect(r.output.split('Cancelled: nothing was written.')).toHaveLength(2);
    expect(readdirSync(cwd)).toEqual([]);
  });

  it('--yes on a terminal asks nothing', async () => {
    const cwd = temp();
    const r = await onTerminal(cwd, ['init', 'demo', '--yes', ...OFFLINE], []);
    expect(r.exit, r.output).toBe(0);
    expect(r.output).not.toContain('Package name');
    expect(existsSync(path.join(cwd, 'demo/package.json'))).toBe(true);
  });
});

/**
 * The default range, asked of the registry npm is configured with (`npm_config_registry`), here
 * registries on this machine: one that answers, one that refuses connections, one that never
 * answers. The CLI runs asynchronously so that the local registry can answer it.
 */
describe('init: the default framework range from the registry', () => {
  const serve = async (handler: RequestListener) => {
    const server = createServer(handler);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    return { url: `http://127.0.0.1:${port}/`, close: () => new Promise((r) => server.close(r)) };
  };
  const initWith = async (registry: string, cwd = temp()) => {
    const r = await execa(process.execPath, [BIN, 'init', 'demo', '--yes', '--json', '--dry-run', '--no-install'], {
      cwd,
      reject: false,
      stdin: 'ignore',
      env: { NO_COLOR: '1', npm_config_registry: registry, npm_config_offline: 'false' },
      timeout: 120_000,
    });
    return { status: r.exitCode ?? null, stdout: String(r.stdout), stderr: String(r.stderr) };
  };

  it('takes the newest release the registry serves, and the starter code for that line', async () => {
    const asked: string[] = [];
    const registry = await serve((req, res) => {
      asked.push(req.url ?? '');
      res.setHeader('content-type', 'application/json');
      res.end(frameworkAnswer(req.url, '0.12.3'));
    });
    try {
      const r = await initWith(registry.url);
      expect(r.status, r.stderr).toBe(0);
      const out = parseJsonOut(r);
      expect(out.project).toMatchObject({ frameworkRange: '^0.12.3', frameworkVersion: '0.12.3' });
      expect(out.warnings).toEqual([]);
      expect(asked).toEqual([DIST_TAGS_PATH]);
    } finally {
      await registry.close();
    }
  });

  it('reads the document where the registry has no dist-tags to give (an error, or no version)', async () => {
    for (const tags of [
      (res: ServerResponse) => res.writeHead(404).end('{"error":"Not found"}'),
      (res: ServerResponse) => res.end('{"error":"no such thing"}'),
    ]) {
      const asked: string[] = [];
      const registry = await serve((req, res) => {
        asked.push(req.url ?? '');
        res.setHeader('content-type', 'application/json');
        if (req.url === DIST_TAGS_PATH) return tags(res);
        res.end(frameworkAnswer(req.url, '0.11.5'));
      });
      try {
        const r = await initWith(registry.url);
        expect(r.status, r.stderr).toBe(0);
        const out = parseJsonOut(r);
        expect(out.project).toMatchObject({ frameworkRange: '^0.11.5', frameworkSource: { from: 'registry' } });
        expect(out.warnings).toEqual([]);
        expect(asked).toEqual([DIST_TAGS_PATH, DOCUMENT_PATH]);
      } finally {
        await registry.close();
      }
    }
  });

  it('falls back to the pinned version with a warning when the registry cannot be reached', async () => {
    const registry = await serve(() => {});
    const url = registry.url;
    await registry.close();
    const r = await initWith(url);
    expect(r.status, r.stderr).toBe(0);
    const out = parseJsonOut(r);
    expect(out.project.frameworkRange).toBe('^0.10.17');
    expect(out.warnings.join(' ')).toMatch(/Could not ask the registry .*could not be reached.*the pinned \^0\.10\.17/);
  });

  it('gives up after a few seconds on a registry that never answers', async () => {
    const registry = await serve(() => {});
    try {
      const started = Date.now();
      const r = await initWith(registry.url);
      expect(r.status, r.stderr).toBe(0);
      expect(Date.now() - started).toBeLessThan(20_000);
      const out = parseJsonOut(r);
      expect(out.project.frameworkRange).toBe('^0.10.17');
      expect(out.warnings.join(' ')).toContain('no answer in 3000 ms');
    } finally {
      await registry.close();
    }
  });

  it('does not ask when npm is offline, and says so without a warning', () => {
    const r = runCli(['init', 'demo', '--yes', '--json', '--dry-run', '--no-install'], { cwd: temp() });
    expect(r.status, r.stderr).toBe(0);
    const out = parseJsonOut(r);
    expect(out.project.frameworkRange).toBe('^0.10.17');
    expect(out.warnings).toEqual([]);
    expect(r.stderr).toContain('npm is configured offline');
  });
});

describe('init: --framework-version with a packed framework, and --license', () => {
  const frameworks = path.resolve(import.meta.dirname, '../../../shared/frameworks');

  it('a relative .tgz path is taken from --cwd and becomes a file: dependency on the absolute path', () => {
    const cwd = temp();
    const relative = path.relative(cwd, path.join(frameworks, 'cyanheads-mcp-ts-core-0.11.5.tgz'));
    const r = runCli(['init', 'demo', '--yes', '--json', '--no-install', '--no-git', '--framework-version', relative], {
      cwd,
    });
    expect(r.status, r.stderr).toBe(0);
    const pkg = JSON.parse(readFileSync(path.join(cwd, 'demo/package.json'), 'utf8'));
    expect(pkg.dependencies['@cyanheads/mcp-ts-core']).toBe(
      `file:${path.join(frameworks, 'cyanheads-mcp-ts-core-0.11.5.tgz')}`,
    );
    expect(parseJsonOut(r).project.frameworkVersion).toBe('0.11.5');
  });

  it('--license MIT writes its text; an id without a text here is refused, nothing written', () => {
    const cwd = temp();
    const ok = runCli(['init', 'demo', '--yes', '--json', '--no-install', '--no-git', '--license', 'MIT'], { cwd });
    expect(ok.status, ok.stderr).toBe(0);
    expect(readFileSync(path.join(cwd, 'demo/LICENSE'), 'utf8')).toMatch(/^MIT License\n/);
    const other = temp();
    const bad = runCli(['init', 'demo', '--yes', '--json', '--license', 'WTFPL'], { cwd: other });
    expect(bad.status).toBe(1);
    expect(parseJsonOut(bad).error).toMatchObject({ code: 'OPTION_INVALID' });
    expect(readdirSync(other)).toEqual([]);
  });
});
