/**
 * What the project's installed framework really offers, read off the package itself: its
 * package.json `exports` lead to the `.d.ts` entry points, and the declarations behind them (the
 * `Context` interface, `ToolDefinition`, the testing helpers, the /utils signatures) say which APIs
 * exist. A version number alone would not do: public servers pin 0.9 to 0.12, and what a generator
 * may emit depends on the declarations, not on the number. Each field below names the releases it
 * holds for, checked against the real packages by tests/unit/framework-features.test.ts.
 */

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ScaffoldError } from '../engine/errors.js';
import { type Declaration, DeclarationReader, sameDeclaration } from './framework-declarations.js';
import { API_VERSIONS, VARIANT_VERSIONS } from './framework-versions.js';
import { FRAMEWORK, frameworkPackageDir } from './project.js';

export interface FrameworkFeatures {
  /** Folder of the installed package, or undefined when node_modules does not have it. */
  packageDir: string | undefined;
  /** The installed package's version (package.json), for messages only. */
  version: string | undefined;
  /** The installed package's `engines.node` (`>=24.0.0` on every release read, 0.9.21 to 0.12.3). */
  nodeEngine: string | undefined;
  /**
   * `return ctx.requestInput({ … })` with `ctx.inputs` and the `inputRequired` builder from the
   * main entry (re-exported from `@modelcontextprotocol/server`): 0.12.0 and later.
   */
  requestInput: boolean;
  /**
   * `ctx.elicit(message, schema)` that reaches a client with the elicitation capability:
   * 0.10.3 to 0.11.x. 0.9.x declares `ctx.elicit` too, but it is always undefined at run time
   * there (0.10.3 wired it and brought the `ElicitFn` type this is read from); 0.12.0 removed it.
   */
  elicit: boolean;
  /**
   * A tool's `enrichment: { … }` block with `ctx.enrich` (its `echo`, `total`, `notice` helpers)
   * on the handler's Context, and `getEnrichment(ctx)` in ./testing to read it back: every
   * release read (0.9.21 to 0.12.3); a package without them gets tools that do not enrich.
   */
  enrichment: boolean;
  /** `tool(name, { task: true })` with `ctx.progress`: 0.1.0 to 0.11.x (0.12.0 removed tasks). */
  tasks: boolean;
  /**
   * `ctx.fail(reason, …)`, typed by the definition's `errors` contract (`HandlerContext` with its
   * `TypedFail`, from the main entry): every release read (0.9.21 to 0.12.3). Without it a
   * declared reason is raised through the error factory of /errors instead.
   */
  fail: boolean;
  /** `appTool()` and `appResource()` from the main entry: 0.3.0 and later (0.12.3 too). */
  apps: boolean;
  /** `prompt(name, { title })`, PromptDefinition.title: 0.10.3 and later. */
  promptTitle: boolean;
  /**
   * How a test gets a real in-memory StorageService: `createInMemoryStorage()` from ./testing
   * (0.4.0 and later), else the `storage` fixture of ./testing/vitest's `mcpTest`.
   */
  inMemoryStorage: 'createInMemoryStorage' | 'mcpTest' | undefined;
  /** createMockContext options the generated tests rely on. */
  mock: {
    /** `{ elicit }`, a fake answer for ctx.elicit: 0.9 to 0.11.x. */
    elicit: boolean;
    /** `{ inputResponses }`, the answers of the re-entry round of ctx.requestInput: 0.12.0 and later. */
    inputResponses: boolean;
    /** `{ requestState }`, the state a re-entered handler reads back: 0.12.0 and later. */
    requestState: boolean;
    /** `{ progress: true }`, a mock ctx.progress for task tools: through 0.11.x. */
    progress: boolean;
    /** `{ tenantId }`: every release read (0.9 to 0.12); defaults to 'default' from 0.11.3. */
    tenantId: boolean;
    /**
     * `{ errors: def.errors }` types the returned ctx as the contract's `HandlerContext`, so a test
     * can call `ctx.fail(reason)` with the contract's reasons: 0.11.3 and later. Earlier releases
     * accept `errors` too (and attach `fail` at run time) but return a plain `Context`, which has
     * no `fail`. A plain mock passes to a contract-bearing handler in every release.
     */
    errors: boolean;
  };
  /** `expectInputRequired(run)` in ./testing, asserting a requestInput round: 0.12.0 and later. */
  expectInputRequired: boolean;
  /** Test helpers in ./testing (and ./testing/vitest for toolContractSuite): 0.11.1 and later. */
  testing: {
    createMockSession: boolean;
    createFetchMock: boolean;
    runToolContract: boolean;
    toolContractSuite: boolean;
  };
  /**
   * The /utils functions that take a request context (fetchWithTimeout, paginateArray, …) accept
   * the handler's `ctx` as it is: 0.11.3 and later (`RequestContextLike | RequestContext` on 0.11,
   * `RequestContext` that `Context` extends on 0.12). Before, they take a `RequestContext` that
   * `Context` is not assignable to.
   */
  utilsTakeCtx: boolean;
  /**
   * StorageService's `get`/`set` (./storage) take the handler's `ctx` as their context: 0.12.0 and
   * later (`Context extends RequestContext`). Before, their `RequestContext` has an index
   * signature that `Context` lacks, so a service passes a request context of its own.
   */
  storageTakesCtx: boolean;
  /** What each answer was read from, for --verbose and for messages. */
  evidence: string[];
}

type Detected = Omit<FrameworkFeatures, 'packageDir' | 'version' | 'nodeEngine' | 'evidence'>;

const NONE: Detected = {
  requestInput: false,
  elicit: false,
  tasks: false,
  // Unknowable without the package: the framework's current shape, as for promptTitle.
  fail: true,
  enrichment: false,
  apps: false,
  // Unknowable without the package: the framework's current shape, which init also writes.
  promptTitle: true,
  inMemoryStorage: undefined,
  // Without the package, tests take the framework's typed mock (its current idiom).
  mock: { elicit: false, inputResponses: false, requestState: false, progress: false, tenantId: false, errors: true },
  expectInputRequired: false,
  testing: { createMockSession: false, createFetchMock: false, runToolContract: false, toolContractSuite: false },
  utilsTakeCtx: false,
  storageTakesCtx: false,
};

/** Reads the features of the framework installed for the project at `root`. */
export function detectFrameworkFeatures(root: string): FrameworkFeatures {
  const packageDir = frameworkPackageDir(root);
  if (!packageDir) {
    return {
      ...structuredClone(NONE),
      packageDir: undefined,
      version: undefined,
      nodeEngine: undefined,
      evidence: [],
    };
  }
  const r = new DeclarationReader(packageDir, FRAMEWORK);
  const evidence: string[] = [];
  const pkg = packageJson(packageDir);
  return {
    packageDir,
    version: pkg.version,
    nodeEngine: pkg.engines?.node,
    ...contextFeatures(r, evidence),
    ...mainEntryFeatures(r, evidence),
    ...testingFeatures(r, evidence),
    ...contextTaking(r, evidence),
    evidence,
  };
}

function packageJson(packageDir: string): { version?: string; engines?: { node?: string } } {
  try {
    return JSON.parse(readFileSync(path.join(packageDir, 'package.json'), 'utf8'));
  } catch {
    return {};
  }
}

/** What the handler's `Context` and `ToolDefinition` offer: asking the user, tasks. */
function contextFeatures(
  r: DeclarationReader,
  evidence: string[],
): Pick<Detected, 'requestInput' | 'elicit' | 'tasks' | 'enrichment' | 'fail'> {
  const main = r.entry('.');
  const contextDecl = r.find(main, 'Context');
  const context = r.members(contextDecl);
  const elicitFn = r.exports(main, 'ElicitFn');
  evidence.push(
    `Context (${r.where(contextDecl)}): ${['requestInput', 'inputs', 'elicit', 'progress'].filter((m) => context.has(m)).join(', ') || 'none of requestInput, inputs, elicit, progress'}`,
  );
  if (context.has('elicit') && !elicitFn)
    evidence.push('ctx.elicit is declared but ElicitFn is not exported: before 0.10.3 it never reaches the client');
  const toolDecl = r.find(main, 'ToolDefinition') ?? r.find(r.entry('./tools'), 'ToolDefinition');
  const toolMembers = r.members(toolDecl);
  evidence.push(`ToolDefinition (${r.where(toolDecl)}): ${toolMembers.has('task') ? 'has' : 'no'} task`);
  const inputRequired = r.exports(main, 'inputRequired');
  evidence.push(`main entry exports inputRequired: ${inputRequired ? 'yes' : 'no'}`);
  const enrichment = enrichmentFeature(r, context, toolMembers, evidence);
  const fail = r.exports(main, 'HandlerContext') && r.exports(main, 'TypedFail');
  evidence.push(`main entry exports HandlerContext, TypedFail (ctx.fail): ${fail ? 'yes' : 'no'}`);
  return {
    enrichment,
    fail,
    requestInput: context.has('requestInput') && context.has('inputs') && inputRequired,
    elicit: context.has('elicit') && elicitFn,
    tasks: toolMembers.has('task') && context.has('progress'),
  };
}

/** Whether a tool may declare `enrichment` and fill it through ctx.enrich, with a way to test it. */
function enrichmentFeature(
  r: DeclarationReader,
  context: Set<string>,
  toolMembers: Set<string>,
  evidence: string[],
): boolean {
  const helpers = r.members(r.find(r.entry('.'), 'EnrichHelpers'));
  const getEnrichment = r.exports(r.entry('./testing'), 'getEnrichment');
  const has =
    toolMembers.has('enrichment') &&
    context.has('enrich') &&
    ['echo', 'total', 'notice'].every((h) => helpers.has(h)) &&
    getEnrichment;
  evidence.push(
    `enrichment: ToolDefinition ${toolMembers.has('enrichment') ? 'has' : 'no'} enrichment, Context ${context.has('enrich') ? 'has' : 'no'} enrich, EnrichHelpers ${[...helpers].sort().join(', ') || 'not found'}, getEnrichment ${getEnrichment ? 'exported' : 'not exported'}`,
  );
  return has;
}

/** What the main entry's exports and `PromptDefinition` offer. */
function mainEntryFeatures(r: DeclarationReader, evidence: string[]): Pick<Detected, 'apps' | 'promptTitle'> {
  const main = r.entry('.');
  const promptDecl = r.find(main, 'PromptDefinition');
  const promptTitle = r.members(promptDecl).has('title');
  evidence.push(`PromptDefinition (${r.where(promptDecl)}): ${promptTitle ? 'has' : 'no'} title`);
  const apps = r.exports(main, 'appTool') && r.exports(main, 'appResource');
  evidence.push(`main entry exports appTool, appResource: ${apps ? 'yes' : 'no'}`);
  return { apps, promptTitle };
}

/** What `./testing` (and `./testing/vitest`) offer the generated tests. */
function testingFeatures(
  r: DeclarationReader,
  evidence: string[],
): Pick<Detected, 'inMemoryStorage' | 'mock' | 'expectInputRequired' | 'testing'> {
  const testing = r.entry('./testing');
  const vitest = r.entry('./testing/vitest');
  const mockDecl = r.find(testing, 'MockContextOptions');
  const options = r.members(mockDecl);
  evidence.push(`MockContextOptions (${r.where(mockDecl)}): ${[...options].sort().join(', ') || 'not found'}`);
  const createMock = r.find(testing, 'createMockContext');
  const has = (option: string) => createMock !== undefined && options.has(option);
  let inMemoryStorage: FrameworkFeatures['inMemoryStorage'];
  if (r.exports(testing, 'createInMemoryStorage')) inMemoryStorage = 'createInMemoryStorage';
  else if (r.members(r.find(vitest, 'McpTestFixtures')).has('storage')) inMemoryStorage = 'mcpTest';
  evidence.push(`in-memory storage for tests: ${inMemoryStorage ?? 'none'}`);
  const helpers = {
    createMockSession: r.exports(testing, 'createMockSession'),
    createFetchMock: r.exports(testing, 'createFetchMock'),
    runToolContract: r.exports(testing, 'runToolContract'),
    toolContractSuite: r.exports(vitest, 'toolContractSuite'),
  };
  const expectInputRequired = r.exports(testing, 'expectInputRequired');
  const present = Object.entries({ ...helpers, expectInputRequired }).filter(([, v]) => v);
  evidence.push(`testing helpers: ${present.map(([k]) => k).join(', ') || 'none of the 0.11.1+/0.12 ones'}`);
  return {
    inMemoryStorage,
    mock: {
      elicit: has('elicit'),
      inputResponses: has('inputResponses'),
      requestState: has('requestState'),
      progress: has('progress'),
      tenantId: has('tenantId'),
      // Typed by the contract when createMockContext is generic over the `errors` it is given.
      errors: has('errors') && r.isGeneric(createMock),
    },
    expectInputRequired,
    testing: helpers,
  };
}

/** The /utils functions whose context parameter takes the handler's ctx (see the field). */
const CTX_TAKING_UTILS = ['fetchWithTimeout', 'paginateArray'];
const CTX_TAKING_STORAGE = ['get', 'set'];

/** Which APIs take the handler's ctx where they ask for a request context. */
function contextTaking(r: DeclarationReader, evidence: string[]): Pick<Detected, 'utilsTakeCtx' | 'storageTakesCtx'> {
  const context = r.lineage(r.find(r.entry('.'), 'Context'));
  // A parameter takes ctx when typed with what Context extends, or with RequestContextLike, the
  // closed projection both Context and RequestContext fit (0.11.3).
  const fits = (types: Declaration[]) =>
    context.length > 0 &&
    types.some((t) => t.name === 'RequestContextLike' || context.some((c) => sameDeclaration(c, t)));
  const utils = r.entry('./utils');
  const utilsTakeCtx = CTX_TAKING_UTILS.every((fn) => fits(r.parameterTypes(r.find(utils, fn), 'context')));
  evidence.push(`${CTX_TAKING_UTILS.join(', ')} take the handler ctx: ${utilsTakeCtx ? 'yes' : 'no'}`);
  const storage = r.find(r.entry('./storage'), 'StorageService');
  const storageTakesCtx = CTX_TAKING_STORAGE.every((m) => fits(r.parameterTypes(storage, 'context', m)));
  evidence.push(`StorageService get, set take the handler ctx: ${storageTakesCtx ? 'yes' : 'no'}`);
  return { utilsTakeCtx, storageTakesCtx };
}

export type ToolVariant = 'confirm' | 'task' | 'app';

/** How a `--confirm` tool asks the user, given what is installed. */
export type ConfirmApi = 'requestInput' | 'elicit';

/** What each variant needs, in words, for messages. */
const VARIANT_NEEDS: Record<ToolVariant, string> = {
  confirm: 'a way to ask the user that reaches the client (ctx.elicit or ctx.requestInput)',
  task: 'task tools (tool({ task: true }) and ctx.progress)',
  app: 'appTool and appResource',
};

/** The hint of a refused variant: the releases that have it. */
function variantHint(variant: ToolVariant): string {
  const versions = `${FRAMEWORK} ${VARIANT_VERSIONS[variant]}`;
  return variant === 'task'
    ? `Task tools exist in ${versions}: use a 0.11 release of the framework, or add the tool without --task.`
    : `Upgrade to ${versions}, or add the tool without --${variant}.`;
}

/**
 * Checks that the installed framework supports a tool variant (and, with a test, what the test
 * needs from `createMockContext`); throws FRAMEWORK_UNSUPPORTED naming the versions that have it.
 */
export function requireVariant(
  features: FrameworkFeatures,
  variant: ToolVariant,
  withTest: boolean,
): ConfirmApi | undefined {
  const flag = `--${variant}`;
  if (!features.packageDir) {
    throw new ScaffoldError(
      'FRAMEWORK_NOT_INSTALLED',
      `${flag} depends on what the installed ${FRAMEWORK} offers, and it is not installed in this project.`,
      {
        hint: 'Install the dependencies first (npm install, or your package manager), then run the command again.',
      },
    );
  }
  const installed = `the installed ${FRAMEWORK} ${features.version ?? '(unknown version)'}`;
  const refuse = (what: string) =>
    new ScaffoldError('FRAMEWORK_UNSUPPORTED', `${flag} needs ${what}, which ${installed} does not have.`, {
      hint: variantHint(variant),
    });
  // What only the test needs: --no-test still writes the tool.
  const refuseTest = (what: string, versions: string) =>
    new ScaffoldError(
      'FRAMEWORK_UNSUPPORTED',
      `${flag} needs ${what} for the test (${FRAMEWORK} ${versions}; or pass --no-test), which ${installed} does not have.`,
      { hint: `Pass --no-test to write the tool without its test, or use ${FRAMEWORK} ${versions}.` },
    );
  switch (variant) {
    case 'confirm': {
      const api: ConfirmApi | undefined = features.requestInput
        ? 'requestInput'
        : features.elicit
          ? 'elicit'
          : undefined;
      if (!api) throw refuse(VARIANT_NEEDS.confirm);
      if (withTest && api === 'requestInput' && !features.mock.inputResponses)
        throw refuseTest('createMockContext({ inputResponses })', API_VERSIONS.mockInputResponses);
      // The test reads the first round, the question asked, with expectInputRequired().
      if (withTest && api === 'requestInput' && !features.expectInputRequired)
        throw refuseTest(`expectInputRequired() from ${FRAMEWORK}/testing`, API_VERSIONS.mockInputResponses);
      if (withTest && api === 'elicit' && !features.mock.elicit)
        throw refuseTest('createMockContext({ elicit })', API_VERSIONS.mockElicit);
      return api;
    }
    case 'task':
      if (!features.tasks) throw refuse(VARIANT_NEEDS.task);
      if (withTest && !features.mock.progress)
        throw refuseTest('createMockContext({ progress: true })', API_VERSIONS.mockProgress);
      return undefined;
    case 'app':
      if (!features.apps) throw refuse(VARIANT_NEEDS.app);
      return undefined;
  }
}

/**
 * Checks that the installed framework's testing entry exports createInMemoryStorage(), which
 * `whose` test uses; throws FRAMEWORK_UNSUPPORTED if not. Without the package there is nothing to check.
 */
export function requireInMemoryStorage(features: FrameworkFeatures, whose: string): void {
  if (features.packageDir && features.inMemoryStorage !== 'createInMemoryStorage') {
    throw new ScaffoldError(
      'FRAMEWORK_UNSUPPORTED',
      `${whose} needs createInMemoryStorage() from ${FRAMEWORK}/testing, which the installed ${features.version ?? ''} does not export.`,
      {
        hint: `Upgrade to ${FRAMEWORK} ${API_VERSIONS.inMemoryStorage}, or pass --no-test.`,
      },
    );
  }
}
