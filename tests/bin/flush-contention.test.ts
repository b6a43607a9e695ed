/**
 * The flush against other writers and a real machine: concurrent `add tool` runs on one server
 * (each registers its definition or refuses cleanly, nothing lost), a real full disk (a 2 MB
 * tmpfs, where the machine lets us mount one), and symlinks out of the project at each path
 * `add` and `init` write (refused, nothing written on either side of the link).
 */

import { execFileSync, spawnSync } from 'node:child_process';
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statfsSync,
  symlinkSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';
import { makeProject, spawnCli, treeDigest } from './support.js';

const made: string[] = [];
afterAll(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});
const temp = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'mcp-scaffold-contention-'));
  made.push(dir);
  return dir;
};

const toolFile = (n: number) => `src/mcp-server/tools/definitions/demo-tool-number-${n}.tool.ts`;
const exportOf = (n: number) => `demoToolNumber${n}Tool`;

describe('concurrent add tool runs on one server', () => {
  it.each([2, 8])(
    '%i at once: each registers its tool or refuses cleanly, nothing lost',
    async (n) => {
      const root = makeProject();
      made.push(root);
      const names = Array.from({ length: n }, (_, i) => i + 1);
      const runs = await Promise.all(
        names.map((i) => spawnCli(['add', 'tool', `demo_tool_number_${i}`, '--json', '--no-devcheck', '--cwd', root])),
      );
      const index = readFileSync(path.join(root, 'src/index.ts'), 'utf8');
      const registered = new Set<number>();
      runs.forEach((r, k) => {
        const i = names[k]!;
        const out = JSON.parse(r.stdout) as { ok: boolean; error?: { code: string } };
        const written = readdirSync(path.join(root, 'src/mcp-server/tools/definitions')).includes(
          path.basename(toolFile(i)),
        );
        if (r.status === 0) {
          expect(out.ok).toBe(true);
          registered.add(i);
          expect(written).toBe(true);
          expect(index).toContain(
            `import { ${exportOf(i)} } from './mcp-server/tools/definitions/demo-tool-number-${i}.tool.js';`,
          );
          expect(index).toMatch(new RegExp(`tools: \\[[^\\]]*\\b${exportOf(i)}\\b`));
        } else {
          expect(r.status, r.stderr).toBe(1);
          expect(['LOCKED', 'CONFLICT']).toContain(out.error?.code);
          expect(written).toBe(false);
          expect(index).not.toContain(exportOf(i));
        }
      });
      // A run whose plan another run's write made stale plans again, so two at once both land.
      if (n === 2) expect([...registered].sort()).toEqual(names);
      else expect(registered.size).toBeGreaterThan(0);
      process.stderr.write(`[contention] ${registered.size} of ${n} concurrent runs registered\n`);
      // The entry point still parses, and no lock, journal or temp file is left behind.
      const parsed = ts.createSourceFile('index.ts', index, ts.ScriptTarget.Latest, true);
      expect((parsed as unknown as { parseDiagnostics: unknown[] }).parseDiagnostics).toEqual([]);
      const leftovers = execFileSync('find', [root, '-mindepth', '1', '-name', '*mcp-scaffold*'], { encoding: 'utf8' });
      expect(leftovers).toBe('');
    },
    120_000,
  );
});

describe('concurrent init runs making one new folder', () => {
  it('4 at once: one makes the server, the others find it there, nothing half-written or left beside it', async () => {
    const parent = temp();
    const args = ['init', 'demo', '--json', '--no-install', '--no-git', '--framework-version', '0.12.3'];
    const runs = await Promise.all(Array.from({ length: 4 }, () => spawnCli([...args, '--cwd', parent])));
    // A run that came after the folder was made sees a server (the upgrade flow: nothing to add);
    // one that planned before refuses it as in the way once its own rename finds it there.
    const outcomes = runs.map((r) => {
      const out = JSON.parse(r.stdout) as { ok: boolean; changes?: unknown[]; error?: { code: string } };
      return out.ok ? (out.changes!.length > 0 ? 'made' : 'found') : out.error!.code;
    });
    const said = runs.map((r) => r.stdout).join('\n');
    expect(
      outcomes.filter((o) => o === 'made'),
      said,
    ).toHaveLength(1);
    expect(
      outcomes.filter((o) => o !== 'made').every((o) => o === 'found' || o === 'CONFLICT'),
      said,
    ).toBe(true);
    process.stderr.write(`[contention] concurrent inits: ${outcomes.join(', ')}\n`);
    expect(readdirSync(parent)).toEqual(['demo']);
    // The folder is what one clean run makes.
    const alone = temp();
    expect((await spawnCli([...args, '--cwd', alone])).status).toBe(0);
    expect(treeDigest(path.join(parent, 'demo'))).toBe(treeDigest(path.join(alone, 'demo')));
  }, 120_000);
});

/** A 2 MB tmpfs mounted on a new folder, or why it cannot be. */
function smallDisk(): { dir: string } | { reason: string } {
  const dir = temp();
  const r = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=2m', 'tmpfs', dir], { encoding: 'utf8' });
  return r.status === 0 ? { dir } : { reason: (r.stderr || r.error?.message || 'mount failed').trim() };
}

const disk = smallDisk();
afterAll(() => {
  if ('dir' in disk) spawnSync('umount', [disk.dir]);
});
if ('reason' in disk) {
  console.warn(`Skipping the real full-disk test: cannot mount a tmpfs here (${disk.reason}).`);
}

describe.skipIf('reason' in disk)('a real full disk (2 MB tmpfs)', () => {
  it('add tool with 0 to 12 pages free: done in full, or WRITE_FAILED with the project byte-identical', async () => {
    const mount = (disk as { dir: string }).dir;
    const outcomes: string[] = [];
    for (let pages = 0; pages <= 12; pages++) {
      const root = path.join(mount, `p${pages}`);
      const project = makeProject();
      execFileSync('cp', ['-r', `${project}/.`, root]);
      rmSync(project, { recursive: true, force: true });
      const filler = path.join(mount, 'filler');
      writeFileSync(filler, '');
      const fs = statfsSync(mount);
      truncateSync(filler, Math.max(0, (fs.bavail - pages) * fs.bsize));
      execFileSync(
        'dd',
        ['if=/dev/zero', `of=${filler}`, 'bs=4096', `count=${Math.max(0, fs.bavail - pages)}`, 'conv=notrunc'],
        { stdio: 'ignore' },
      );
      const before = treeDigest(root);
      const r = await spawnCli(['add', 'tool', 'demo_find_items', '--json', '--no-devcheck', '--cwd', root]);
      const out = JSON.parse(r.stdout) as {
        ok: boolean;
        warnings: string[];
        error?: { code: string; message: string };
      };
      // The notes and the stand-in lines speak of the files as written.
      const saysWritten = [/STAND-IN:/, /^Naming:/m];
      if (r.status === 0) {
        outcomes.push('done');
        expect(readFileSync(path.join(root, 'src/index.ts'), 'utf8')).toContain('demoFindItemsTool');
        expect(out.warnings.join('\n')).toMatch(saysWritten[0]!);
        for (const said of saysWritten.slice(1)) expect(r.stderr).toMatch(said);
      } else {
        outcomes.push(out.error!.code);
        expect(r.status, r.stderr).toBe(1);
        expect(out.error!.code).toBe('WRITE_FAILED');
        expect(out.error!.message).toMatch(/nothing was written\.$|every change was rolled back\.$/);
        expect(treeDigest(root)).toBe(before);
        // Nothing said of a file that is not there: no line to replace in it, no "added".
        expect(out.warnings).toEqual([]);
        for (const said of saysWritten) expect(r.stderr).not.toMatch(said);
      }
      rmSync(root, { recursive: true, force: true });
      rmSync(filler);
    }
    // The sweep crosses the point where the change fits: both outcomes happen.
    expect(outcomes).toContain('WRITE_FAILED');
    expect(outcomes).toContain('done');
  }, 120_000);
});

describe('symlinks out of the project', () => {
  const ADD = ['add', 'tool', 'demo_find_items', '--json', '--no-devcheck'];
  it.each([
    ['the definition file', 'src/mcp-server/tools/definitions/demo-find-items.tool.ts', 'file'],
    ['the definitions folder', 'src/mcp-server/tools/definitions', 'dir'],
    ['tests/tools', 'tests/tools', 'dir'],
    ['src/index.ts', 'src/index.ts', 'file'],
  ] as const)(
    'add tool with %s linked outside: OUTSIDE_PROJECT, nothing written, with or without --force, dry run too',
    async (_what, link, kind) => {
      for (const force of [[], ['--force'], ['--force', '--dry-run']]) {
        const root = makeProject();
        made.push(root);
        const outside = temp();
        writeFileSync(path.join(outside, 'target.ts'), readFileSync(path.join(root, 'src/index.ts')));
        if (kind === 'dir' && link.endsWith('definitions')) {
          writeFileSync(
            path.join(outside, 'echo.tool.ts'),
            readFileSync(path.join(root, 'src/mcp-server/tools/definitions/echo.tool.ts')),
          );
        }
        rmSync(path.join(root, link), { recursive: true, force: true });
        mkdirSync(path.dirname(path.join(root, link)), { recursive: true });
        symlinkSync(kind === 'dir' ? outside : path.join(outside, 'target.ts'), path.join(root, link));
        const [inside, out] = [treeDigest(root), treeDigest(outside)];
        const r = await spawnCli([...ADD, ...force, '--cwd', root]);
        const json = JSON.parse(r.stdout) as { error?: { code: string; message: string } };
        expect(r.status, r.stderr).toBe(1);
        // A refusal naming a file that leads outside (already there, edited since generated) is
        // made as OUTSIDE_PROJECT: that file is never written, whatever else is said of it.
        expect(json.error?.code, json.error?.message).toBe('OUTSIDE_PROJECT');
        expect(json.error?.message).toContain(
          'leads outside the project through a symbolic link; nothing was written.',
        );
        expect(treeDigest(root)).toBe(inside);
        expect(treeDigest(outside)).toBe(out);
      }
    },
    60_000,
  );

  it('init --force into a folder whose src/ links outside: OUTSIDE_PROJECT, nothing written', async () => {
    const parent = temp();
    const outside = temp();
    const root = path.join(parent, 'demo');
    mkdirSync(root);
    symlinkSync(outside, path.join(root, 'src'));
    const [inside, out] = [treeDigest(parent), treeDigest(outside)];
    for (const force of [[], ['--force']]) {
      const r = await spawnCli(['init', 'demo', '--json', '--no-install', '--no-git', ...force, '--cwd', parent]);
      const json = JSON.parse(r.stdout) as { error?: { code: string; details?: { path: string }[] } };
      expect(r.status, r.stderr).toBe(1);
      if (force.length > 0) {
        expect(json.error?.code).toBe('OUTSIDE_PROJECT');
        expect(json.error?.details?.map((d) => d.path)).toContain('src/index.ts');
      }
      expect(treeDigest(parent)).toBe(inside);
      expect(treeDigest(outside)).toBe(out);
    }
  }, 60_000);
});
