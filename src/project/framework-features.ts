/**
 * What the project's installed framework really offers, read off the package itself: its
 * package.json `exports` lead to the `.d.ts` entry points, and the declarations behind them (the
 * `Context` interface, `ToolDefinition`, the testing helpers) say which APIs exist. A version
 * number alone would not do: the registry here serves 0.10.17 while public servers pin 0.9 to
 * 0.12, and what a generator may emit depends on the declarations, not on the number.
 *
 * Only declaration files are parsed (TypeScript's parser, no program, no type checking).
 */

import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ScaffoldError } from '../engine/errors.js';
import { ModuleGraph, moduleShape, type Trace } from '../ts/module-graph.js';
import { type TsMorph, tsMorph } from '../ts/ts-morph.js';
import { FRAMEWORK, frameworkPackageDir } from './project.js';

type Ts = typeof TsMorph.ts;

export interface FrameworkFeatures {
  /** Folder of the installed package, or undefined when node_modules does not have it. */
  packageDir: string | undefined;
  version: string | undefined;
  /** `ctx.requestInput` + `inputRequired` (multi-round-trip input, 0.11 and later). */
  requestInput: boolean;
  /** `ctx.elicit(message, schema)`, present when the client can be asked (0.10). */
  elicit: boolean;
  /** `tool(name, { task: true })` with `ctx.progress`. */
  tasks: boolean;
  /** `appTool()` and `appResource()` from the main entry. */
  apps: boolean;
  /** `prompt(name, { title })`: PromptDefinition.title (0.10.3 and later). */
  promptTitle: boolean;
  /** How a test gets a real in-memory StorageService. */
  inMemoryStorage: 'createInMemoryStorage' | 'mcpTest' | undefined;
  /** createMockContext options the generated tests rely on. */
  mock: { elicit: boolean; inputResponses: boolean; progress: boolean; tenantId: boolean };
  /** What each answer was read from, for --verbose and for messages. */
  evidence: string[];
  /** How generated code must be typed to fit this version (read by kinds/; see codeFitFeatures). */
  codeFit: CodeFit;
}

const NONE: Omit<FrameworkFeatures, 'packageDir' | 'version' | 'evidence'> = {
  requestInput: false,
  elicit: false,
  tasks: false,
  apps: false,
  // Unknowable without the package: the framework's current shape, which init also writes.
  promptTitle: true,
  inMemoryStorage: undefined,
  mock: { elicit: false, inputResponses: false, progress: false, tenantId: false },
  // Without the package: the framework's typed mock (its current idiom), and the storage context
  // built from the handler's ids, which type-checks on every version.
  codeFit: { mockReturnsHandlerContext: true, contextIsRequestContext: false, expectInputRequired: true },
};

interface Declaration {
  file: string;
  node: TsMorph.ts.Node;
  sf: TsMorph.ts.SourceFile;
}

/**
 * Reads declaration files and follows names the way a reader would: through the module graph
 * (`export { x } from`, `export *`, type-only re-exports, imports, into the packages the
 * framework depends on) and interface `extends` clauses. Missing files simply find nothing.
 */
class DeclarationReader {
  private readonly files = new Map<string, TsMorph.ts.SourceFile | undefined>();
  private readonly ts: Ts = tsMorph().ts;
  private readonly graph = new ModuleGraph({
    shape: (file) => {
      const sf = this.parse(file);
      return sf && moduleShape(this.ts, sf);
    },
    resolve: (from, specifier) => this.resolve(from, specifier),
  });

  constructor(readonly packageDir: string) {}

  private parse(file: string): TsMorph.ts.SourceFile | undefined {
    if (!this.files.has(file)) {
      let sf: TsMorph.ts.SourceFile | undefined;
      try {
        sf = this.ts.createSourceFile(file, readFileSync(file, 'utf8'), this.ts.ScriptTarget.Latest, true);
      } catch {
        sf = undefined;
      }
      this.files.set(file, sf);
    }
    return this.files.get(file);
  }

  /**
   * The `.d.ts` a specifier names from `from`: `./x.js` beside it, or a package (the framework
   * re-exports some names from its dependencies, e.g. `@modelcontextprotocol/server`) found in the
   * node_modules folders above it.
   */
  private resolve(from: string, specifier: string): string | undefined {
    if (!specifier.startsWith('.')) return this.resolvePackage(from, specifier);
    const base = path.resolve(path.dirname(from), specifier);
    const candidates = [
      base.replace(/\.(m|c)?js$/, '.d.$1ts'),
      base.replace(/\.(m|c)?js$/, '.d.ts'),
      `${base}.d.ts`,
      path.join(base, 'index.d.ts'),
      base,
    ];
    return candidates.find((c) => /\.d\.[mc]?ts$/.test(c) && existsSync(c));
  }

  private resolvePackage(from: string, specifier: string): string | undefined {
    const parts = specifier.split('/');
    const nameLength = specifier.startsWith('@') ? 2 : 1;
    if (parts.length < nameLength || specifier.startsWith('node:')) return undefined;
    const name = parts.slice(0, nameLength).join('/');
    const subpath = ['.', ...parts.slice(nameLength)].join('/');
    for (let dir = path.dirname(from); ; dir = path.dirname(dir)) {
      const candidate = path.join(dir, 'node_modules', name);
      if (existsSync(path.join(candidate, 'package.json'))) return packageTypes(candidate, subpath);
      if (path.dirname(dir) === dir) return undefined;
    }
  }

  /** The types file of a subpath (`.`, `./testing`) of the framework package. */
  entry(subpath: string): string | undefined {
    return packageTypes(this.packageDir, subpath);
  }

  /** The declaration of `name` as `file` exports it. */
  find(file: string | undefined, name: string): Declaration | undefined {
    return file === undefined ? undefined : this.declaration(this.graph.exported(file, name, { file, line: 0 }));
  }

  /** The declaration `name` stands for inside `file` (declared there or imported). */
  private bound(file: string, name: string): Declaration | undefined {
    return this.declaration(this.graph.binding(file, name));
  }

  private declaration(trace: Trace): Declaration | undefined {
    if (trace.type !== 'found') return undefined;
    const sf = this.parse(trace.file);
    const ts = this.ts;
    for (const st of sf?.statements ?? []) {
      if (
        (ts.isInterfaceDeclaration(st) ||
          ts.isClassDeclaration(st) ||
          ts.isFunctionDeclaration(st) ||
          ts.isTypeAliasDeclaration(st) ||
          ts.isEnumDeclaration(st)) &&
        st.name?.text === trace.name
      ) {
        return { file: trace.file, node: st, sf: sf! };
      }
      if (ts.isVariableStatement(st)) {
        const decl = st.declarationList.declarations.find((d) => ts.isIdentifier(d.name) && d.name.text === trace.name);
        if (decl) return { file: trace.file, node: decl, sf: sf! };
      }
    }
    return undefined;
  }

  /** Whether the entry exports `name` (a value or a type). */
  exports(entryFile: string | undefined, name: string): boolean {
    return this.find(entryFile, name) !== undefined;
  }

  /** Member names of an interface (with the ones it inherits), or of a type literal alias. */
  members(decl: Declaration | undefined, depth = 0): Set<string> {
    const out = new Set<string>();
    if (!decl || depth > 8) return out;
    const ts = this.ts;
    const add = (members: readonly TsMorph.ts.TypeElement[]) => {
      for (const m of members)
        if (m.name && (ts.isIdentifier(m.name) || ts.isStringLiteral(m.name))) out.add(m.name.text);
    };
    const node = decl.node;
    if (ts.isInterfaceDeclaration(node)) {
      add(node.members);
      for (const clause of node.heritageClauses ?? []) {
        for (const t of clause.types) {
          if (!ts.isIdentifier(t.expression)) continue;
          for (const m of this.members(this.bound(decl.file, t.expression.text), depth + 1)) out.add(m);
        }
      }
    } else if (ts.isTypeAliasDeclaration(node)) {
      const visit = (t: TsMorph.ts.TypeNode): void => {
        if (ts.isTypeLiteralNode(t)) add(t.members);
        else if (ts.isIntersectionTypeNode(t)) t.types.forEach(visit);
        else if (ts.isParenthesizedTypeNode(t)) visit(t.type);
        else if (ts.isTypeReferenceNode(t) && ts.isIdentifier(t.typeName)) {
          for (const m of this.members(this.bound(decl.file, t.typeName.text), depth + 1)) out.add(m);
        }
      };
      visit(node.type);
    } else if (ts.isClassDeclaration(node)) {
      for (const m of node.members) if (m.name && ts.isIdentifier(m.name)) out.add(m.name.text);
    }
    return out;
  }

  where(decl: Declaration | undefined): string {
    return decl ? path.relative(this.packageDir, decl.file).split(path.sep).join('/') : '(not found)';
  }
}

/** The types file of a package's subpath (`.`, `./testing`): from `exports`, else `types`. */
function packageTypes(packageDir: string, subpath: string): string | undefined {
  let pkg: { exports?: unknown; types?: string; typings?: string };
  try {
    pkg = JSON.parse(readFileSync(path.join(packageDir, 'package.json'), 'utf8'));
  } catch {
    return undefined;
  }
  const typesOf = (target: unknown): string | undefined => {
    if (typeof target === 'string') return /\.d\.[mc]?ts$/.test(target) ? target : undefined;
    if (target && typeof target === 'object') {
      const t = target as Record<string, unknown>;
      return typesOf(t.types) ?? typesOf(t.import) ?? typesOf(t.default);
    }
    return undefined;
  };
  let rel: string | undefined;
  if (pkg.exports && typeof pkg.exports === 'object' && !Array.isArray(pkg.exports)) {
    const exportsMap = pkg.exports as Record<string, unknown>;
    rel = subpath in exportsMap ? typesOf(exportsMap[subpath]) : undefined;
    if (rel === undefined && subpath === '.' && !Object.keys(exportsMap).some((k) => k.startsWith('.')))
      rel = typesOf(exportsMap);
  } else if (subpath === '.') {
    rel = pkg.types ?? pkg.typings;
  }
  if (!rel) return undefined;
  const file = path.join(packageDir, rel);
  return existsSync(file) ? file : undefined;
}

/** Reads the features of the framework installed for the project at `root`. */
export function detectFrameworkFeatures(root: string): FrameworkFeatures {
  const packageDir = frameworkPackageDir(root);
  if (!packageDir)
    return {
      ...NONE,
      mock: { ...NONE.mock },
      codeFit: { ...NONE.codeFit },
      packageDir: undefined,
      version: undefined,
      evidence: [],
    };
  const r = new DeclarationReader(packageDir);
  const evidence: string[] = [];
  return {
    packageDir,
    version: packageVersion(packageDir),
    ...mainEntryFeatures(r, evidence),
    ...testingFeatures(r, evidence),
    codeFit: codeFitFeatures(r, evidence),
    evidence,
  };
}

function packageVersion(packageDir: string): string | undefined {
  try {
    return (JSON.parse(readFileSync(path.join(packageDir, 'package.json'), 'utf8')) as { version?: string }).version;
  } catch {
    return undefined;
  }
}

/** What the main entry's `Context`, `ToolDefinition`, `PromptDefinition` and exports offer. */
function mainEntryFeatures(
  r: DeclarationReader,
  evidence: string[],
): Pick<FrameworkFeatures, 'requestInput' | 'elicit' | 'tasks' | 'apps' | 'promptTitle'> {
  const main = r.entry('.');
  const contextDecl = r.find(main, 'Context');
  const context = r.members(contextDecl);
  evidence.push(
    `Context (${r.where(contextDecl)}): ${['requestInput', 'inputs', 'elicit', 'progress'].filter((m) => context.has(m)).join(', ') || 'none of requestInput, inputs, elicit, progress'}`,
  );
  const toolDecl = r.find(main, 'ToolDefinition') ?? r.find(r.entry('./tools'), 'ToolDefinition');
  const toolMembers = r.members(toolDecl);
  evidence.push(`ToolDefinition (${r.where(toolDecl)}): ${toolMembers.has('task') ? 'has' : 'no'} task`);
  const promptDecl = r.find(main, 'PromptDefinition');
  const promptTitle = r.members(promptDecl).has('title');
  evidence.push(`PromptDefinition (${r.where(promptDecl)}): ${promptTitle ? 'has' : 'no'} title`);
  const inputRequired = r.exports(main, 'inputRequired');
  const apps = r.exports(main, 'appTool') && r.exports(main, 'appResource');
  evidence.push(
    `main entry exports: ${[inputRequired && 'inputRequired', apps && 'appTool, appResource'].filter(Boolean).join(', ') || 'neither inputRequired nor appTool/appResource'}`,
  );
  return {
    requestInput: context.has('requestInput') && context.has('inputs') && inputRequired,
    elicit: context.has('elicit'),
    tasks: toolMembers.has('task') && context.has('progress'),
    apps,
    promptTitle,
  };
}

/** What `./testing` (and `./testing/vitest`) offer the generated tests. */
function testingFeatures(
  r: DeclarationReader,
  evidence: string[],
): Pick<FrameworkFeatures, 'inMemoryStorage' | 'mock'> {
  const testing = r.entry('./testing');
  const mockDecl = r.find(testing, 'MockContextOptions');
  const mockOptions = r.members(mockDecl);
  evidence.push(`MockContextOptions (${r.where(mockDecl)}): ${[...mockOptions].sort().join(', ') || 'not found'}`);
  const hasMock = r.exports(testing, 'createMockContext');
  let inMemoryStorage: FrameworkFeatures['inMemoryStorage'];
  if (r.exports(testing, 'createInMemoryStorage')) inMemoryStorage = 'createInMemoryStorage';
  else if (r.members(r.find(r.entry('./testing/vitest'), 'McpTestFixtures')).has('storage'))
    inMemoryStorage = 'mcpTest';
  evidence.push(`in-memory storage for tests: ${inMemoryStorage ?? 'none'}`);
  return {
    inMemoryStorage,
    mock: {
      elicit: hasMock && mockOptions.has('elicit'),
      inputResponses: hasMock && mockOptions.has('inputResponses'),
      progress: hasMock && mockOptions.has('progress'),
      tenantId: hasMock && mockOptions.has('tenantId'),
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Code fit: how the generated code is typed, not which features exist
// ---------------------------------------------------------------------------------------------

export interface CodeFit {
  /**
   * `createMockContext({ errors })` returns the handler's `HandlerContext<reason>` (0.11.3 and
   * later, typed to take `errors | undefined`); before, it returns a plain `Context`, which a
   * handler with an error contract does not accept under strict settings.
   */
  mockReturnsHandlerContext: boolean;
  /** `Context extends RequestContext` (0.12): the handler's ctx goes to storage as it is. */
  contextIsRequestContext: boolean;
  /** `expectInputRequired()` from ./testing (0.12): a test reads the input a handler asked for. */
  expectInputRequired: boolean;
}

function codeFitFeatures(r: DeclarationReader, evidence: string[]): CodeFit {
  const ts = tsMorph().ts;
  const testing = r.entry('./testing');
  const mock = r.find(testing, 'createMockContext');
  const returned = mock && ts.isFunctionDeclaration(mock.node) ? mock.node.type?.getText(mock.sf) : undefined;
  const context = r.find(r.entry('.'), 'Context');
  const heritage =
    context && ts.isInterfaceDeclaration(context.node)
      ? (context.node.heritageClauses ?? []).flatMap((c) => c.types.map((t) => t.expression.getText(context.sf)))
      : [];
  const fit: CodeFit = {
    mockReturnsHandlerContext: returned !== undefined && /^HandlerContext\b/.test(returned),
    contextIsRequestContext: heritage.includes('RequestContext'),
    expectInputRequired: r.exports(testing, 'expectInputRequired'),
  };
  evidence.push(
    `createMockContext returns ${returned ?? '(not found)'}; Context extends ${heritage.join(', ') || 'nothing'}; ./testing ${fit.expectInputRequired ? 'exports' : 'has no'} expectInputRequired`,
  );
  return fit;
}

export type ToolVariant = 'confirm' | 'task' | 'app';

/** How a `--confirm` tool asks the user, given what is installed. */
export type ConfirmApi = 'requestInput' | 'elicit';

/**
 * The versions that brought each API, for messages, as the framework's own changelog gives them
 * (ElicitFn in 0.10.3, task tools in 0.1.0, apps in 0.3.0).
 */
export const NEEDS: Record<ToolVariant, string> = {
  confirm: '@cyanheads/mcp-ts-core 0.10.3 or later (ctx.elicit; 0.11 and later ask through ctx.requestInput)',
  task: '@cyanheads/mcp-ts-core 0.1.0 or later (tool({ task: true }) with ctx.progress)',
  app: '@cyanheads/mcp-ts-core 0.3.0 or later (appTool and appResource)',
};

/**
 * Checks that the installed framework supports a tool variant (and, with a test, what the test
 * needs from `createMockContext`); throws FRAMEWORK_UNSUPPORTED naming the version it needs.
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
      hint: `Upgrade to ${NEEDS[variant]}, or add the tool without ${flag}.`,
    });
  switch (variant) {
    case 'confirm': {
      const api: ConfirmApi | undefined = features.requestInput
        ? 'requestInput'
        : features.elicit
          ? 'elicit'
          : undefined;
      if (!api) throw refuse('a way to ask the user (ctx.requestInput or ctx.elicit)');
      if (withTest && api === 'requestInput' && !features.mock.inputResponses)
        throw refuse('createMockContext({ inputResponses }) for the test (or pass --no-test)');
      if (withTest && api === 'elicit' && !features.mock.elicit)
        throw refuse('createMockContext({ elicit }) for the test (or pass --no-test)');
      return api;
    }
    case 'task':
      if (!features.tasks) throw refuse('task tools (tool({ task: true }) and ctx.progress)');
      if (withTest && !features.mock.progress)
        throw refuse('createMockContext({ progress: true }) for the test (or pass --no-test)');
      return undefined;
    case 'app':
      if (!features.apps) throw refuse('appTool and appResource');
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
        hint: `Upgrade to ${FRAMEWORK} 0.4.0 or later, or pass --no-test.`,
      },
    );
  }
}
