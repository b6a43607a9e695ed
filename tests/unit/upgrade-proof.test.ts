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
      it(`${from} → ${to}: codemods clear the backlog, the split is adopted, tests and build as before`, SLOW, async () => {
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
      });
    }
  }
});
