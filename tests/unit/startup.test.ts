/**
 * The launcher's choices (src/startup/): which help page, if any, may be printed without the CLI,
 * and when the bundle is the build's current one. That the pages and the bundle give the plain
 * path's bytes is tests/bin/startup.test.ts.
 */
import { mkdirSync, mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  bundleHeader,
  COMMONJS_WRAPPER,
  currentBundle,
  parseBundleHeader,
  readBundleId,
} from '../../src/startup/bundle.js';
import { runBundle } from '../../src/startup/code-cache.js';
import { prerenderedOutput } from '../../src/startup/prerendered.js';

const ID = 'a'.repeat(64);
const OTHER = 'b'.repeat(64);

function build(helpBundle = ID): { help: string; bundle: string; packageJson: string } {
  const dir = mkdtempSync(path.join(tmpdir(), 'mcp-scaffold-prerendered-'));
  const files = {
    help: path.join(dir, 'help.json'),
    bundle: path.join(dir, 'cli.bundle.cjs'),
    packageJson: path.join(dir, 'package.json'),
  };
  writeFileSync(files.bundle, `${bundleHeader({ id: ID, encoding: 'latin1' })}module.exports = {};\n`);
  writeFileSync(files.packageJson, JSON.stringify({ name: 'x', version: '9.8.7' }));
  const page = (name: string) => ({ narrow: `${name} at 80\n`, wide: `${name} wide\n`, wideFrom: 120 });
  writeFileSync(
    files.help,
    JSON.stringify({ bundle: helpBundle, pages: { '': page('root'), 'add tool': page('tool') } }),
  );
  return files;
}

/** stdout a terminal this wide (undefined: of unknown width, as commander sees it: 80). */
const onTerminal = (columns: number | undefined) => () => columns;

describe('prerenderedOutput', () => {
  it('prints the page of exactly `<command words> --help|-h`, and the version of `--version|-v` alone', () => {
    const files = build();
    expect(prerenderedOutput(['--help'], files)).toBe('root at 80\n');
    expect(prerenderedOutput(['-h'], files)).toBe('root at 80\n');
    expect(prerenderedOutput(['add', 'tool', '--help'], files)).toBe('tool at 80\n');
    expect(prerenderedOutput(['--version'], files)).toBe('9.8.7\n');
    expect(prerenderedOutput(['-v'], files)).toBe('9.8.7\n');
  });

  it('leaves every other command line to the CLI', () => {
    const files = build();
    for (const args of [
      [],
      ['list'],
      ['add', 'tool', 'x', '--help'],
      ['add', '--help'],
      ['--json', '--help'],
      ['add', 'tool', '--json', '--help'],
      ['--help', 'add'],
      ['--version', '--json'],
      ['constructor', '--help'],
      ['__proto__', '--help'],
    ]) {
      expect(prerenderedOutput(args, files), args.join(' ')).toBeUndefined();
    }
  });

  it('on a terminal: the 80-column page at 80 (or an unknown width), the wide one from wideFrom up, else none', () => {
    const files = build();
    expect(prerenderedOutput(['--help'], files, onTerminal(80))).toBe('root at 80\n');
    expect(prerenderedOutput(['--help'], files, onTerminal(undefined))).toBe('root at 80\n');
    expect(prerenderedOutput(['--help'], files, onTerminal(120))).toBe('root wide\n');
    expect(prerenderedOutput(['add', 'tool', '--help'], files, onTerminal(300))).toBe('tool wide\n');
    for (const columns of [40, 79, 81, 119]) {
      expect(prerenderedOutput(['--help'], files, onTerminal(columns)), String(columns)).toBeUndefined();
    }
  });

  it('prints nothing from pages made for another bundle, or from a missing or corrupt file', () => {
    expect(prerenderedOutput(['--help'], build(OTHER))).toBeUndefined();
    const missing = build();
    missing.help = `${missing.help}.gone`;
    expect(prerenderedOutput(['--help'], missing)).toBeUndefined();
    const corrupt = build();
    writeFileSync(corrupt.help, '{"bundle": "aaaa", "pages": nul');
    expect(prerenderedOutput(['--help'], corrupt)).toBeUndefined();
    const unheaded = build();
    writeFileSync(unheaded.bundle, 'module.exports = {};\n');
    expect(prerenderedOutput(['--help'], unheaded)).toBeUndefined();
  });
});

describe('the bundle header', () => {
  it('is read back as written, and a file without one has none', () => {
    const header = { id: ID, encoding: 'utf8' as const };
    expect(parseBundleHeader(Buffer.from(`${bundleHeader(header)}"use strict";`))).toEqual(header);
    expect(parseBundleHeader(Buffer.from('"use strict";\n'))).toBeUndefined();
    expect(parseBundleHeader(Buffer.from(`// mcp-scaffold script ${ID} ebcdic\n`))).toBeUndefined();
    const files = build();
    expect(readBundleId(files.bundle)).toBe(ID);
  });
});

describe('currentBundle', () => {
  function dist(): string {
    const dir = mkdtempSync(path.join(tmpdir(), 'mcp-scaffold-dist-'));
    mkdirSync(path.join(dir, 'cli'));
    writeFileSync(path.join(dir, 'cli/main.js'), '');
    writeFileSync(path.join(dir, 'cli.bundle.cjs'), '');
    const at = new Date('2026-01-01T00:00:00Z');
    for (const f of ['cli/main.js', 'cli.bundle.cjs']) utimesSync(path.join(dir, f), at, at);
    return dir;
  }

  it('is the bundle when it is as new as tsc output (a packed package has one time for all)', () => {
    const dir = dist();
    expect(currentBundle(dir)).toBe(path.join(dir, 'cli.bundle.cjs'));
  });

  it('is none when tsc wrote dist/ after the bundle, or there is no bundle', () => {
    const stale = dist();
    utimesSync(path.join(stale, 'cli/main.js'), new Date(), new Date());
    expect(currentBundle(stale)).toBeUndefined();
    expect(currentBundle(path.join(stale, 'nowhere'))).toBeUndefined();
  });
});

describe('runBundle', () => {
  const BODY = 'module.exports = { file: __filename, dir: __dirname, fail: () => new Error("here") };';
  const write = (text: string) => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'mcp-scaffold-run-')), 'b.cjs');
    writeFileSync(file, text);
    return file;
  };
  /** The line of `file` that a stack trace of `e` points at. */
  const lineIn = (e: Error, file: string) => Number(new RegExp(`${file}:(\\d+):`).exec(e.stack ?? '')?.[1]);
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it("runs the build's script as it is: header, then the code in the wrapper; traces point at the file's lines", () => {
    vi.stubEnv('MCP_SCAFFOLD_CACHE', '0');
    const text = `${bundleHeader({ id: ID, encoding: 'latin1' })}${COMMONJS_WRAPPER[0]}\n\n${BODY}${COMMONJS_WRAPPER[1]}`;
    const file = write(text);
    const out = runBundle(file) as { file: string; dir: string; fail: () => Error };
    expect(out.file).toBe(file);
    expect(out.dir).toBe(path.dirname(file));
    expect(lineIn(out.fail(), file)).toBe(4);
  });

  it('wraps any other CommonJS file (one from an older build, without the header) and runs it', () => {
    vi.stubEnv('MCP_SCAFFOLD_CACHE', '0');
    const file = write(`// mcp-scaffold bundle ${ID} latin1\n\n${BODY}\n`);
    const out = runBundle(file) as { file: string; fail: () => Error };
    expect(out.file).toBe(file);
    expect(lineIn(out.fail(), file)).toBe(3);
  });
});
