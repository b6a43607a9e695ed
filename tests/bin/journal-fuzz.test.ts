/**
 * The journal as input, through every writing command of the built CLI: random and hostile
 * journals (paths with `..`, absolute, through a symlinked folder out, into node_modules links and
 * .git; garbage, empty, cut short, huge, a folder or a link or a pipe at its name; setuid modes;
 * temps that are not the flush's; hashes that do not match) laid in a project, then `add tool`,
 * `add service`, `remove tool`, `remove prompt`, `rename`, `upgrade --no-install` and `init .` run
 * over each. Nothing outside the project changes (a sentinel tree beside it, hashed with modes),
 * stdout is one JSON object, and every outcome is a clean coded refusal (JOURNAL_INVALID, the
 * project byte-identical) or a correct recovery (each file as the journal says, before the command
 * goes on). The set is drawn from a fixed seed, so it is the same on every run.
 */

import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { JOURNAL_FILE, type Journal, sha256 } from '../../src/engine/journal.js';
import { journalBytes, tempName } from '../../src/engine/journal-format.js';
import { prng } from '../helpers/random.js';
import { spawnCli } from './support.js';

const made: string[] = [];
afterAll(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const INDEX = `import { createApp } from '@cyanheads/mcp-ts-core';
import { echoTool } from './mcp-server/tools/definitions/echo.tool.js';
import { echoPrompt } from './mcp-server/prompts/definitions/echo.prompt.js';

await createApp({ name: 'demo', tools: [echoTool], prompts: [echoPrompt] });
`;

interface Scene {
  /** The folder holding the project and the sentinel tree: everything in it but the project must stay. */
  base: string;
  root: string;
  sentinel: string;
}

/**
 * A project with a tool and a prompt, its framework installed as a link into the sentinel tree
 * (as pnpm lays packages), a link `out` to the sentinel, and a .git folder.
 */
function scene(): Scene {
  const base = mkdtempSync(path.join(tmpdir(), 'mcp-scaffold-journal-fuzz-'));
  made.push(base);
  const root = path.join(base, 'project');
  const sentinel = path.join(base, 'sentinel');
  const files: Record<string, string> = {
    'project/package.json': `${JSON.stringify({ name: 'demo', version: '0.1.0', type: 'module', dependencies: { '@cyanheads/mcp-ts-core': '^0.10.17' } })}\n`,
    'project/src/index.ts': INDEX,
    'project/src/mcp-server/tools/definitions/echo.tool.ts':
      "import { tool } from '@cyanheads/mcp-ts-core';\nexport const echoTool = tool('demo_echo_message', {} as never);\n",
    'project/src/mcp-server/prompts/definitions/echo.prompt.ts':
      "import { prompt } from '@cyanheads/mcp-ts-core';\nexport const echoPrompt = prompt('demo_echo', {} as never);\n",
    'project/.git/hooks/README': 'hooks\n',
    'project/fuzz/keep.txt': 'keep\n',
    'sentinel/victim.txt': 'secret\n',
    'sentinel/keep/x.txt': 'x\n',
    'sentinel/store/mcp-ts-core/package.json': '{"name":"@cyanheads/mcp-ts-core","version":"0.10.17"}\n',
  };
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(base, rel)), { recursive: true });
    writeFileSync(path.join(base, rel), text);
  }
  mkdirSync(path.join(root, 'node_modules/@cyanheads'), { recursive: true });
  symlinkSync(path.join(sentinel, 'store/mcp-ts-core'), path.join(root, 'node_modules/@cyanheads/mcp-ts-core'));
  symlinkSync(sentinel, path.join(root, 'out'));
  return { base, root, sentinel };
}

/** Every entry below `dir` (links not followed), with its kind, mode and bytes; `skip` left out. */
function digest(dir: string, skip?: string): string {
  const hash = createHash('sha256');
  const walk = (at: string) => {
    for (const name of readdirSync(at).sort()) {
      const abs = path.join(at, name);
      if (abs === skip) continue;
      const st = lstatSync(abs);
      const head = `${path.relative(dir, abs)} ${(st.mode & 0o7777).toString(8)}`;
      if (st.isSymbolicLink()) hash.update(`l ${head} ${readlinkSync(abs)}\n`);
      else if (st.isDirectory()) {
        hash.update(`d ${head}\n`);
        walk(abs);
      } else if (st.isFile()) {
        // A sparse file of a gigabyte is told by its size, not read.
        hash.update(`f ${head} ${st.size > 2 ** 20 ? st.size : sha256(readFileSync(abs))}\n`);
      } else hash.update(`o ${head}\n`);
    }
  };
  walk(dir);
  return hash.digest('hex');
}

/** What a valid journal's entry should leave: its old bytes back, the file gone, or the file as it is. */
interface Expected {
  path: string;
  /** The bytes the file must hold after the command (undefined: no file). */
  after: string | undefined;
}

/** A journal laid in the scene: refused whole, or undone to `expected` (`left`: some files kept, ROLLBACK_FAILED). */
type Laid = { refused: true; holdsFiles?: boolean } | { refused: false; expected: Expected[]; left: boolean };

const FLUSH_PID = 4242;

function entryOf(p: string, i: number, old: string | null, now: string, over: Record<string, unknown> = {}) {
  const dir = p.includes('/') ? `${p.slice(0, p.lastIndexOf('/'))}/` : '';
  return {
    path: p,
    tmp: `${dir}${tempName(FLUSH_PID, i)}`,
    old: old === null ? null : Buffer.from(old),
    mode: old === null ? null : 0o644,
    newHash: sha256(Buffer.from(now)),
    ...over,
  } as Journal['entries'][number];
}

function journalOf(entries: Journal['entries'], head: Partial<Journal> = {}): Journal {
  return { version: 2, pid: FLUSH_PID, host: 'host', started: '2026-01-01T00:00:00.000Z', dirs: [], entries, ...head };
}

const put = (s: Scene, bytes: Buffer | string) => writeFileSync(path.join(s.root, JOURNAL_FILE), bytes);
const refused =
  (lay: (s: Scene) => void) =>
  (s: Scene): Laid => {
    lay(s);
    return { refused: true };
  };

/** A journal of one entry at `p` (a file the flush replaced, now holding `now`), changed by `over`. */
const oneEntry = (p: string, over: Record<string, unknown> = {}, head: Partial<Journal> = {}) =>
  refused((s) => put(s, journalBytes(journalOf([entryOf(p, 0, 'old\n', 'secret\n', over)], head))));

/** The hostile journals, each refused whole. */
const HOSTILE: [string, (s: Scene, rand: () => number) => Laid][] = [
  ['a path out with ..', oneEntry('../sentinel/victim.txt')],
  ['a path out with .. deep inside', oneEntry('src/mcp-server/../../../sentinel/victim.txt')],
  ['an absolute path', (s) => oneEntry(path.join(s.sentinel, 'victim.txt'))(s)],
  ['a path through a symlinked folder out', oneEntry('out/victim.txt')],
  ['a folder made through a link out', oneEntry('out/new/x.txt', {}, { dirs: ['out/new'] })],
  ['a path into a node_modules link', oneEntry('node_modules/@cyanheads/mcp-ts-core/package.json')],
  ['a path into .git', oneEntry('.git/hooks/pre-commit')],
  ['a temp out with ..', oneEntry('fuzz/keep.txt', { tmp: '../sentinel/victim.txt' })],
  ['a temp that is not the flush\u2019s', oneEntry('fuzz/keep.txt', { tmp: 'fuzz/keep.txt' })],
  ['a temp of another pid', oneEntry('fuzz/keep.txt', { tmp: `fuzz/${tempName(7, 0)}` })],
  ['a temp in another folder', oneEntry('fuzz/keep.txt', { tmp: `src/${tempName(FLUSH_PID, 0)}` })],
  ['a setuid mode', (s, rand) => oneEntry('fuzz/keep.txt', { mode: 0o4000 | Math.floor(rand() * 0o7777) })(s)],
  ['a setgid sticky mode', oneEntry('fuzz/keep.txt', { mode: 0o3777 })],
  ['a hash that is no hash', oneEntry('fuzz/keep.txt', { newHash: 'ab'.repeat(31) })],
  ['an unknown field', oneEntry('fuzz/keep.txt', { run: 'rm -rf /' })],
  ['an empty file', refused((s) => put(s, ''))],
  ['garbage', refused((s) => put(s, Buffer.from(Array.from({ length: 512 }, (_, i) => (i * 37) % 256))))],
  [
    'random bytes',
    (s, rand) =>
      refused(() =>
        put(s, Buffer.from(Array.from({ length: 64 + Math.floor(rand() * 900) }, () => Math.floor(rand() * 256)))),
      )(s),
  ],
  [
    'cut short at a random byte',
    (s, rand) => {
      const whole = journalBytes(journalOf([entryOf('fuzz/keep.txt', 0, 'old bytes\n', 'keep\n')]));
      return refused(() => put(s, whole.subarray(0, 1 + Math.floor(rand() * (whole.length - 2)))))(s);
    },
  ],
  [
    'bytes after the last entry',
    refused((s) =>
      put(
        s,
        Buffer.concat([journalBytes(journalOf([entryOf('fuzz/keep.txt', 0, 'old\n', 'keep\n')])), Buffer.from('x')]),
      ),
    ),
  ],
  [
    'over a gigabyte',
    refused((s) => {
      put(s, journalBytes(journalOf([entryOf('fuzz/keep.txt', 0, 'old\n', 'keep\n')])));
      expect(spawnSync('truncate', ['-s', '1100M', path.join(s.root, JOURNAL_FILE)]).status).toBe(0);
    }),
  ],
  ['an empty folder at its name', refused((s) => mkdirSync(path.join(s.root, JOURNAL_FILE)))],
  [
    'a folder holding a file at its name',
    (s) => {
      mkdirSync(path.join(s.root, JOURNAL_FILE));
      writeFileSync(path.join(s.root, JOURNAL_FILE, 'mine.txt'), 'mine\n');
      return { refused: true, holdsFiles: true };
    },
  ],
  [
    'a link to a journal in the sentinel',
    refused((s) => {
      writeFileSync(
        path.join(s.sentinel, 'j'),
        journalBytes(journalOf([entryOf('fuzz/keep.txt', 0, 'old\n', 'keep\n')])),
      );
      symlinkSync(path.join(s.sentinel, 'j'), path.join(s.root, JOURNAL_FILE));
    }),
  ],
  [
    'a named pipe at its name',
    refused((s) => expect(spawnSync('mkfifo', [path.join(s.root, JOURNAL_FILE)]).status).toBe(0)),
  ],
  ['a folder it made for no file', oneEntry('fuzz/keep.txt', {}, { dirs: ['src'] })],
];

/**
 * A journal a flush could have written, over files in fuzz/: for each, at random, what the flush
 * replaced or made and what the file holds now (the new content, the old, nothing, or something
 * else: a hash that does not match, left as it is).
 */
function validJournal(s: Scene, rand: () => number): Laid {
  const count = 1 + Math.floor(rand() * 4);
  const expected: Expected[] = [];
  const entries: Journal['entries'] = [];
  let left = false;
  for (let i = 0; i < count; i++) {
    const p = `fuzz/f${i}.txt`;
    const old = rand() < 0.3 ? null : `old ${i} ${rand()}\n`;
    const next = `new ${i} ${rand()}\n`;
    const state = Math.floor(rand() * 4); // 0 new, 1 old, 2 missing, 3 something else
    const now = state === 0 ? next : state === 1 ? old : state === 2 ? null : `theirs ${i}\n`;
    if (now !== null) writeFileSync(path.join(s.root, p), now);
    // A temp the flush left, sometimes.
    if (rand() < 0.5) writeFileSync(path.join(s.root, `fuzz/${tempName(FLUSH_PID, i)}`), next);
    entries.push(entryOf(p, i, old, next));
    if (state === 3) left = true;
    expected.push({ path: p, after: state === 3 ? (now ?? undefined) : (old ?? undefined) });
  }
  put(s, journalBytes(journalOf(entries)));
  return { refused: false, expected, left };
}

const COMMANDS: string[][] = [
  ['add', 'tool', 'demo_find_items'],
  ['add', 'service', 'ncbi'],
  ['remove', 'tool', 'demo_echo_message'],
  ['remove', 'prompt', 'demo_echo'],
  ['rename', 'tool', 'demo_echo_message', 'demo_shout'],
  ['upgrade', '--no-install', '--to', '0.11.5'],
  ['init', '.', '--no-install', '--no-git', '--yes'],
];

const rand = prng(35);
const JOURNALS: [string, (s: Scene) => Laid][] = [
  ...HOSTILE.map(([name, lay]): [string, (s: Scene) => Laid] => {
    const r = prng(Math.floor(rand() * 2 ** 31));
    return [name, (s) => lay(s, r)];
  }),
  ...Array.from({ length: 8 }, (_, i): [string, (s: Scene) => Laid] => {
    const r = prng(Math.floor(rand() * 2 ** 31));
    return [`a flush's own, drawn #${i}`, (s) => validJournal(s, r)];
  }),
];

const CASES = JOURNALS.flatMap(([name, lay]) =>
  COMMANDS.map((args) => [name, args.slice(0, 2).join(' '), lay, args] as const),
);

describe('journals laid in a project, under every writing command', () => {
  it.concurrent.each(CASES)(
    '%s, then %s',
    async (_name, _command, lay, args) => {
      const s = scene();
      const laid = lay(s);
      const [projectBefore, outsideBefore] = [digest(s.root), digest(s.base, s.root)];
      const r = await spawnCli([...args, '--json', '--no-devcheck', '--cwd', s.root]);
      expect(r.signal, r.stderr).toBeNull();
      const lines = r.stdout.split('\n').filter((l) => l !== '');
      expect(lines, r.stderr).toHaveLength(1);
      const out = JSON.parse(lines[0]!) as { ok: boolean; error?: { code: string; message: string; hint: string } };
      expect(digest(s.base, s.root), 'something outside the project changed').toBe(outsideBefore);
      expect(r.stderr).not.toMatch(/\n\s+at /);
      if (laid.refused) {
        expect(r.status).toBe(1);
        expect(out.error?.code, r.stdout).toBe('JOURNAL_INVALID');
        expect(out.error?.message).toMatch(/^\.mcp-scaffold\.journal is not a journal mcp-scaffold can undo from: /);
        expect(out.error?.hint).toContain('mcp-scaffold recover --discard');
        expect(digest(s.root)).toBe(projectBefore);
        return;
      }
      for (const e of laid.expected) {
        const now = existsSync(path.join(s.root, e.path)) ? readFileSync(path.join(s.root, e.path), 'utf8') : undefined;
        expect(now, e.path).toBe(e.after);
      }
      if (laid.left) {
        expect(r.status).toBe(2);
        expect(out.error?.code).toBe('ROLLBACK_FAILED');
        expect(existsSync(path.join(s.root, JOURNAL_FILE))).toBe(true);
      } else {
        expect(existsSync(path.join(s.root, JOURNAL_FILE))).toBe(false);
        expect(readdirSync(path.join(s.root, 'fuzz')).filter((n) => n.includes('mcp-scaffold'))).toEqual([]);
        // Recovered, the command went on: done, or refused for a reason of its own, coded.
        if (!out.ok) expect(out.error?.code).not.toBe('INTERNAL');
      }
    },
    60_000,
  );
});

describe('recover on the same journals', () => {
  it.concurrent.each(JOURNALS)(
    '%s: recover refuses or undoes it; --discard removes it; nothing outside changes',
    async (_name, lay) => {
      const s = scene();
      const laid = lay(s);
      const [projectBefore, outsideBefore] = [digest(s.root), digest(s.base, s.root)];
      const dry = await spawnCli(['recover', '--discard', '--dry-run', '--json', '--cwd', s.root]);
      expect(dry.status, dry.stderr).toBe(0);
      expect(digest(s.root)).toBe(projectBefore);
      const r = await spawnCli(['recover', '--json', '--cwd', s.root]);
      const out = JSON.parse(r.stdout) as { ok: boolean; error?: { code: string } };
      if (laid.refused) {
        expect(r.status).toBe(1);
        expect(out.error?.code).toBe('JOURNAL_INVALID');
        expect(digest(s.root)).toBe(projectBefore);
        const discard = await spawnCli(['recover', '--discard', '--json', '--cwd', s.root]);
        if (laid.holdsFiles) {
          // Not ours to remove: refused, the folder and its file kept.
          expect(discard.status, discard.stdout).toBe(1);
          expect(JSON.parse(discard.stdout).error.code).toBe('JOURNAL_INVALID');
          expect(digest(s.root)).toBe(projectBefore);
        } else {
          expect(discard.status, discard.stdout).toBe(0);
          expect(JSON.parse(discard.stdout)).toMatchObject({
            ok: true,
            discarded: true,
            refused: { code: 'JOURNAL_INVALID' },
          });
          expect(lstatSync(path.join(s.root, JOURNAL_FILE), { throwIfNoEntry: false })).toBeUndefined();
        }
      } else {
        expect(r.status).toBe(laid.left ? 2 : 0);
        for (const e of laid.expected) {
          const now = existsSync(path.join(s.root, e.path))
            ? readFileSync(path.join(s.root, e.path), 'utf8')
            : undefined;
          expect(now, e.path).toBe(e.after);
        }
      }
      expect(digest(s.base, s.root)).toBe(outsideBefore);
    },
    60_000,
  );
});
