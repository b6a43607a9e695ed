/**
 * What the test templates of `add test` share (each kind declares its own, in its folder): a test
 * for a definition that has none, written from what the definition declares rather than from a
 * template's sample data. Its inputs are made at test time from the definition's own schemas
 * (input, URI params, prompt args) by the server's one shared helper (sample-helper.ts), so the
 * test follows the definition as it is.
 */

import type { Tree } from '../../engine/tree.js';
import type { FrameworkFeatures } from '../../project/framework-features.js';
import { testFileFor, testImportPath } from '../../registration/conventions.js';
import type { DefinitionTarget } from '../../registration/target.js';
import { compareImportSources } from '../../ts/import-order.js';
import type { SharedTestFile, TestPlan, TestTemplate } from '../spec.js';
import { handlerNeeds, type ServiceInit } from './handler-needs.js';
import { type SampleHelperName, sampleHelper, sampleHelperSpecifier } from './sample-helper.js';
import { methodSpy, serviceInitCall } from './service-double.js';

/** The test file's header: what it tests, and that `add test` wrote it. */
export const header = (what: string, file: string) =>
  `/**\n * @fileoverview Tests for ${what}, written by \`mcp-scaffold add test\` from its definition.\n * @module ${file.replace(/\.ts$/, '')}\n */\n`;

/** One import declaration of a test: the names it takes from a module. */
export interface TestImport {
  names: string[];
  from: string;
  /** Only types are used: \`import type\`, as Biome's useImportType has it. */
  typeOnly?: boolean;
}

/** The import declarations, each with its names, in the order Biome's organizeImports puts them. */
export function importLines(imports: readonly TestImport[]): string {
  const merged = new Map<string, { names: Set<string>; typeOnly: boolean }>();
  for (const i of imports) {
    const entry = merged.get(i.from) ?? { names: new Set<string>(), typeOnly: true };
    for (const name of i.names) entry.names.add(name);
    entry.typeOnly &&= i.typeOnly === true;
    merged.set(i.from, entry);
  }
  return [...merged]
    .sort(([a], [b]) => compareImportSources(a, b))
    .map(([from, { names, typeOnly }]) => {
      const list = [...names].sort(compareImportSources).join(', ');
      return `import ${typeOnly ? 'type ' : ''}{ ${list} } from '${from}';`;
    })
    .join('\n');
}

/** What a kind's test is written from. */
export interface DefinitionTestInput {
  /** The definition's MCP name (its export name when it has none). */
  name: string;
  exportName: string;
  /** How the test imports the definition. */
  importPath: string;
  /** The test file. */
  file: string;
  /** The definition's file. */
  definitionFile: string;
  tree: Tree;
  features: () => FrameworkFeatures;
}

/** The text of a definition's test, and the shared files it imports. */
export type DefinitionTestText = (input: DefinitionTestInput) => string | Omit<TestPlan, 'file'>;

/** A kind's test template for definitions of its layout: the test at the path the project's tests use. */
export function definitionTest(text: DefinitionTestText): TestTemplate {
  return (tree: Tree, target: DefinitionTarget, features: () => FrameworkFeatures): TestPlan => {
    const { def, layout } = target;
    const file = testFileFor(tree, layout!, def.file);
    const importPath = testImportPath(tree, file, def.file);
    const name = def.name ?? def.exportName!;
    const written = text({
      name,
      exportName: def.exportName!,
      importPath,
      file,
      definitionFile: def.file,
      tree,
      features,
    });
    return typeof written === 'string' ? { file, text: written } : { file, ...written };
  };
}

/** The import of the server's shared sample helper, and the helper itself. */
export function sampleHelperUse(
  testFile: string,
  names: SampleHelperName[],
): { import: TestImport; shared: SharedTestFile } {
  return { import: { names, from: sampleHelperSpecifier(testFile) }, shared: sampleHelper(names) };
}

/** What a handler's test sets up: the services it calls, each made as setup() makes it, their methods stubbed. */
export interface ServiceSetup {
  imports: TestImport[];
  /** The `beforeEach` block (with its leading blank line), or '' when it calls none. */
  block: string;
}

/**
 * The `beforeEach` that makes each service the handler calls, as the server's setup() does, and
 * spies on each method the handler calls to answer a value of its declared result, so the test
 * runs the handler and never the service (service-double.ts). A method whose result no value can
 * be made for runs as it is, and a comment says so.
 */
export function serviceSetup(input: DefinitionTestInput, services: readonly ServiceInit[]): ServiceSetup {
  if (services.length === 0) return { imports: [], block: '' };
  const imports: TestImport[] = [{ names: ['beforeEach'], from: 'vitest' }];
  const lines: string[] = [];
  for (const s of services) {
    const init = serviceInitCall(input.tree, s.file, s.initName);
    imports.push(...init.imports);
    lines.push(`${init.code};`);
    const spied: string[] = [];
    for (const method of s.methods) {
      const spy = methodSpy(input.tree, s, method);
      if (spy) {
        lines.push(spy);
        spied.push(method);
      } else lines.push(`// ${method}() declares a result no sample can be made of: it runs as it is.`);
    }
    const names = spied.length > 0 ? [s.initName, s.getName] : [s.initName];
    imports.push({ names, from: testImportPath(input.tree, input.file, s.file) });
    if (spied.length > 0) imports.push({ names: ['vi'], from: 'vitest' });
  }
  const body = lines.map((l) => `    ${l}`).join('\n');
  return {
    imports,
    block: `\n  // The services its handler calls, made as the server's setup() makes them; the methods it calls\n  // answer as they declare, so the test runs the handler and never the service.\n  beforeEach(() => {\n${body}\n  });\n`,
  };
}

/**
 * The imports of a test that runs a handler: the testing helpers it names (and any other import
 * it lists), vitest, the definition, the sample helper, and the services it initialises.
 */
export function handlerTestImports(
  input: DefinitionTestInput,
  own: TestImport[],
  helper: TestImport,
  services: ServiceSetup,
): TestImport[] {
  return [
    ...own,
    { names: ['describe', 'expect', 'it'], from: 'vitest' },
    { names: [input.exportName], from: input.importPath },
    helper,
    ...services.imports,
  ];
}

/** What the definition's handler needs from its test (services, questions, progress). */
export const needsOf = (input: DefinitionTestInput) => handlerNeeds(input.tree, input.definitionFile, input.features);
