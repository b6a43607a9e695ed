/**
 * `upgrade` decides by proof and is never `ok` without the check, on the fixture server
 * (tests/fixtures/upgrade-server: every test shape real servers carry, and an ad-hoc
 * createRequestContext key in src) made on 0.9.21 and 0.10.17 and moved to 0.11.5 and 0.12.3.
 * The install links the target's real package (tests/helpers/upgrade-server.ts); the project's
 * own tsc and vitest run for real, before and after. After the move: the test-shape codemods
 * cleared the backlog, so the tsconfig split is adopted with 0 errors, each test has the result it
 * had, and the build compiles; a backlog no codemod clears leaves tsconfig.json as it was and is
 * reported by shape; more errors after than before, or a test that no longer passes, is exit 2.
 */

import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type UpgradeFlags, upgradeCommand } from '../../src/commands/upgrade.js';
import type { FrameworkRelease } from '../helpers/framework-installs.js';
import { frameworkTarball } from '../helpers/framework-tarballs.js';
import { linkingInstaller, upgradeServer } from '../helpers/upgrade-server.js';

const GLOBAL = {
  dryRun: false,
  json: true,
  yes: true,
  force: false,
  devcheck: false,
  devcheckTimeout: 600,
  verbose: false,
};

/** Each run type-checks the server several times and runs its tests twice: minutes on 2 busy cores. */
const SLOW = { timeout: 600_000 };

async function upgrade(root: string, to: FrameworkRelease, flags: Omit<UpgradeFlags, 'to'> = {}, dryRun = false) {
  const out: string[] = [];
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => out.push(String(chunk)) > 0);
  vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
  const registryUnused = async () => ({ ok: false as const, reason: 'not asked' });
  const code = await upgradeCommand(
    { to: frameworkTarball(to), ...flags },
    { ...GLOBAL, cwd: root, dryRun },
    { latest: registryUnused, versions: registryUnused, installer: linkingInstaller(to) },
  );
  vi.restoreAllMocks();
  return { code, result: JSON.parse(out.join('')) };
}

afterEach(() => vi.restoreAllMocks());

const read = (root: string, rel: string) => readFileSync(path.join(root, rel), 'utf8');
const includes = (root: string) => JSON.parse(read(root, 'tsconfig.json')).include as string[];

/** tsc over the build config, emitting as the build does. */
function buildCompiles(root: string): void {
  const tsc = path.join(root, 'node_modules/typescript/bin/tsc');
  execFileSync(process.execPath, [tsc, '-p', 'tsconfig.build.json'], { cwd: root, stdio: 'pipe' });
}

const SHAPES = [
  'test-shape/mock-context-errors',
  'test-shape/optional-schema-member',
  'test-shape/await-maybe-promise',
  'test-shape/list-argument',
  'test-shape/content-text',
  'test-shape/indexed-access',
];

describe('upgrade of the fixture server, from the registry releases to the tarballs', () => {
  for (const from of ['0.9.21', '0.10.17'] as const) {
    for (const to of ['0.11.5', '0.12.3'] as const) {
      it(
        `${from} → ${to}: codemods clear the backlog, the split is adopted, tests and build as before`,
        SLOW,
        async () => {
          const root = upgradeServer(from);
          const { code, result } = await upgrade(root, to, { test: true });
          expect(code, JSON.stringify(result.error ?? result.typecheck)).toBe(0);
          expect(result.typecheck).toMatchObject({ ran: true, passed: true, before: 0, after: 0, new: [] });
          expect(result.tests).toMatchObject({ ran: true, passed: true, tests: 9, changed: [] });
          expect(result.upgrade.decisions).toEqual([
            expect.objectContaining({
              id: '0.11/tsconfig-split',
              adopted: true,
              files: ['tsconfig.json', 'tsconfig.build.json'],
            }),
          ]);
          expect(includes(root)).toEqual(['src/**/*', 'tests/**/*']);
          const codemods = Object.fromEntries(
            result.upgrade.codemods.map((c: { id: string; files: string[] }) => [c.id, c.files]),
          );
          for (const id of SHAPES) expect(codemods[id], id).not.toEqual([]);
          expect(result.upgrade.putBack).toEqual([]);
          expect(read(root, 'tests/prompts/catalog-review-item.prompt.test.ts')).toContain(
            'const messages = await catalogReviewItemPrompt.generate(args);',
          );
          if (to === '0.12.3') {
            expect(read(root, 'src/services/catalog.ts')).toContain(
              "createRequestContext({ operation: 'catalogAudit', additionalContext: { itemId } })",
            );
          }
          buildCompiles(root);
        },
      );
    }
  }
});

/** A shared helper the await codemod may not make async, and a real test bug no codemod should touch. */
const BACKLOG = {
  'tests/helpers/first-message.ts': `import { catalogReviewItemPrompt } from '@/mcp-server/prompts/definitions/catalog-review-item.prompt.js';

/** The first message the prompt generates for an item. */
export function firstMessage(item: string) {
  const messages = catalogReviewItemPrompt.generate({ item });
  return messages[0];
}
`,
  'tests/prompts/first-message.test.ts': `import { describe, expect, it } from 'vitest';
import { firstMessage } from '../helpers/first-message.js';

describe('firstMessage', () => {
  it('is the user asking', () => {
    expect(firstMessage('Desk lamp')?.role).toBe('user');
  });
});
`,
  'tests/services/count.test.ts': `import { describe, expect, it } from 'vitest';
import { findItems } from '@/services/catalog.js';

describe('findItems', () => {
  it('counts the lamps', () => {
    const count: string = findItems('lamp').length;
    expect(count).toBe(2);
  });
});
`,
};

describe('the split, decided by proof', () => {
  it(
    'a backlog the codemods cannot clear: tsconfig.json stays, the backlog by shape, the refusal with its line',
    SLOW,
    async () => {
      const root = upgradeServer('0.10.17', BACKLOG);
      const tsconfig = read(root, 'tsconfig.json');
      const { code, result } = await upgrade(root, '0.12.3', { test: true });
      expect(code, JSON.stringify(result.error)).toBe(0);
      expect(read(root, 'tsconfig.json')).toBe(tsconfig);
      const [decision] = result.upgrade.decisions;
      expect(decision).toMatchObject({ id: '0.11/tsconfig-split', adopted: false });
      expect(decision.backlog).toEqual([
        { shape: 'TS2322', count: 1, first: 'tests/services/count.test.ts:6' },
        { shape: 'await-maybe-promise', count: 1, first: 'tests/helpers/first-message.ts:6' },
      ]);
      expect(decision.why).toContain('--adopt-tsconfig-split');
      const awaits = result.upgrade.codemods.find((c: { id: string }) => c.id === 'test-shape/await-maybe-promise');
      expect(awaits.refused).toEqual([
        {
          path: 'tests/helpers/first-message.ts',
          line: 6,
          why: 'firstMessage would have to become async, which changes what each of its callers gets',
        },
      ]);
      expect(awaits.files).toContain('tests/prompts/catalog-review-item.prompt.test.ts');
      expect(result.warnings.join('\n')).toContain('0.11/tsconfig-split not adopted: 2 type error(s)');
      expect(result.typecheck).toMatchObject({ passed: true, before: 0, after: 0 });
      expect(result.tests).toMatchObject({ passed: true, tests: 11, changed: [] });
    },
  );

  it('--adopt-tsconfig-split: in the plan, the backlog checked with it before and after', SLOW, async () => {
    const root = upgradeServer('0.10.17', BACKLOG);
    const { code, result } = await upgrade(root, '0.12.3', { adoptTsconfigSplit: true });
    expect(code, JSON.stringify(result.error)).toBe(0);
    expect(result.changes.map((c: { path: string }) => c.path)).toContain('tsconfig.json');
    expect(result.upgrade.decisions).toEqual([
      expect.objectContaining({ adopted: true, why: expect.stringContaining('--adopt-tsconfig-split') }),
    ]);
    expect(includes(root)).toEqual(['src/**/*', 'tests/**/*']);
    expect(result.typecheck).toMatchObject({ passed: true, scope: 'with-tests', after: 2 });
    expect(result.typecheck.before).toBeGreaterThan(2);
  });

  it('--dry-run: the split waits for the check after the install; nothing is checked or written', SLOW, async () => {
    const root = upgradeServer('0.10.17');
    const before = read(root, 'tests/tools/catalog-find-items.tool.test.ts');
    const { code, result } = await upgrade(root, '0.12.3', {}, true);
    expect(code).toBe(0);
    expect(result.upgrade.decisions).toEqual([
      expect.objectContaining({ adopted: false, why: expect.stringContaining('dry run: decided after the install') }),
    ]);
    expect(result.typecheck).toEqual({ ran: false, reason: 'dry run' });
    expect(result.changes.map((c: { path: string }) => c.path)).toEqual(['package.json', 'src/services/catalog.ts']);
    expect(read(root, 'tests/tools/catalog-find-items.tool.test.ts')).toBe(before);
  });

  it('--no-install: nothing checked, the split not adopted, and the result says so', SLOW, async () => {
    const root = upgradeServer('0.10.17');
    const tsconfig = read(root, 'tsconfig.json');
    const { code, result } = await upgrade(root, '0.12.3', { install: false, test: true });
    expect(code).toBe(0);
    expect(read(root, 'tsconfig.json')).toBe(tsconfig);
    expect(result.upgrade.decisions).toEqual([
      expect.objectContaining({ adopted: false, why: expect.stringContaining('--no-install') }),
    ]);
    expect(result.typecheck).toMatchObject({ ran: false, reason: expect.stringContaining('--no-install') });
    expect(result.tests).toMatchObject({ ran: false });
    expect(result.warnings.join('\n')).toContain('--no-install: nothing is type-checked or tested against the target');
  });
});

describe('never ok without the check', () => {
  it('more type errors after than before: UPGRADE_REGRESSED, exit 2, the new ones listed', SLOW, async () => {
    const root = upgradeServer('0.10.17', {
      'src/services/found.ts': `import { logger, type RequestContext } from '@cyanheads/mcp-ts-core/utils';

/** Logs an item found, under the caller's context. */
export function logFound(context: RequestContext, itemId: string): void {
  logger.info('Found an item.', { ...context, itemId });
}
`,
    });
    const { code, result } = await upgrade(root, '0.12.3');
    expect(code).toBe(2);
    expect(result).toMatchObject({ ok: false, error: { code: 'UPGRADE_REGRESSED' } });
    expect(result.error.details).toEqual([
      expect.objectContaining({ path: 'src/services/found.ts', line: 5, message: expect.stringMatching(/^TS2353 /) }),
    ]);
    expect(result.typecheck).toMatchObject({ ran: true, passed: false, before: 0, after: 1 });
    expect(result.warnings.join('\n')).toContain(
      'withExtra(ctx, { someField }); no codemod does this: used at src/services/found.ts:5',
    );
  });

  it('--test: a test that passed before and not after is UPGRADE_REGRESSED, named', SLOW, async () => {
    const root = upgradeServer('0.10.17', {
      'tests/services/cache.test.ts': `import { createMockContext } from '@cyanheads/mcp-ts-core/testing';
import { describe, expect, it } from 'vitest';

describe('the item cache', () => {
  it('keeps an item under its cache key', async () => {
    const ctx = createMockContext({ tenantId: 'acme' });
    await ctx.state.set('item:i1', 'Desk lamp');
    expect(await ctx.state.get('item:i1')).toBe('Desk lamp');
  });
});
`,
    });
    const { code, result } = await upgrade(root, '0.12.3', { test: true });
    expect(code).toBe(2);
    expect(result.error).toMatchObject({
      code: 'UPGRADE_REGRESSED',
      details: [
        {
          message:
            'tests/services/cache.test.ts > the item cache keeps an item under its cache key: passed before, failed after',
        },
      ],
    });
    expect(result.warnings.join('\n')).toContain('no codemod does this: used at tests/services/cache.test.ts:7');
  });

  it('a file a codemod does not improve is put back as it was, and said', SLOW, async () => {
    const test = `import { describe, expect, it } from 'vitest';
import { findItems } from '@/services/catalog.js';

describe('findItems', () => {
  it('gives a count, not a block', () => {
    const count = findItems('lamp').length;
    expect(count.text).toBeUndefined();
  });
});
`;
    const root = upgradeServer('0.10.17', { 'tests/services/count.test.ts': test });
    const { code, result } = await upgrade(root, '0.12.3');
    expect(code, JSON.stringify(result.error)).toBe(0);
    expect(read(root, 'tests/services/count.test.ts')).toBe(test);
    expect(result.upgrade.putBack).toEqual([{ path: 'tests/services/count.test.ts', errorsBefore: 1, errorsAfter: 1 }]);
    const texts = result.upgrade.codemods.find((c: { id: string }) => c.id === 'test-shape/content-text');
    expect(texts.files).not.toContain('tests/services/count.test.ts');
    expect(result.upgrade.decisions[0]).toMatchObject({
      adopted: false,
      backlog: [{ shape: 'content-text', count: 1 }],
    });
  });
});
