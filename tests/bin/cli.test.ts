/**
 * The built binary, spawned: the command-line contract the README states (flags, --json, exit codes,
 * no prompt without a TTY), on small fixture projects.
 */

import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BIN, makeProject, onTerminal, parseJsonOut, runCli, treeDigest } from './support.js';

const TOOL = 'src/mcp-server/tools/definitions/demo-find-items.tool.ts';
const TEST = 'tests/tools/demo-find-items.tool.test.ts';
const roots: string[] = [];
const project = (...args: Parameters<typeof makeProject>) => {
  const root = makeProject(...args);
  roots.push(root);
  return root;
};
afterEach(() => {
  for (const r of roots.splice(0)) rmSync(r, { recursive: true, force: true });
});
const read = (root: string, rel: string) => readFileSync(path.join(root, rel), 'utf8');

describe('help and version', () => {
  it('--help lists the commands, the global options and examples, exit 0', () => {
    const r = runCli(['--help']);
    expect(r.status).toBe(0);
    for (const s of [
      'add',
      '--cwd',
      '--dry-run',
      '--json',
      '--yes',
      '--force',
      '--no-devcheck',
      '--full-devcheck',
      '--devcheck-timeout',
      '--verbose',
      'Examples:',
      'Exit status',
    ]) {
      expect(r.stdout).toContain(s);
    }
  });

  it('add tool --help shows its flags and examples', () => {
    const r = runCli(['add', 'tool', '--help']);
    expect(r.status).toBe(0);
    for (const s of [
      '--description',
      '--title',
      '--destructive',
      '--idempotent',
      '--open-world',
      '--no-read-only',
      '--no-test',
      'Examples:',
      '$ mcp-scaffold add tool',
    ]) {
      expect(r.stdout).toContain(s);
    }
  });

  it('--version prints the package version', () => {
    const pkg = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../package.json'), 'utf8'));
    const r = runCli(['--version']);
    expect(r.status).toBe(0);
    expect(r.stdout.trim()).toBe(pkg.version);
  });

  it('no arguments: help on stderr, exit 1', () => {
    const r = runCli([]);
    expect(r.status).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('Usage: mcp-scaffold');
  });

  it('an unknown option under --json is one JSON error on stdout, exit 1', () => {
    const r = runCli(['add', 'tool', 'x_y', '--frobnicate', '--json']);
    expect(r.status).toBe(1);
    const out = parseJsonOut(r);
    expect(out.ok).toBe(false);
    expect(out.error.code).toBe('OPTION_INVALID');
    expect(out.error.message).toContain('--frobnicate');
  });

  it.each([
    [
      'an unknown option',
      ['add', 'tool', 'x_y', '--frobnicate'],
      'mcp-scaffold add tool',
      "unknown option '--frobnicate'",
    ],
    ['a missing argument', ['add', 'tool'], 'mcp-scaffold add tool', "missing required argument 'name'"],
    ['an unknown command', ['frob'], 'mcp-scaffold', "unknown command 'frob'"],
    ['an unknown add command', ['add', 'frob'], 'mcp-scaffold add', "unknown command 'frob'"],
  ])('%s: the one-line usage and a hint, not the whole help page; exit 1', (_, args, path, message) => {
    const r = runCli(args);
    expect(r.status).toBe(1);
    expect(r.stdout).toBe('');
    const lines = r.stderr.trim().split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toBe(`error: ${message}`);
    expect(lines[1]).toMatch(new RegExp(`^Usage: ${path} \\[options\\]`));
    expect(lines[2]).toBe(`hint: run \`${path} --help\` for its options and examples.`);
    const out = parseJsonOut(runCli([...args, '--json']));
    expect(out.error).toEqual({
      code: 'OPTION_INVALID',
      message,
      hint: `Run \`${path} --help\` for its options and examples.`,
    });
  });

  it.each([[['add', 'tool']], [['add', 'service']], [['init']], [['list']]])(
    '%j --help lists the global options its examples use',
    (args) => {
      const r = runCli([...args, '--help']);
      expect(r.status).toBe(0);
      const global = r.stdout.slice(r.stdout.indexOf('Global Options:'));
      for (const flag of ['--json', '--dry-run', '--yes', '--cwd', '--force', '--no-devcheck', '--devcheck-timeout']) {
        expect(global).toContain(flag);
      }
    },
  );

  it('a command group without its command (`add`, or only global flags): help on stderr, exit 1', () => {
    // Commander reports these as "help shown"; they were exit 0 although nothing was done.
    for (const args of [['add'], ['--json'], ['add', '--json']]) {
      const r = runCli(args);
      expect(r.status, args.join(' ')).toBe(1);
      expect(r.stderr).toContain('Usage: mcp-scaffold');
    }
    expect(runCli(['add']).stdout).toBe('');
    const out = parseJsonOut(runCli(['add', '--json']));
    expect(out).toMatchObject({ ok: false, command: 'add', error: { code: 'OPTION_INVALID' } });
  });

  it('--version and --help under --json: one JSON object on stdout, exit 0', () => {
    const pkg = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../package.json'), 'utf8'));
    const version = runCli(['--version', '--json']);
    expect(version.status).toBe(0);
    expect(parseJsonOut(version)).toEqual({ ok: true, command: 'version', version: pkg.version });
    const help = runCli(['add', 'tool', '--help', '--json']);
    expect(help.status).toBe(0);
    const out = parseJsonOut(help);
    expect(out).toMatchObject({ ok: true, command: 'add tool' });
    expect(out.help).toContain('--description');
  });

  it('--help does not load ts-morph; an add that parses does', () => {
    const trace = (args: string[]) =>
      spawnSync(process.execPath, [BIN, ...args], {
        env: { ...process.env, NODE_DEBUG: 'module', MCP_SCAFFOLD_CACHE: '0' },
        encoding: 'utf8',
      }).stderr;
    const help = trace(['--help']);
    expect(help).toMatch(/cli\.cjs/); // the probe sees module loads at all
    expect(help).not.toMatch(/ts-morph/);
    // The positive control: the same probe does see it when a generator parses the entry point.
    const root = project();
    expect(trace(['add', 'tool', 'demo_find_items', '--dry-run', '--cwd', root])).toMatch(/ts-morph/);
  });
});

describe('colour', () => {
  const ESC = '\u001b[';
  const refused = (env: NodeJS.ProcessEnv) =>
    runCli(['add', 'tool', 'bad name', '--cwd', project()], { env: { NO_COLOR: '', CI: '', ...env } });

  it('FORCE_COLOR=1 colours; FORCE_COLOR=0 and NO_COLOR do not', () => {
    expect(refused({ FORCE_COLOR: '1' }).stderr).toContain(ESC);
    // Node's convention (and the one this CLI uses for the processes it starts): 0 means no colour.
    expect(refused({ FORCE_COLOR: '0' }).stderr).not.toContain(ESC);
    expect(refused({ FORCE_COLOR: 'false' }).stderr).not.toContain(ESC);
    expect(refused({ FORCE_COLOR: '1', NO_COLOR: '1' }).stderr).not.toContain(ESC);
  });
});

describe('add tool', () => {
  it('--json: one object on stdout with the contract fields; files written and registered', () => {
    const root = project();
    const r = runCli([
      'add',
      'tool',
      'demo_find_items',
      '--description',
      'Find items.',
      '--json',
      '--no-devcheck',
      '--cwd',
      root,
    ]);
    expect(r.status).toBe(0);
    const out = parseJsonOut(r);
    expect(out).toMatchObject({
      ok: true,
      command: 'add tool',
      dryRun: false,
      changes: [
        { path: 'src/index.ts', action: 'update' },
        { path: TOOL, action: 'create' },
        { path: TEST, action: 'create' },
      ],
      devcheck: { ran: false },
    });
    expect(read(root, TOOL)).toContain("tool('demo_find_items', {");
    const index = read(root, 'src/index.ts');
    expect(index).toContain(
      "import { demoFindItemsTool } from './mcp-server/tools/definitions/demo-find-items.tool.js';",
    );
    expect(index).toContain('tools: [echoTool, demoFindItemsTool],');
  });

  it('runs from a subfolder: the project is found upwards', () => {
    const root = project();
    mkdirSync(path.join(root, 'src/deep/er'), { recursive: true });
    const r = runCli(['add', 'tool', 'demo_find_items', '--json', '--no-devcheck'], {
      cwd: path.join(root, 'src/deep/er'),
    });
    expect(r.status).toBe(0);
    expect(existsSync(path.join(root, TOOL))).toBe(true);
  });

  it('--dry-run prints CREATE/UPDATE with a unified diff and writes nothing', () => {
    const root = project();
    const before = treeDigest(root);
    const r = runCli(['add', 'tool', 'demo_find_items', '--dry-run', '--cwd', root]);
    expect(r.status).toBe(0);
    expect(r.stdout).toContain(`CREATE ${TOOL}`);
    expect(r.stdout).toContain('UPDATE src/index.ts');
    expect(r.stdout).toContain('--- a/src/index.ts');
    expect(r.stdout).toContain('+  tools: [echoTool, demoFindItemsTool],');
    expect(r.stdout).toContain('-  tools: [echoTool],');
    expect(treeDigest(root)).toBe(before);
    const json = parseJsonOut(runCli(['add', 'tool', 'demo_find_items', '--dry-run', '--json', '--cwd', root]));
    expect(json.dryRun).toBe(true);
    expect(json.devcheck).toEqual({ ran: false, reason: 'dry run' });
    expect(json.changes.find((c: { path: string }) => c.path === TOOL).diff).toContain('+++ b/' + TOOL);
    expect(treeDigest(root)).toBe(before);
  });

  it.each([['bad name'], ['1tool'], ['../x'], [''], ['a/b'], ['find.items'], ['x'.repeat(65)]])(
    'refuses the name %j with NAME_INVALID and writes nothing',
    (name) => {
      const root = project();
      const before = treeDigest(root);
      const r = runCli(['add', 'tool', name, '--json', '--cwd', root]);
      expect(r.status).toBe(1);
      const out = parseJsonOut(r);
      expect(out.error.code).toBe('NAME_INVALID');
      expect(out.error.hint).toContain('snake_case');
      expect(treeDigest(root)).toBe(before);
    },
  );

  it('proposes the accepted form of a refused name, under --json too', () => {
    const root = project();
    const out = parseJsonOut(runCli(['add', 'tool', 'acme find items', '--json', '--cwd', root]));
    expect(out.error).toMatchObject({
      code: 'NAME_INVALID',
      message: 'Invalid tool name "acme find items": it contains " "; did you mean acme_find_items?',
    });
    expect(runCli(['add', 'prompt', 'Acme-Summarize', '--cwd', root]).stderr).toContain('did you mean acme_summarize?');
  });

  it('converts kebab-case and camelCase and says so', () => {
    const root = project();
    const r = runCli(['add', 'tool', 'demo-find-items', '--json', '--no-devcheck', '--cwd', root]);
    expect(r.status).toBe(0);
    expect(r.stderr).toContain('Converted kebab-case "demo-find-items" to the MCP tool name "demo_find_items"');
    const r2 = runCli(['add', 'tool', 'demoGetThing', '--json', '--no-devcheck', '--cwd', root]);
    expect(r2.status).toBe(0);
    expect(read(root, 'src/mcp-server/tools/definitions/demo-get-thing.tool.ts')).toContain("tool('demo_get_thing'");
  });

  it('warns when the name lacks the server prefix the tools share', () => {
    const root = project();
    const out = parseJsonOut(runCli(['add', 'tool', 'find_items', '--json', '--no-devcheck', '--cwd', root]));
    expect(out.warnings.join('\n')).toContain('"demo_find_items"');
  });

  it('outside a project: NOT_A_PROJECT with a hint to run init', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'mcp-scaffold-empty-'));
    roots.push(dir);
    const out = parseJsonOut(runCli(['add', 'tool', 'demo_find_items', '--json', '--cwd', dir]));
    expect(out.error.code).toBe('NOT_A_PROJECT');
    expect(out.error.hint).toContain('mcp-scaffold init');
  });

  it('an existing tool: ALREADY_EXISTS, nothing written; --force rewrites without a second registration', () => {
    const root = project();
    runCli(['add', 'tool', 'demo_find_items', '--json', '--no-devcheck', '--cwd', root]);
    const before = treeDigest(root);
    const r = runCli(['add', 'tool', 'demo_find_items', '--description', 'Changed.', '--json', '--cwd', root]);
    expect(r.status).toBe(1);
    const out = parseJsonOut(r);
    expect(out.error.code).toBe('ALREADY_EXISTS');
    expect(out.error.details.map((d: { path: string }) => d.path)).toEqual([TOOL, TEST]);
    expect(treeDigest(root)).toBe(before);

    const forced = parseJsonOut(
      runCli([
        'add',
        'tool',
        'demo_find_items',
        '--description',
        'Changed.',
        '--force',
        '--json',
        '--no-devcheck',
        '--cwd',
        root,
      ]),
    );
    expect(forced.ok).toBe(true);
    expect(forced.changes).toEqual([{ path: TOOL, action: 'update' }]);
    expect(read(root, TOOL)).toContain("description: 'Changed.',");
    expect(read(root, 'src/index.ts').match(/demoFindItemsTool/g)).toHaveLength(2);
    // Running the same forced add again changes nothing at all.
    const again = parseJsonOut(
      runCli([
        'add',
        'tool',
        'demo_find_items',
        '--description',
        'Changed.',
        '--force',
        '--json',
        '--no-devcheck',
        '--cwd',
        root,
      ]),
    );
    expect(again.changes).toEqual([]);
  });

  it('a layout it cannot place: UNSUPPORTED_LAYOUT naming file and line, nothing written', () => {
    const root = project({
      'src/index.ts':
        "import { createApp } from '@cyanheads/mcp-ts-core';\nimport { buildTools } from './build.js';\n\nawait createApp({\n  name: 'demo',\n  tools: buildTools(),\n});\n",
    });
    const before = treeDigest(root);
    const out = parseJsonOut(runCli(['add', 'tool', 'demo_find_items', '--json', '--cwd', root]));
    expect(out.error.code).toBe('UNSUPPORTED_LAYOUT');
    expect(out.error.message).toContain('src/index.ts:6');
    expect(treeDigest(root)).toBe(before);
  });

  it('an unparseable src/index.ts: PARSE_ERROR, nothing written', () => {
    const root = project({
      'src/index.ts': "import { createApp } from '@cyanheads/mcp-ts-core';\nawait createApp({ tools: [echoTool, });\n",
    });
    const before = treeDigest(root);
    const out = parseJsonOut(runCli(['add', 'tool', 'demo_find_items', '--json', '--cwd', root]));
    expect(out.error.code).toBe('PARSE_ERROR');
    expect(out.error.message).toContain('src/index.ts');
    expect(treeDigest(root)).toBe(before);
  });

  it('a file where a folder must be is found while planning: exit 1, ALREADY_EXISTS, tree unchanged', () => {
    // tests/tools is a file: the test file could not be written there (ENOTDIR at write time).
    const root = project({ 'tests/tools': 'in the way\n' });
    const before = treeDigest(root);
    const r = runCli(['add', 'tool', 'demo_find_items', '--json', '--no-devcheck', '--cwd', root]);
    expect(r.status).toBe(1);
    const out = parseJsonOut(r);
    expect(out.error.code).toBe('ALREADY_EXISTS');
    expect(out.error.details).toEqual([
      { path: 'tests/tools/demo-find-items.tool.test.ts', message: 'tests/tools is a file, not a folder' },
    ]);
    expect(treeDigest(root)).toBe(before);
  });

  it('a Latin-1 byte in src/index.ts: ENCODING_UNSUPPORTED, exit 1, every byte unchanged', () => {
    const root = project();
    const index = path.join(root, 'src/index.ts');
    writeFileSync(index, Buffer.concat([readFileSync(index), Buffer.from('// caf\u00e9\n', 'latin1')]));
    const before = treeDigest(root);
    const r = runCli(['add', 'tool', 'demo_find_items', '--json', '--no-devcheck', '--cwd', root]);
    expect(r.status).toBe(1);
    expect(parseJsonOut(r).error.code).toBe('ENCODING_UNSUPPORTED');
    expect(treeDigest(root)).toBe(before);
  });

  it('a UTF-8 byte order mark on src/index.ts is kept by the edit', () => {
    const root = project();
    const index = path.join(root, 'src/index.ts');
    const original = readFileSync(index);
    writeFileSync(index, Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), original]));
    expect(runCli(['add', 'tool', 'demo_find_items', '--no-devcheck', '--cwd', root]).status).toBe(0);
    const after = readFileSync(index);
    expect([...after.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(after.toString('utf8')).toContain('demoFindItemsTool');
  });

  it('never prompts without a TTY: a missing description takes the default', () => {
    const root = project();
    const r = runCli(['add', 'tool', 'demo_find_items', '--no-devcheck', '--cwd', root]);
    expect(r.status).toBe(0);
    expect(read(root, TOOL)).toContain("description: 'TODO: Find items. Say what it returns and when to use it.',");
  });

  const QUESTION = 'What does demo_find_items do?';
  /** The CLI on a pseudo-terminal, with `keys` typed once the question is on the screen. */
  const onTty = (root: string, extra: string[], keys: string | undefined) =>
    onTerminal(
      root,
      ['add', 'tool', 'demo_find_items', '--no-devcheck', '--cwd', root, ...extra],
      keys === undefined ? [] : [[QUESTION, keys]],
    );

  it('asks for the description on a TTY', async () => {
    const root = project();
    const r = await onTty(root, [], 'Typed on a terminal.\r');
    expect(r.output).toContain(QUESTION);
    expect(r.exit).toBe(0);
    expect(read(root, TOOL)).toContain("description: 'Typed on a terminal.',");
  });

  it('on a TTY, --yes asks nothing', async () => {
    const root = project();
    const r = await onTty(root, ['--yes'], undefined);
    expect(r.output).not.toContain('What does');
    expect(r.exit).toBe(0);
    expect(read(root, TOOL)).toContain('TODO: Find items. Say what it returns');
  });

  it('several problems on a terminal: each line once', async () => {
    const root = project();
    const files = [TOOL, 'tests/tools/demo-find-items.tool.test.ts'];
    for (const rel of files) {
      mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
      writeFileSync(path.join(root, rel), 'x\n');
    }
    const r = await onTty(root, ['--description', 'Finds.'], undefined);
    expect(r.exit, r.output).toBe(1);
    expect(r.output).toContain('2 problems, nothing was written:');
    for (const rel of files) expect(r.output.split(`${rel}: file already exists`), r.output).toHaveLength(2);
  });

  it('Ctrl-C at the prompt exits 1 and writes nothing', async () => {
    const root = project();
    const before = treeDigest(root);
    const r = await onTty(root, [], '\u0003');
    expect(r.output).toContain(QUESTION);
    expect(r.exit).toBe(1);
    expect(r.output).toContain('CANCELLED');
    expect(treeDigest(root)).toBe(before);
  });
});

describe('devcheck after the flush', () => {
  it('passing devcheck: exit 0, its output on stderr under --json', () => {
    const root = project({}, { scripts: { devcheck: 'node -e "console.log(\'DEVCHECK-SAYS-HI\')"' } });
    const r = runCli(['add', 'tool', 'demo_find_items', '--json', '--cwd', root]);
    expect(r.status).toBe(0);
    const out = parseJsonOut(r);
    expect(out.devcheck).toMatchObject({ ran: true, passed: true, exitCode: 0, command: 'npm run devcheck' });
    expect(typeof out.devcheck.durationMs).toBe('number');
    expect(r.stderr).toContain('DEVCHECK-SAYS-HI');
    expect(r.stdout).not.toContain('DEVCHECK-SAYS-HI');
  });

  it('failing devcheck: exit 2, files kept, ok:false with DEVCHECK_FAILED', () => {
    const root = project({}, { scripts: { devcheck: 'node -e "process.exit(3)"' } });
    const r = runCli(['add', 'tool', 'demo_find_items', '--json', '--cwd', root]);
    expect(r.status).toBe(2);
    const out = parseJsonOut(r);
    expect(out).toMatchObject({
      ok: false,
      error: { code: 'DEVCHECK_FAILED' },
      devcheck: { ran: true, passed: false, exitCode: 3 },
    });
    expect(out.changes).toHaveLength(3);
    expect(existsSync(path.join(root, TOOL))).toBe(true);
    // The fixture has no node_modules: the hint points at the install, not at the code.
    expect(out.error.hint).toBe(
      'The dependencies look uninstalled (no @cyanheads/mcp-ts-core in node_modules): run `npm install`, then `npm run devcheck`.',
    );
    mkdirSync(path.join(root, 'node_modules/@cyanheads/mcp-ts-core'), { recursive: true });
    writeFileSync(path.join(root, 'node_modules/@cyanheads/mcp-ts-core/package.json'), '{"version":"0.10.17"}');
    const again = parseJsonOut(runCli(['add', 'tool', 'demo_other_thing', '--json', '--cwd', root]));
    expect(again.error.hint).toBe('Run `npm run devcheck` in the project to see the failures.');
  });

  it('nothing to change: devcheck is not run, exit 0', () => {
    const root = project({}, { scripts: { devcheck: 'node -e "process.exit(3)"' } });
    runCli(['add', 'tool', 'demo_find_items', '--json', '--no-devcheck', '--cwd', root]);
    const r = runCli(['add', 'tool', 'demo_find_items', '--force', '--json', '--cwd', root]);
    expect(r.status).toBe(0);
    const out = parseJsonOut(r);
    expect(out.changes).toEqual([]);
    expect(out.devcheck).toEqual({ ran: false, reason: 'no changes' });
  });

  it('no devcheck script: says so and skips', () => {
    const root = project();
    const out = parseJsonOut(runCli(['add', 'tool', 'demo_find_items', '--json', '--cwd', root]));
    expect(out.devcheck).toEqual({ ran: false, reason: 'no devcheck script' });
  });

  it('--no-devcheck skips it', () => {
    const root = project({}, { scripts: { devcheck: 'node -e "process.exit(3)"' } });
    const r = runCli(['add', 'tool', 'demo_find_items', '--json', '--no-devcheck', '--cwd', root]);
    expect(r.status).toBe(0);
    expect(parseJsonOut(r).devcheck).toEqual({ ran: false, reason: '--no-devcheck' });
  });

  it('package manager not on PATH: exit 2 with a hint, files kept', () => {
    const root = project({}, { packageManager: 'bun@1.3.14', scripts: { devcheck: 'bun run scripts/devcheck.ts' } });
    const emptyBin = mkdtempSync(path.join(tmpdir(), 'mcp-scaffold-path-'));
    roots.push(emptyBin);
    const r = runCli(['add', 'tool', 'demo_find_items', '--json', '--cwd', root], { env: { PATH: emptyBin } });
    expect(r.status).toBe(2);
    const out = parseJsonOut(r);
    expect(out.error.code).toBe('PACKAGE_MANAGER_MISSING');
    expect(out.error.hint).toContain('bun');
    expect(out.error.hint).toContain('--no-devcheck');
    expect(existsSync(path.join(root, TOOL))).toBe(true);
  });
});

it('writes exactly what the flags say into the annotations', () => {
  const root = project();
  runCli([
    'add',
    'tool',
    'demo_drop_table',
    '--destructive',
    '--idempotent',
    '--open-world',
    '--no-devcheck',
    '--cwd',
    root,
  ]);
  const text = read(root, 'src/mcp-server/tools/definitions/demo-drop-table.tool.ts');
  expect(text).toContain('readOnlyHint: false,\n    destructiveHint: true,\n    idempotentHint: true,\n');
  expect(text).toContain('openWorldHint: true,');
});
