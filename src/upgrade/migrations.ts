/**
 * The migrations between framework lines, oldest first. One runs when the move crosses the
 * version it is for (`from < since <= target`): 0.10 → 0.11 brings the tsconfig split that
 * type-checks tests (planned here only with --adopt-tsconfig-split; otherwise decided after the
 * install, by proof: tsconfig-split.ts) and the typed mock context; 0.11 → 0.12 the confirm flows
 * on ctx.requestInput, task tools refused or dropped, the SDK imports moved to the split packages,
 * and createRequestContext's ad-hoc keys moved into additionalContext.
 */

import type { Problem } from '../engine/problems.js';
import { refreshTsconfigs } from '../init/tsconfig.js';
import { compareVersions } from '../init/versions.js';
import { dropTasks } from './codemods/drop-tasks.js';
import { convertElicitDefinition } from './codemods/elicit-to-input.js';
import { rewriteGeneratedTest, type TestRewrite, toolTemplate, upgradeTemplate } from './codemods/generated-tests.js';
import { moveRequestContextKeys } from './codemods/request-context-keys.js';
import { moveSdkImports } from './codemods/sdk-imports.js';
import { convertShapedConfirmTest } from './codemods/shaped-confirm-test.js';
import { uncastMockContexts } from './codemods/typed-mock-context.js';
import { type Migration, sourceFiles, type UpgradeContext, writeIfChanged } from './migration.js';

/** Runs `edit` on each source file; a result with problems records them and changes nothing. */
function eachSource(
  ctx: UpgradeContext,
  filter: (file: string) => boolean,
  edit: (file: string, text: string) => { text?: string | undefined; problems: readonly Problem[] },
): string[] {
  const changed: string[] = [];
  for (const file of sourceFiles(ctx.tree).filter(filter)) {
    const before = ctx.tree.read(file)!;
    const out = edit(file, before);
    for (const p of out.problems) ctx.problems.add(p);
    if (out.problems.length === 0 && out.text !== undefined) writeIfChanged(ctx.tree, file, before, out.text, changed);
  }
  return changed;
}

const isTest = (f: string) => f.startsWith('tests/') || /\.test\.tsx?$/.test(f);

const PLAIN_TEST: TestRewrite = {
  from: [toolTemplate('tool.test.ts.hbs')],
  to: toolTemplate('tool.test.ts.hbs'),
  what: 'casts the mock context',
};
const ELICIT_TEST: TestRewrite = {
  from: [toolTemplate('tool-confirm-elicit.test.ts.hbs')],
  to: toolTemplate('tool-confirm-input.test.ts.hbs'),
  what: 'answers ctx.elicit, which 0.12 removed',
  convert: convertShapedConfirmTest,
};
const ELICIT_TEST_TYPED: TestRewrite = {
  from: ELICIT_TEST.from,
  to: toolTemplate('tool-confirm-elicit.test.ts.hbs'),
  what: 'casts the mock context',
};
const TASK_TEST: TestRewrite = {
  from: [toolTemplate('tool-task.test.ts.hbs')],
  to: upgradeTemplate('tool-task-dropped.test.ts.hbs'),
  what: 'checks task progress, which 0.12 removed',
};

/** A test `add` wrote is written again from its template; any other gets the casts taken out. */
function typedMockTest(ctx: UpgradeContext, file: string, text: string) {
  const rewrite = /ctx\.elicit|ElicitResult/.test(text) ? ELICIT_TEST_TYPED : PLAIN_TEST;
  const again = rewriteGeneratedTest(file, text, rewrite, /as \w+/, ctx.lineWidth);
  if ('text' in again) return { text: again.text, problems: [] };
  return { text: uncastMockContexts(file, text, ctx.lineWidth), problems: [] };
}

export const MIGRATIONS: Migration[] = [
  {
    id: '0.11/tsconfig-split',
    since: '0.11.4',
    summary: 'tsconfig.json type-checks src and tests (noEmit); tsconfig.build.json builds src alone',
    run: (ctx) => {
      const changed: string[] = [];
      if (!ctx.adoptTsconfigSplit) return changed;
      for (const f of refreshTsconfigs(ctx.tree, ctx.lineWidth)) {
        writeIfChanged(ctx.tree, f.path, ctx.tree.read(f.path) ?? '', f.content, changed);
      }
      return changed;
    },
  },
  {
    id: '0.11/typed-mock-context',
    since: '0.11.3',
    summary: 'createMockContext({ errors }) is typed by the error contract: the casts in tests go',
    run: (ctx) => eachSource(ctx, isTest, (file, text) => typedMockTest(ctx, file, text)),
  },
  {
    id: '0.12/elicit-to-input',
    since: '0.12.0',
    summary: 'confirm flows on ctx.elicit ask through ctx.requestInput and read ctx.inputs; their tests too',
    run: (ctx) => [
      ...eachSource(
        ctx,
        (f) => !isTest(f),
        (file, text) => convertElicitDefinition(file, text, ctx.lineWidth),
      ),
      ...eachSource(ctx, isTest, (file, text) => {
        if (!/\belicit\b|ElicitResult/.test(text.replace(/inputRequired\.elicit/g, ''))) return { text, problems: [] };
        const out = rewriteGeneratedTest(file, text, ELICIT_TEST, /elicit/, ctx.lineWidth);
        return 'text' in out ? { text: out.text, problems: [] } : { problems: [out.problem] };
      }),
    ],
  },
  {
    id: '0.12/drop-tasks',
    since: '0.12.0',
    summary: 'task tools: refused (no replacement), or plain tools with --drop-tasks',
    run: (ctx) => [
      ...eachSource(
        ctx,
        (f) => !isTest(f),
        (file, text) => dropTasks(file, text, ctx.dropTasks),
      ),
      ...eachSource(
        ctx,
        (f) => isTest(f) && ctx.dropTasks,
        (file, text) => {
          if (!/progress: true|\.progress\b/.test(text)) return { text, problems: [] };
          const out = rewriteGeneratedTest(file, text, TASK_TEST, /progress/, ctx.lineWidth);
          return 'text' in out ? { text: out.text, problems: [] } : { problems: [out.problem] };
        },
      ),
    ],
  },
  {
    id: '0.12/sdk-imports',
    since: '0.12.0',
    summary: '@modelcontextprotocol/sdk imports moved to @modelcontextprotocol/server and /client',
    run: (ctx) => eachSource(ctx, () => true, moveSdkImports),
  },
  {
    id: '0.12/request-context-keys',
    since: '0.12.0',
    summary: 'createRequestContext({ … }) keys 0.12 does not declare moved into additionalContext',
    run: (ctx) => eachSource(ctx, () => true, moveRequestContextKeys),
  },
];

/** The migrations a move from `from` to `to` crosses, in order. */
export function migrationsBetween(from: string, to: string): Migration[] {
  return MIGRATIONS.filter((m) => compareVersions(from, m.since) < 0 && compareVersions(m.since, to) <= 0);
}
