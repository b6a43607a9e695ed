/**
 * The built CLI for `add service` and the `add tool` variants: flags, --json, exit codes, and
 * refusals that leave the project untouched. Fixture projects have no node_modules, which is
 * itself a case: a variant that depends on the installed framework must say to install first.
 */

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeProject, parseJsonOut, runCli, treeDigest } from './support.js';

describe('add service', () => {
  it('--json: one object, the service files, setup() registration, exit 0', () => {
    const root = makeProject();
    const r = runCli(['add', 'service', 'ncbi', '--json', '--no-devcheck', '--cwd', root]);
    expect(r.status, r.stderr).toBe(0);
    const out = parseJsonOut(r);
    expect(out).toMatchObject({
      ok: true,
      command: 'add service',
      dryRun: false,
      changes: [
        { path: 'src/index.ts', action: 'update' },
        { path: 'src/services/ncbi/ncbi-service.ts', action: 'create' },
        { path: 'src/services/ncbi/types.ts', action: 'create' },
        { path: 'tests/services/ncbi/ncbi-service.test.ts', action: 'create' },
      ],
      service: {
        name: 'ncbi',
        className: 'NcbiService',
        init: 'initNcbiService',
        accessor: 'getNcbiService',
        registeredIn: ['src/index.ts'],
      },
    });
    // Without --storage its test needs nothing the installed framework must have.
    expect(out.warnings.join('\n')).not.toContain('is not installed');
  });

  it('--storage: setup() passes the storage too; not installed, the test storage is unchecked and it says so', () => {
    const root = makeProject();
    const r = runCli(['add', 'service', 'ncbi', '--storage', '--json', '--no-devcheck', '--cwd', root]);
    expect(r.status, r.stderr).toBe(0);
    const out = parseJsonOut(r);
    expect(out).toMatchObject({ ok: true, service: { storage: true } });
    expect(readFileSync(path.join(root, 'src/index.ts'), 'utf8')).toContain(
      '    initNcbiService(core.config, core.storage);\n',
    );
    expect(out.warnings.join('\n')).toContain('is not installed');
  });

  it('--dry-run prints the setup() diff and writes nothing', () => {
    const root = makeProject();
    const before = treeDigest(root);
    const r = runCli(['add', 'service', 'ncbi', '--dry-run', '--no-devcheck', '--cwd', root]);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain('+  setup(core) {');
    expect(r.stdout).toContain('+    initNcbiService(core.config);');
    expect(treeDigest(root)).toBe(before);
  });

  it('a bad name: exit 1, NAME_INVALID, nothing written', () => {
    const root = makeProject();
    const before = treeDigest(root);
    const out = parseJsonOut(runCli(['add', 'service', 'no good', '--json', '--cwd', root]));
    expect(out).toMatchObject({ ok: false, command: 'add service', error: { code: 'NAME_INVALID' } });
    expect(treeDigest(root)).toBe(before);
  });

  it('--help shows its examples and does not load ts-morph', () => {
    const r = runCli(['add', 'service', '--help'], { env: { NODE_DEBUG: 'module' } });
    expect(r.status).toBe(0);
    expect(r.stdout).toContain('mcp-scaffold add service ncbi');
    expect(r.stdout).toContain('--no-test');
    expect(r.stderr).toMatch(/cli\.cjs/); // the probe sees module loads at all
    expect(r.stderr).not.toMatch(/ts-morph/);
  });
});

describe('add tool variants', () => {
  it('--service for a service that does not exist: exit 1, SERVICE_MISSING, the hint names the command', () => {
    const root = makeProject();
    const before = treeDigest(root);
    const r = runCli(['add', 'tool', 'demo_fetch_record', '--service', 'ncbi', '--json', '--cwd', root]);
    expect(r.status).toBe(1);
    expect(parseJsonOut(r)).toMatchObject({
      ok: false,
      command: 'add tool',
      error: { code: 'SERVICE_MISSING', hint: 'Run `mcp-scaffold add service ncbi` first, then add the tool.' },
    });
    expect(treeDigest(root)).toBe(before);
  });

  it('--service after add service: exit 0, the tool reaches the service', () => {
    const root = makeProject();
    expect(runCli(['add', 'service', 'ncbi', '--no-devcheck', '--cwd', root]).status).toBe(0);
    const r = runCli([
      'add',
      'tool',
      'demo_fetch_record',
      '--service',
      'ncbi',
      '--json',
      '--no-devcheck',
      '--cwd',
      root,
    ]);
    expect(r.status, r.stderr).toBe(0);
    expect(parseJsonOut(r).changes.map((c: { path: string }) => c.path)).toContain(
      'src/mcp-server/tools/definitions/demo-fetch-record.tool.ts',
    );
  });

  it('typed --input/--output given several times reach the tool, each as a described field', () => {
    const root = makeProject();
    const r = runCli([
      ...['add', 'tool', 'demo_find_articles', '--json', '--no-devcheck', '--cwd', root],
      ...['--input', 'query:string:Text to match', '--input', 'limit:integer?:At most this many'],
      ...['--output', 'articles:object[]:The matches', '--no-open-world'],
    ]);
    expect(r.status, r.stderr).toBe(0);
    const tool = readFileSync(path.join(root, 'src/mcp-server/tools/definitions/demo-find-articles.tool.ts'), 'utf8');
    expect(tool).toContain("    query: z.string().describe('Text to match'),");
    // A number input is bounded (a limit: 1 to 100).
    expect(tool).toContain("    limit: z.number().int().min(1).max(100).optional().describe('At most this many'),");
    expect(tool).toContain("    articles: z.array(z.record(z.string(), z.unknown())).describe('The matches'),");
    expect(tool).toContain('    openWorldHint: false,');
  });

  it.each(['--confirm', '--task', '--app'])(
    '%s without the framework installed: exit 1, FRAMEWORK_NOT_INSTALLED',
    (flag) => {
      const root = makeProject();
      const before = treeDigest(root);
      const r = runCli(['add', 'tool', 'demo_do_thing', flag, '--json', '--cwd', root]);
      expect(r.status).toBe(1);
      expect(parseJsonOut(r)).toMatchObject({
        ok: false,
        error: { code: 'FRAMEWORK_NOT_INSTALLED', message: expect.stringContaining(flag) },
      });
      expect(treeDigest(root)).toBe(before);
    },
  );

  it('two variants at once: exit 1, OPTION_INVALID', () => {
    const root = makeProject();
    const r = runCli(['add', 'tool', 'demo_do_thing', '--task', '--app', '--json', '--cwd', root]);
    expect(r.status).toBe(1);
    expect(parseJsonOut(r).error.code).toBe('OPTION_INVALID');
  });

  it('add tool --help lists the variant flags', () => {
    const r = runCli(['add', 'tool', '--help']);
    for (const flag of ['--service <name>', '--confirm', '--task', '--app']) expect(r.stdout).toContain(flag);
  });
});
