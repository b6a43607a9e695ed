/**
 * The TypeScript blocks of a server's copied skills, placed in the server and type-checked by its
 * own tsconfig (tests/generators/skill-snippets-typecheck.test.ts). A block is written as a file
 * of its own; the skills' template placeholders are filled with one consistent set of names, so
 * that the templates (a tool, its test, a service) import each other as they would in a server.
 * A block that is not a whole file (a definition's properties, a class's methods, statements) is
 * wrapped in what the skill leaves out, only where the list of exceptions says so.
 */

import path from 'node:path';
import { marked, type Token, type Tokens } from 'marked';
import ts from 'typescript';

export interface Snippet {
  /** The skill file, e.g. `add-service/SKILL.md`. */
  file: string;
  /** 1-based, among the file's TypeScript blocks. */
  index: number;
  text: string;
}

/** Every ```ts / ```typescript block of the skills' markdown files (nested in lists too). */
export function skillSnippets(files: readonly { path: string; content: string }[]): Snippet[] {
  const out: Snippet[] = [];
  for (const f of files) {
    if (!f.path.endsWith('.md')) continue;
    const file = f.path.replace(/^skills\//, '');
    let index = 0;
    marked.walkTokens(marked.lexer(f.content), (t: Token) => {
      if (t.type !== 'code' || !/^(ts|typescript)$/.test((t as Tokens.Code).lang?.split(/\s/)[0] ?? '')) return;
      out.push({ file, index: ++index, text: (t as Tokens.Code).text });
    });
  }
  return out;
}

/**
 * One value per template placeholder of the skills (`{{TOOL_EXPORT}}`…), the same names in every
 * template, so that the tool test's import finds the tool template's export.
 */
export const PLACEHOLDERS: Record<string, string> = {
  TOOL_EXPORT: 'demoSearchItems',
  TOOL_NAME: 'demo_search_items',
  tool_name: 'demo_search_items',
  'tool-name': 'demo-search-items',
  TOOL_TITLE: 'Search Items',
  TOOL_DESCRIPTION: 'Search items by keyword.',
  RESOURCE_EXPORT: 'itemResource',
  RESOURCE_NAME: 'item',
  resource_name: 'item',
  'resource-name': 'item',
  RESOURCE_DESCRIPTION: 'An item by id.',
  RESOURCE_LIST_NAME: 'Items',
  PROMPT_EXPORT: 'demoReviewPrompt',
  PROMPT_NAME: 'demo_review',
  prompt_name: 'demo_review',
  'prompt-name': 'demo-review',
  PROMPT_DESCRIPTION: 'Review an item.',
  PROMPT_DISPLAY_TITLE: 'Review',
  PROMPT_TEMPLATE_TEXT: 'Review this item.',
  SERVICE_NAME: 'WidgetService',
  SERVICE_DESCRIPTION: 'Talks to the widget API.',
  ServiceName: 'WidgetService',
  ServiceClass: 'WidgetService',
  domain: 'widget',
  scheme: 'demo',
  paramName: 'itemId',
  PARAM_DESCRIPTION: 'The item id.',
  REASON: 'no_match',
};

/** `text` with every `{{placeholder}}` filled (`{{{paramName}}}` in a URI template → `{itemId}`). */
export function fillPlaceholders(text: string): string {
  return text.replace(/\{\{([^{}]+)\}\}/g, (whole, name: string) => PLACEHOLDERS[name.trim()] ?? whole);
}

/**
 * How a block is made a file: as it is (`module`); as it is, but a fragment of a file (`open`);
 * as properties of a tool, resource or prompt definition, or of createApp's options (`members`:
 * `handler(input, ctx)` gets the handler's context, `setup(core)` the core services); as methods
 * of a class (`class`: `this.` reaches any member); as the body of an async function (`body`).
 * Every frame but `module` declares the names the fragment leaves to the code around it.
 */
export type Frame = 'module' | 'open' | 'members' | 'class' | 'body';

const IMPORT = /^import\s[^;]*?from\s*['"][^'"]+['"];?[ \t]*$|^import\s*['"][^'"]+['"];?[ \t]*$/gm;

/** `text` from its first line of code that is not an import or a comment. */
export function codeStart(text: string): string {
  const lines = text.replace(IMPORT, '').split('\n');
  const first = lines.findIndex((l) => !/^\s*(\/\/|\/\*|\*|$)/.test(l));
  return first < 0 ? '' : lines.slice(first).join('\n');
}

/** `text` made a file by `frame`: its import statements at the top, the rest inside the frame. */
export function framed(text: string, frame: Frame, classMembers = ''): string {
  if (frame === 'module' || frame === 'open') return text;
  const imports = text.match(IMPORT) ?? [];
  const rest = text.replace(IMPORT, '');
  const head = [...imports, "import type { HandlerContext as SnippetContext } from '@cyanheads/mcp-ts-core';"];
  switch (frame) {
    case 'members':
      // A definition's handler, format and generate, typed as the definition types them.
      return `${head.join('\n')}
export const snippet: {
  [key: string]: unknown;
  handler?: (input: any, ctx: SnippetContext<string, any>) => unknown;
  setup?: (core: import('@cyanheads/mcp-ts-core').CoreServices) => unknown;
  format?: (result: any) => unknown;
  generate?: (args: any) => unknown;
} = {
${rest}
};
`;
    case 'class':
      return `${head.join('\n')}
export class Snippet {
  [key: string]: any;
${classMembers}
${rest}
}
`;
    case 'body':
      return `${head.join('\n')}
export async function snippet(ctx: SnippetContext<string, any>): Promise<any> {
  void ctx;
${rest}
}
`;
  }
}

/** Diagnostics that say a snippet declares something its reader's own code uses: not errors here. */
export const UNUSED_CODES = new Set([6133, 6138, 6192, 6196, 6198, 6205]);

/**
 * A parameter whose type the code around a fragment gives (a callback over the reader's data,
 * which the fragment has as `any`): not an error in a fragment.
 */
const IMPLICIT_ANY = 7006;

/** Diagnostics that name something a fragment leaves to the code around it. */
const FREE_NAME_CODES = new Set([2304, 2552, 2503, 2582, 2593, 2580, 18004]);

const TEST_GLOBALS = new Set([
  'describe',
  'it',
  'test',
  'expect',
  'vi',
  'beforeEach',
  'afterEach',
  'beforeAll',
  'afterAll',
]);

export interface SnippetProgram {
  /** Diagnostics by file (relative to the root), unused-declaration ones left out. */
  diagnostics: Map<string, { code: number; line: number; message: string }[]>;
}

function program(root: string, extra: readonly string[], old?: ts.Program): ts.Program {
  const host: ts.ParseConfigFileHost = { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} };
  const config = ts.getParsedCommandLineOfConfigFile(path.join(root, 'tsconfig.json'), {}, host);
  if (!config) throw new Error(`${root}/tsconfig.json does not parse`);
  return ts.createProgram([...config.fileNames, ...extra], { ...config.options, noEmit: true }, undefined, old);
}

function diagnosticsOf(p: ts.Program, sf: ts.SourceFile): readonly ts.Diagnostic[] {
  // A file with a syntax error has no meaningful semantic diagnostics.
  const syntax = p.getSyntacticDiagnostics(sf);
  return syntax.length > 0 ? syntax : p.getSemanticDiagnostics(sf);
}

/**
 * The framework's exports by name, and the entry each comes from (the main entry first): how a
 * fragment's free names are imported, as the file around it would.
 */
function frameworkExports(
  p: ts.Program,
  root: string,
  entries: readonly string[],
): Map<string, { entry: string; typeOnly: boolean }> {
  const checker = p.getTypeChecker();
  const names = new Map<string, { entry: string; typeOnly: boolean }>();
  for (const entry of entries) {
    const resolved = ts.resolveModuleName(entry, path.join(root, 'src/index.ts'), p.getCompilerOptions(), ts.sys)
      .resolvedModule?.resolvedFileName;
    const sf = resolved ? p.getSourceFile(resolved) : undefined;
    const symbol = sf ? checker.getSymbolAtLocation(sf) : undefined;
    if (!symbol) continue;
    for (const e of checker.getExportsOfModule(symbol)) {
      if (names.has(e.name)) continue;
      const target = e.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(e) : e;
      names.set(e.name, { entry, typeOnly: (target.flags & ts.SymbolFlags.Value) === 0 });
    }
  }
  return names;
}

/**
 * Type-checks the server at `root` with the snippet files in it (written already). `fragments`
 * are the files whose free names are declared first: test globals imported from vitest, the
 * framework's exports from their entry, `ctx` as the handler's context, anything else `any` (the
 * reader's own code). Returns each snippet file's diagnostics.
 */
export function checkSnippets(
  root: string,
  files: readonly string[],
  fragments: ReadonlySet<string>,
  frameworkEntries: readonly string[],
  write: (rel: string, text: string) => void,
  read: (rel: string) => string,
): SnippetProgram {
  const abs = (rel: string) => path.join(root, rel);
  let p = program(root, files.map(abs));
  const exportsByName = frameworkExports(p, root, frameworkEntries);
  let declared = false;
  for (const rel of fragments) {
    const sf = p.getSourceFile(abs(rel));
    if (!sf) continue;
    const free = new Set<string>();
    for (const d of diagnosticsOf(p, sf)) {
      if (!FREE_NAME_CODES.has(d.code) || d.start === undefined) continue;
      const name = sf.text.slice(d.start, d.start + (d.length ?? 0));
      if (/^[A-Za-z_$][\w$]*$/.test(name)) free.add(name);
    }
    if (free.size === 0) continue;
    const lines: string[] = [];
    for (const name of [...free].sort()) {
      const entry = exportsByName.get(name);
      if (TEST_GLOBALS.has(name)) lines.push(`import { ${name} } from 'vitest';`);
      else if (entry) lines.push(`import ${entry.typeOnly ? 'type ' : ''}{ ${name} } from '${entry.entry}';`);
      else if (name === 'ctx')
        lines.push("declare const ctx: import('@cyanheads/mcp-ts-core').HandlerContext<string, any>;");
      // `let`: a fragment may assign to a name the code around it declares.
      else lines.push(`declare let ${name}: any;`, `type ${name} = any;`);
    }
    write(rel, `${lines.join('\n')}\n${read(rel)}`);
    declared = true;
  }
  // The second pass reuses what did not change (the framework's declarations) from the first.
  if (declared) p = program(root, files.map(abs), p);
  const diagnostics = new Map<string, { code: number; line: number; message: string }[]>();
  for (const rel of files) {
    const sf = p.getSourceFile(abs(rel));
    if (!sf) throw new Error(`${rel} is not in the program`);
    const list = diagnosticsOf(p, sf)
      .filter((d) => !UNUSED_CODES.has(d.code) && !(fragments.has(rel) && d.code === IMPLICIT_ANY))
      .map((d) => ({
        code: d.code,
        line: sf.getLineAndCharacterOfPosition(d.start ?? 0).line + 1,
        message: ts.flattenDiagnosticMessageText(d.messageText, ' '),
      }));
    diagnostics.set(rel, list);
  }
  return { diagnostics };
}
