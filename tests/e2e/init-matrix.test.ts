/**
 * `init` for each framework line a user can start on — 0.10.17 from the npm registry, 0.11.5 and
 * 0.12.3 from their packed tarballs beside the repository (`../shared/frameworks/`) — for real:
 * our init chooses that version (`--framework-version`), installs it with npm, copies its skills;
 * then, on Node alone, the server's devcheck passes read-only, its tests pass, it builds, the
 * framework's own packaging lint accepts its bundle files, and an `@modelcontextprotocol/sdk`
 * client over stdio lists and calls the starter tool, resource and prompt. Then, on one version,
 * the Dockerfile's build stage runs in a temp copy (no container engine here: its commands run
 * as the image would run them) and the upgrade flow refreshes what the framework owns.
 *
 * One install per version, the three in parallel (≈1–2 min on a loaded 2-core machine).
 */

import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { execa } from 'execa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  assertCliBuilt,
  BIN,
  CLIENT_PACKAGES,
  type ClientPackage,
  callToolRaw,
  connectInstalledClient,
  connectMcpClient,
  copyProject,
  describeRun,
  FRAMEWORK,
  hashTree,
  type InstalledClient,
  makeTempDir,
  parseJsonStdout,
  REPO_ROOT,
  type RunResult,
  removeTempDir,
  run,
  runOk,
  textOf,
} from './support.js';

const FRAMEWORKS = path.resolve(REPO_ROOT, '../shared/frameworks');
const tarball = (version: string) => path.join(FRAMEWORKS, `cyanheads-mcp-ts-core-${version}.tgz`);

interface Line {
  version: string;
  /** What `--framework-version` gets. */
  flag: string;
  /** What package.json's dependency must then say. */
  range: string;
  /** Its tools' outputSchema declares the error a failing call returns (0.12.0 on). */
  errorsAdvertised: boolean;
}

const LINES: Line[] = [
  { version: '0.10.17', flag: '^0.10.17', range: '^0.10.17', errorsAdvertised: false },
  { version: '0.11.5', flag: tarball('0.11.5'), range: `file:${tarball('0.11.5')}`, errorsAdvertised: false },
  { version: '0.12.3', flag: tarball('0.12.3'), range: `file:${tarball('0.12.3')}`, errorsAdvertised: true },
];

const GIT_ENV = {
  GIT_AUTHOR_NAME: 'mcp-scaffold e2e',
  GIT_AUTHOR_EMAIL: 'e2e@example.invalid',
  GIT_COMMITTER_NAME: 'mcp-scaffold e2e',
  GIT_COMMITTER_EMAIL: 'e2e@example.invalid',
};
/** PATH without any folder that holds bun: the servers must need Node and npm only. */
const NODE_ONLY = {
  ...GIT_ENV,
  PATH: (process.env.PATH ?? '')
    .split(path.delimiter)
    .filter((dir) => dir && !existsSync(path.join(dir, 'bun')))
    .join(path.delimiter),
};

let tmp: string;
const servers = new Map<string, { root: string; init: RunResult }>();
const started = performance.now();

const serverName = (version: string) => `m${version.replaceAll('.', '')}`;
const npm = (root: string, args: string[]) => run('npm', args, { cwd: root, env: NODE_ONLY, timeoutMs: 600_000 });
const cli = (args: string[], cwd: string) =>
  run(process.execPath, [BIN, ...args], { cwd, env: NODE_ONLY, timeoutMs: 900_000 });

/** The names of the external skills in an installed framework package. */
function externalSkills(packageDir: string): string[] {
  const dir = path.join(packageDir, 'skills');
  return readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory() && existsSync(path.join(dir, e.name, 'SKILL.md')))
    .filter((e) => /audience:\s*external/.test(readFileSync(path.join(dir, e.name, 'SKILL.md'), 'utf8')))
    .map((e) => e.name)
    .sort();
}

beforeAll(async () => {
  assertCliBuilt();
  for (const line of LINES.slice(1)) {
    if (!existsSync(line.flag)) throw new Error(`${line.flag} is missing: the matrix needs ../shared/frameworks/.`);
  }
  tmp = makeTempDir('mcp-scaffold-e2e-matrix-');
  await Promise.all(
    LINES.map(async (line) => {
      const name = serverName(line.version);
      const init = await cli(
        [
          'init',
          name,
          '--yes',
          '--pm',
          'npm',
          '--json',
          '--framework-version',
          line.flag,
          '--description',
          `A ${line.version} server.`,
        ],
        tmp,
      );
      servers.set(line.version, { root: path.join(tmp, name), init });
      process.stderr.write(
        `[e2e] init ${name} (${line.version}, with npm install): ${(init.durationMs / 1000).toFixed(1)} s\n`,
      );
    }),
  );
});

afterAll(() => {
  removeTempDir(tmp);
  process.stderr.write(`[e2e] init matrix: ${((performance.now() - started) / 1000).toFixed(1)} s in all\n`);
});

describe.each(LINES)('init for $version', (line) => {
  const server = () => servers.get(line.version)!;
  const prefix = serverName(line.version);

  it('installs that version, copies its external skills, commits, and matches its engines', () => {
    const { root, init } = server();
    expect(init.exitCode, describeRun(init)).toBe(0);
    const out = parseJsonStdout(init);
    expect(out).toMatchObject({ ok: true, install: { ran: true, passed: true }, git: { committed: true } });
    expect(out.changes).toHaveLength(31);
    const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
    expect(pkg.dependencies[FRAMEWORK]).toBe(line.range);
    const packageDir = path.join(root, 'node_modules', FRAMEWORK);
    const installed = JSON.parse(readFileSync(path.join(packageDir, 'package.json'), 'utf8'));
    expect(installed.version).toBe(line.version);
    expect(pkg.engines.node).toBe(installed.engines.node);
    const skills = externalSkills(packageDir);
    expect(skills.length).toBeGreaterThan(10);
    expect(out.skills.skills).toEqual(skills);
    for (const skill of skills) expect(existsSync(path.join(root, 'skills', skill, 'SKILL.md')), skill).toBe(true);
    expect(existsSync(path.join(root, 'skills/add-export'))).toBe(false);
    if (process.versions.node.split('.')[0] !== '24') expect(init.stderr).toContain('EBADENGINE');
  });

  it('passes its devcheck read-only and its tests, on Node alone', async () => {
    const { root } = server();
    const before = hashTree(root);
    const check = await npm(root, ['run', 'devcheck', '--', '--no-fix']);
    expect(check.exitCode, describeRun(check)).toBe(0);
    // The only warnings: init's three starters, each marked as the example it is.
    expect(check.stdout, describeRun(check)).toMatch(/4 passed, 0 failed, 3 warnings/);
    expect(check.stdout.match(/^ {4}src\/mcp-server\/[^\n]*\/\/ STAND-IN: an example/gmu)).toHaveLength(3);
    expect(check.stdout).not.toMatch(/✖/u);
    expect(hashTree(root)).toEqual(before);
    const tsconfig = JSON.parse(readFileSync(path.join(root, 'tsconfig.json'), 'utf8'));
    // From 0.11.4 on tests are type-checked too, as in the framework's own template.
    expect(tsconfig.include).toEqual(['src/**/*', 'tests/**/*']);
    const tests = await npm(root, ['test']);
    expect(tests.exitCode, describeRun(tests)).toBe(0);
    expect(tests.stdout).toMatch(/Tests\s+7 passed/);
  });

  it("builds src alone, and the framework's packaging lint accepts manifest.json, .mcpbignore and the plugin manifests", async () => {
    const { root } = server();
    const build = await npm(root, ['run', 'build']);
    expect(build.exitCode, describeRun(build)).toBe(0);
    expect(existsSync(path.join(root, 'dist/index.js'))).toBe(true);
    expect(existsSync(path.join(root, 'dist/tests'))).toBe(false);
    const lint = path.join(root, 'node_modules', FRAMEWORK, 'scripts/lint-packaging.ts');
    const packaging = await run(path.join(root, 'node_modules/.bin/tsx'), [lint], { cwd: root, env: NODE_ONLY });
    expect(packaging.exitCode, describeRun(packaging)).toBe(0);
    expect(packaging.stdout).toContain('Packaging alignment OK');
  });

  it('answers an MCP client over stdio: lists and calls the starter tool, resource and prompt', async () => {
    const { root } = server();
    const session = await connectMcpClient(root);
    try {
      const { client } = session;
      const tools = await client.listTools();
      expect(tools.tools.map((t) => t.name)).toEqual([`${prefix}_echo_message`]);
      const called = await client.callTool({ name: `${prefix}_echo_message`, arguments: { message: 'hi 👋' } });
      expect(called.isError ?? false, session.stderr()).toBe(false);
      expect(called.structuredContent).toEqual({ message: 'hi 👋', characterCount: 4 });

      const templates = await client.listResourceTemplates();
      expect(templates.resourceTemplates.map((t) => t.uriTemplate)).toEqual([`${prefix}://echo/{message}`]);
      const read = await client.readResource({ uri: `${prefix}://echo/hello` });
      expect(JSON.parse((read.contents[0] as { text?: string }).text ?? '')).toEqual({
        message: 'hello',
        characterCount: 5,
      });

      const prompts = await client.listPrompts();
      expect(prompts.prompts.map((p) => p.name)).toEqual([`${prefix}_summarize`]);
      const got = await client.getPrompt({ name: `${prefix}_summarize`, arguments: { text: 'Matrix text.' } });
      expect(JSON.stringify(got.messages)).toContain('Matrix text.');
    } finally {
      await session.close();
    }
  });

  it('a failing tool reaches the stock SDK clients as its AGENTS.md and README say for this line', async () => {
    const { root } = server();
    const said = (file: string) => readFileSync(path.join(root, file), 'utf8').replace(/\s+/g, ' ');
    const minor = line.version.split('.').slice(0, 2).join('.');
    expect(said('AGENTS.md')).toContain(`On the framework's ${minor} line`);
    expect(said('README.md')).toContain(`On framework ${minor},`);
    if (line.errorsAdvertised) {
      expect(said('AGENTS.md')).toContain("so the stock client's `callTool()` returns the error result");
      expect(said('README.md')).toContain("a client's `callTool()` returns that result");
    } else {
      expect(said('AGENTS.md')).toContain('`callTool()` rejects with an `McpError`, code -32602');
      expect(said('README.md')).toContain("client's `callTool()` throws `McpError` -32602");
    }

    const blank = { name: `${prefix}_echo_message`, arguments: { message: '  ' } };
    const failure = {
      error: {
        code: -32602,
        message: 'The message has no visible character.',
        data: { reason: 'empty_message', recovery: { hint: 'Send a message with at least one visible character.' } },
      },
    };
    const session = await connectMcpClient(root);
    const packages = Object.keys(CLIENT_PACKAGES) as ClientPackage[];
    const installed = await Promise.all(packages.map((pkg) => connectInstalledClient(root, pkg)));
    try {
      // The SDK 1.x comes with every line; 0.12 brings the 2.x client too.
      expect(installed.map((c) => c !== undefined)).toEqual([true, line.errorsAdvertised]);
      const ours: InstalledClient = {
        name: "this repository's @modelcontextprotocol/sdk",
        listTools: () => session.client.listTools(),
        callTool: (params) => session.client.callTool(params),
        close: () => session.close(),
      };
      for (const client of [ours, ...installed.filter((c) => c !== undefined)]) {
        // Listing the tools is what gives the 1.x client the outputSchema it checks results against.
        await client.listTools();
        const called = client.callTool(blank);
        if (line.errorsAdvertised) {
          const result = await called;
          expect(result.isError, client.name).toBe(true);
          expect(result.structuredContent, client.name).toEqual(failure);
        } else {
          await expect(called, client.name).rejects.toMatchObject({
            code: -32602,
            message: expect.stringContaining("Structured content does not match the tool's output schema"),
          });
        }
      }
      // The way round the check the docs give: the same call as a plain request returns the result.
      const raw = await callToolRaw(session.client, blank.name, blank.arguments);
      expect(raw.isError, JSON.stringify(raw)).toBe(true);
      expect(raw.structuredContent).toEqual(failure);
      expect(textOf(raw.content)).toContain('Recovery: Send a message with at least one visible character.');
    } finally {
      await Promise.all([session.close(), ...installed.map((c) => c?.close())]);
    }
  });
});

/** A stage of a Dockerfile (continuation lines joined): its instructions, in order. */
function stage(dockerfile: string, name: string): { op: string; args: string }[] {
  const lines = dockerfile.replace(/\\\n\s*/g, ' ').split('\n');
  const start = lines.findIndex((l) => new RegExp(`^FROM .* AS ${name}$`, 'i').test(l));
  const next = lines.findIndex((l, i) => i > start && /^FROM /i.test(l));
  return lines
    .slice(start + 1, next === -1 ? undefined : next)
    .map((l) => /^([A-Z]+) (.*)$/.exec(l))
    .flatMap((m) => (m ? [{ op: m[1]!, args: m[2]! }] : []));
}

/** Carries out a stage's COPY and RUN in `work`, as the image build would; returns its ENV. */
async function runStage(steps: { op: string; args: string }[], from: Record<string, string>, work: string) {
  const ignored = readFileSync(path.join(from.context!, '.dockerignore'), 'utf8')
    .split('\n')
    .filter((l) => /^[\w.-]+\/$/.test(l))
    .map((l) => l.slice(0, -1));
  expect(ignored).toEqual(expect.arrayContaining(['node_modules', 'dist', '.git']));
  const env: Record<string, string> = {};
  mkdirSync(work, { recursive: true });
  for (const { op, args } of steps) {
    const copyFrom = /^--from=(\w+) \/usr\/src\/app\/(\S+) (\S+)$/.exec(args);
    if (op === 'COPY' && copyFrom) {
      cpSync(path.join(from[copyFrom[1]!]!, copyFrom[2]!), path.join(work, copyFrom[3]!), { recursive: true });
    } else if (op === 'COPY' && args === '. .') {
      const context = from.context!;
      const keep = (src: string) => !ignored.includes(path.relative(context, src).split(path.sep)[0]!);
      cpSync(context, work, { recursive: true, filter: keep });
    } else if (op === 'COPY') {
      for (const file of args.split(' ').slice(0, -1)) cpSync(path.join(from.context!, file), path.join(work, file));
    } else if (op === 'RUN') {
      const r = await run('sh', ['-c', args], { cwd: work, env: { ...NODE_ONLY, ...env }, timeoutMs: 600_000 });
      expect(r.exitCode, describeRun(r)).toBe(0);
    } else if (op === 'ENV') {
      const m = /^(\w+)="?([^"]*)"?$/.exec(args);
      if (m) env[m[1]!] = m[2]!;
    }
  }
  return env;
}

describe('the Dockerfile (no container engine here: its stages run in temp folders)', () => {
  it('builds from the lockfile; its production stage has what the server needs to serve MCP', async () => {
    const { root } = servers.get('0.12.3')!;
    const dockerfile = readFileSync(path.join(root, 'Dockerfile'), 'utf8');
    const build = path.join(tmp, 'docker-build');
    await runStage(stage(dockerfile, 'build'), { context: root }, build);
    expect(existsSync(path.join(build, 'dist/index.js'))).toBe(true);

    const production = path.join(tmp, 'docker-production');
    const steps = stage(dockerfile, 'production');
    const env = await runStage(steps, { context: root, build }, production);
    // Build-only tools stay out (vitest and tsx stay in: the framework lists them as optional peers).
    expect(existsSync(path.join(production, 'node_modules/typescript'))).toBe(false);
    expect(existsSync(path.join(production, 'node_modules/@biomejs'))).toBe(false);
    expect(env).toMatchObject({ NODE_ENV: 'production', MCP_TRANSPORT_TYPE: 'http' });
    const cmd = JSON.parse(steps.find((s) => s.op === 'CMD')!.args) as string[];
    expect(cmd).toEqual(['node', 'dist/index.js']);
    // The image's runtime dependencies and dist/ are enough to serve MCP (over stdio here).
    const { MCP_TRANSPORT_TYPE: _http, ...runtimeEnv } = env;
    const session = await connectMcpClient(production, { entry: cmd[1]!, env: runtimeEnv });
    try {
      const tools = await session.client.listTools();
      expect(tools.tools.map((t) => t.name)).toEqual([`${serverName('0.12.3')}_echo_message`]);
    } finally {
      await session.close();
    }
    // The framework's HTTP transport needs Node 22 or newer (Promise.withResolvers); the image has
    // Node 24. On an older Node the health check cannot be run here.
    if (Number(process.versions.node.split('.')[0]) >= 22) {
      const health = steps.find((s) => s.op === 'HEALTHCHECK')!.args.replace(/^.*?CMD /, '');
      const serverEnv = { ...env, MCP_HTTP_PORT: '3917', MCP_HTTP_HOST: '127.0.0.1' };
      const server = execa(process.execPath, cmd.slice(1), { cwd: production, env: serverEnv, reject: false });
      try {
        let healthy: RunResult | undefined;
        for (let i = 0; i < 40 && healthy?.exitCode !== 0; i++) {
          await new Promise((r) => setTimeout(r, 500));
          healthy = await run('sh', ['-c', health], { cwd: production, env: serverEnv });
        }
        expect(healthy?.exitCode, healthy && describeRun(healthy)).toBe(0);
      } finally {
        server.kill();
        await server;
      }
    }
    rmSync(build, { recursive: true, force: true });
    rmSync(production, { recursive: true, force: true });
    // Two installs from the registry (each stage's npm ci), each allowed what runStage allows a step:
    // one that stalled on the registry for minutes took the whole of the default 600 s in a CI run.
  }, 1_300_000);
});

describe('the upgrade flow (init with no folder, inside a 0.12.3 server)', () => {
  it("refreshes the framework's skills and the tsconfig split, leaves user code alone, and says true next steps", async () => {
    const original = servers.get('0.12.3')!.root;
    const root = copyProject(original, path.join(tmp, 'upgraded'));
    await runOk('git', ['init', '-q'], { cwd: root });
    const prefix = serverName('0.12.3');
    const added = await cli(['add', 'tool', `${prefix}_find_items`, '--json', '--no-devcheck'], root);
    expect(added.exitCode, describeRun(added)).toBe(0);
    // As an older server has it: tsconfig over src only, a skill out of date, one missing.
    writeFileSync(
      path.join(root, 'tsconfig.json'),
      `${JSON.stringify({ extends: '@cyanheads/mcp-ts-core/tsconfig.base.json', compilerOptions: { rootDir: 'src', outDir: 'dist', paths: { '@/*': ['./src/*'] } }, include: ['src/**/*'], exclude: ['node_modules', 'dist'] }, null, 2)}\n`,
    );
    writeFileSync(path.join(root, 'skills/add-tool/SKILL.md'), 'out of date\n');
    rmSync(path.join(root, 'skills/api-errors'), { recursive: true });
    const userCode = () =>
      Object.entries(hashTree(root)).filter(([p]) => p.startsWith('src/') || p.startsWith('tests/'));
    const before = userCode();

    const upgrade = await cli(['init', '--json', '--yes'], root);
    expect(upgrade.exitCode, describeRun(upgrade)).toBe(0);
    const out = parseJsonStdout(upgrade);
    const changed = out.changes.map((c: { path: string }) => c.path);
    expect(changed).toEqual(
      expect.arrayContaining(['skills/add-tool/SKILL.md', 'skills/api-errors/SKILL.md', 'tsconfig.json']),
    );
    expect(changed.every((p: string) => p.startsWith('skills/') || p.startsWith('tsconfig'))).toBe(true);
    expect(userCode()).toEqual(before);
    // The package's skill as this server's copy: the project's note after the front matter, npm's commands.
    const packaged = readFileSync(path.join(root, 'node_modules', FRAMEWORK, 'skills/add-tool/SKILL.md'), 'utf8');
    const front = /^---\n[\s\S]*?\n---\n/.exec(packaged)![0];
    const refreshedSkill = readFileSync(path.join(root, 'skills/add-tool/SKILL.md'), 'utf8');
    expect(refreshedSkill.startsWith(front)).toBe(true);
    const note = /^\n(?:>[^\n]*\n)+/.exec(refreshedSkill.slice(front.length))![0];
    expect(note).toMatch(/^\n> \*\*In this server:\*\* Create and register a tool with `.+ add tool /);
    expect(refreshedSkill.slice(front.length + note.length)).toBe(
      packaged.slice(front.length).replaceAll('bun run rebuild', 'npm run build').replaceAll('bun run ', 'npm run '),
    );
    expect(JSON.parse(readFileSync(path.join(root, 'tsconfig.json'), 'utf8')).include).toEqual([
      'src/**/*',
      'tests/**/*',
    ]);
    expect(out.nextSteps).not.toContain('npm install');
    expect(out.nextSteps.join('\n')).not.toContain(`add tool ${prefix}_find_items `);

    const check = await npm(root, ['run', 'devcheck', '--', '--no-fix']);
    expect(check.exitCode, describeRun(check)).toBe(0);
    // Warnings for the starters and what the added tool made up: what is still to replace.
    expect(check.stdout).toMatch(/4 passed, 0 failed, \d+ warnings/);
    const build = await npm(root, ['run', 'build']);
    expect(build.exitCode, describeRun(build)).toBe(0);
  });
});
