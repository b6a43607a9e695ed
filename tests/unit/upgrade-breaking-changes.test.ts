/**
 * The breaking changes of the framework's release notes, on the way from 0.10 to 0.12: each one a
 * move crosses is listed, with its migration or the places the server uses it; one without a
 * migration is a warning naming each file and line, and those no line shows are named together.
 * The 0.12 migration of createRequestContext's ad-hoc keys into additionalContext, on its own.
 */

import { describe, expect, it } from 'vitest';
import { MemoryHost } from '../../src/engine/host.js';
import { Tree } from '../../src/engine/tree.js';
import {
  BREAKING_CHANGES,
  breakingChangeReports,
  breakingChangesBetween,
  breakingChangeWarnings,
} from '../../src/upgrade/breaking-changes.js';
import { moveRequestContextKeys } from '../../src/upgrade/codemods/request-context-keys.js';
import { MIGRATIONS } from '../../src/upgrade/migrations.js';
import { UsageScan } from '../../src/upgrade/usage-sites.js';

describe('moveRequestContextKeys', () => {
  const FILE = 'src/services/audit.ts';
  const move = (source: string) => moveRequestContextKeys(FILE, source);

  it('moves the keys 0.12 does not declare into additionalContext, on one line', () => {
    expect(move("createRequestContext({ operation: 'audit', itemId, tenantId: 't1' });\n")).toEqual({
      text: "createRequestContext({ operation: 'audit', tenantId: 't1', additionalContext: { itemId } });\n",
      problems: [],
    });
  });

  it('beside what additionalContext holds, one key per line where the object had them so', () => {
    const source = `const ctx = requestContextService.createRequestContext({
  operation: 'audit',
  userId: user.id,
  additionalContext: { itemId },
});
`;
    expect(move(source).text).toBe(`const ctx = requestContextService.createRequestContext({
  operation: 'audit',
  additionalContext: { itemId, userId: user.id },
});
`);
    expect(move("createRequestContext({ operation: 'x', extra: 1, additionalContext: base });\n").text).toBe(
      "createRequestContext({ operation: 'x', additionalContext: { ...base, extra: 1 } });\n",
    );
  });

  it('leaves a call with only declared keys, and refuses a spread with its line', () => {
    const plain = "createRequestContext({ operation: 'audit', parentContext: ctx });\n";
    expect(move(plain)).toEqual({ text: plain, problems: [] });
    const spread = "const a = 1;\ncreateRequestContext({ ...base, operation: 'audit' });\n";
    expect(move(spread)).toEqual({
      text: spread,
      problems: [expect.objectContaining({ code: 'UNSUPPORTED_LAYOUT', path: FILE, line: 2 })],
    });
  });
});

describe('the breaking changes a move crosses', () => {
  const tree = (files: Record<string, string>) => new Tree(new MemoryHost(files));

  it('each with its release, in order, from the installed version to the target', () => {
    const releases = (from: string, to: string) => [...new Set(breakingChangesBetween(from, to).map((c) => c.release))];
    expect(releases('0.9.21', '0.12.3')).toEqual(['0.10.3', '0.10.5', '0.10.10', '0.11.0', '0.11.3', '0.12.0']);
    expect(releases('0.11.5', '0.12.3')).toEqual(['0.12.0']);
    expect(releases('0.12.0', '0.12.3')).toEqual([]);
  });

  it('names an existing migration wherever it says one moves the code', () => {
    const known = [...MIGRATIONS.map((m) => m.id), 'test-shape/mock-context-errors'];
    for (const c of BREAKING_CHANGES) if (c.migration) expect(known).toContain(c.migration);
  });

  it('warns at each file and line that uses a change no codemod moves; the wire changes together', () => {
    const t = tree({
      'package.json': JSON.stringify(
        { name: 'acme', dependencies: { 'better-sqlite3': '^12.0.0', 'js-yaml': '^4.1.0', openai: '^6.50.0' } },
        null,
        2,
      ),
      'src/log.ts': `import { logger } from '@cyanheads/mcp-ts-core/utils';
// { ...ctx, itemId } in a comment is not a use
export const found = (ctx: object) => logger.info('found', { ...ctx, itemId: 1 });
`,
      'src/config.ts': "import { normalizeLogLevelAlias, type X } from '@cyanheads/mcp-ts-core/config';\n",
      '.env.example': 'LOG_LEVEL=info\nTASK_STORE_TYPE=in-memory\n',
    });
    const reports = breakingChangeReports(new UsageScan(t), '0.10.17', '0.12.3');
    const sites = (id: string) => reports.find((r) => r.id === id)?.sites;
    expect(sites('0.11.0/peer-floors')).toEqual([
      { path: 'package.json', line: 4, what: 'better-sqlite3 ^12.0.0, the floor ^13.0.1' },
      { path: 'package.json', line: 5, what: 'js-yaml ^4.1.0, the floor ^5.2.2' },
    ]);
    expect(sites('0.10.10/js-yaml-5')).toBeUndefined();
    expect(sites('0.12.0/context-spread')).toEqual([{ path: 'src/log.ts', line: 3 }]);
    expect(sites('0.11.3/normalize-log-level-alias')).toEqual([{ path: 'src/config.ts', line: 1 }]);
    expect(sites('0.12.0/task-store-env')).toEqual([{ path: '.env.example', line: 2 }]);
    expect(reports.find((r) => r.id === '0.12.0/request-context-keys')).toMatchObject({
      migration: '0.12/request-context-keys',
    });
    const warnings = breakingChangeWarnings(reports);
    expect(warnings).toContain(
      '0.12.0: RequestContext is closed: a { ...ctx, someField } spread becomes withExtra(ctx, { someField }); no codemod does this: used at src/log.ts:3.',
    );
    expect(warnings.filter((w) => w.includes('js-yaml ^4.1.0'))).toEqual([
      expect.stringMatching(
        /^0\.11\.0: the framework's optional peer floors rose .* used at package\.json:4 \(better-sqlite3/,
      ),
    ]);
    expect(warnings.at(-1)).toMatch(/^What changes on the wire, which no line of code shows: tool inputs are strict/);
    expect(warnings.some((w) => w.includes('sampling'))).toBe(false);
  });
});
