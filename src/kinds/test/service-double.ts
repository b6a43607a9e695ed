/**
 * How a definition's test stands in for the services its handler calls, so that the test runs the
 * handler and never the service (whose upstream calls would leave the test): the service is
 * created as the server's setup() creates it, with what its init function takes, and each method
 * the handler calls is spied on to answer a value of the type it declares
 * (`vi.spyOn(getNcbiService(), 'search').mockResolvedValue([{ id: 'example-id', … }])`). The
 * value is made from the method's declared result: a type literal, or an interface or type alias
 * of the service's file or of a project file it imports (its types.ts).
 */

import { ScaffoldError } from '../../engine/errors.js';
import type { Tree } from '../../engine/tree.js';
import { lineWidthOf } from '../../project/formatter.js';
import { displayWidth, tsString } from '../../text/string-literal.js';
import { resolveModuleFile } from '../../ts/modules.js';
import { parseSource, startLine, type TsMorph, tsMorph } from '../../ts/ts-morph.js';

/** What a test passes for each parameter type an init function may take, and where it comes from. */
const INIT_ARGUMENTS: Record<string, { code: string; name: string; from: string }> = {
  AppConfig: { code: 'parseConfig()', name: 'parseConfig', from: '@cyanheads/mcp-ts-core/config' },
  StorageService: {
    code: 'createInMemoryStorage()',
    name: 'createInMemoryStorage',
    from: '@cyanheads/mcp-ts-core/testing',
  },
};

/** The arguments a test passes an init function (`parseConfig()`, `createInMemoryStorage()`). */
export const INIT_DOUBLES: ReadonlySet<string> = new Set(Object.values(INIT_ARGUMENTS).map((a) => a.code));
/** What a test imports to make them (`parseConfig`, `createInMemoryStorage`). */
export const INIT_DOUBLE_NAMES: readonly string[] = Object.values(INIT_ARGUMENTS).map((a) => a.name);

/** The service's init call as a test makes it, and the imports that call needs. */
export interface ServiceInitCall {
  /** `initNcbiService(parseConfig())`. */
  code: string;
  imports: { names: string[]; from: string }[];
  /** Whether it takes the framework's storage (the test then needs createInMemoryStorage). */
  storage: boolean;
}

/**
 * The call of `initName` a test makes: an argument for each parameter, by its type (the config,
 * the storage). A parameter of any other type is UNSUPPORTED_LAYOUT, with the file and line.
 */
export function serviceInitCall(tree: Tree, file: string, initName: string): ServiceInitCall {
  const sf = parseSource(file, tree.read(file) ?? '');
  const fn = sf.getFunction(initName);
  const params = fn?.getParameters() ?? [];
  const args = params.map((p) => {
    const type = p.getTypeNode()?.getText().trim() ?? '';
    const arg = INIT_ARGUMENTS[type];
    if (arg === undefined) {
      throw new ScaffoldError(
        'UNSUPPORTED_LAYOUT',
        `${file}:${startLine(p)}: ${initName}() takes ${p.getText()}, which a test cannot make.`,
        {
          hint: `Give ${initName}() only the config and the storage (AppConfig, StorageService), or pass --no-test and write the test by hand.`,
        },
      );
    }
    return arg;
  });
  return {
    code: `${initName}(${args.map((a) => a.code).join(', ')})`,
    imports: args.map((a) => ({ names: [a.name], from: a.from })),
    storage: args.some((a) => a.name === 'createInMemoryStorage'),
  };
}

/** The named types a value may be made from: the service file's and those of the project files it imports. */
type TypeScope = Map<string, TsMorph.TypeNode | TsMorph.InterfaceDeclaration>;

function declaredTypes(sf: TsMorph.SourceFile, scope: TypeScope): void {
  for (const i of sf.getInterfaces()) if (i.getTypeParameters().length === 0) scope.set(i.getName(), i);
  for (const a of sf.getTypeAliases())
    if (a.getTypeParameters().length === 0) scope.set(a.getName(), a.getTypeNodeOrThrow());
}

function typeScope(tree: Tree, file: string, sf: TsMorph.SourceFile): TypeScope {
  const scope: TypeScope = new Map();
  for (const decl of sf.getImportDeclarations()) {
    const target = resolveModuleFile(tree, file, decl.getModuleSpecifierValue());
    const text = target && tree.read(target);
    if (target && text !== undefined) declaredTypes(parseSource(target, text, { tolerant: true }), scope);
  }
  declaredTypes(sf, scope);
  return scope;
}

/** `fetchedAt` → fetched-at: the words of a property name, for a sample string. */
const kebab = (key: string) =>
  key
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/_/g, '-')
    .toLowerCase();

/** A value made up for a type: code for a scalar, else the entries of an object or the elements of an array. */
type Sample = string | { object: [string, Sample][] } | { array: Sample[] };

/** A value of a property named `key` of type `node`; undefined when none is safe to make up. */
function sampleOfType(node: TsMorph.Node, key: string, scope: TypeScope, depth: number): Sample | undefined {
  if (depth > 6) return undefined;
  const { Node, SyntaxKind } = tsMorph();
  switch (node.getKind()) {
    case SyntaxKind.StringKeyword:
      return tsString(`example-${kebab(key)}`);
    case SyntaxKind.NumberKeyword:
      return '1';
    case SyntaxKind.BooleanKeyword:
      return 'true';
    case SyntaxKind.UnknownKeyword:
      return 'null';
  }
  if (Node.isLiteralTypeNode(node)) return node.getLiteral().getText();
  if (Node.isParenthesizedTypeNode(node)) return sampleOfType(node.getTypeNode(), key, scope, depth);
  if (Node.isArrayTypeNode(node)) return arraySample(node.getElementTypeNode(), key, scope, depth);
  if (Node.isUnionTypeNode(node)) {
    // The first member that is a value: `Item | undefined` answers an Item.
    for (const member of node.getTypeNodes()) {
      if (/^(undefined|null|void)$/.test(member.getText())) continue;
      const value = sampleOfType(member, key, scope, depth);
      if (value !== undefined) return value;
    }
    return undefined;
  }
  if (Node.isTypeLiteral(node)) return objectSample(node.getProperties(), scope, depth);
  if (Node.isTypeReference(node)) {
    const name = node.getTypeName().getText();
    const [first, second] = node.getTypeArguments();
    if ((name === 'Array' || name === 'ReadonlyArray') && first) return arraySample(first, key, scope, depth);
    if (name === 'Record' && second) return { object: [] };
    if (name === 'Date') return 'new Date(0)';
    const declared = scope.get(name);
    if (declared === undefined || node.getTypeArguments().length > 0) return undefined;
    if (Node.isInterfaceDeclaration(declared)) {
      if (declared.getExtends().length > 0) return undefined;
      return objectSample(declared.getProperties(), scope, depth);
    }
    return sampleOfType(declared, key, scope, depth + 1);
  }
  return undefined;
}

/** A list of one element of the type. */
function arraySample(element: TsMorph.Node, key: string, scope: TypeScope, depth: number): Sample | undefined {
  const value = sampleOfType(element, key, scope, depth + 1);
  return value === undefined ? undefined : { array: [value] };
}

/** `{ id: 'example-id', title: 'example-title' }`: each required property, in the order declared. */
function objectSample(props: TsMorph.PropertySignature[], scope: TypeScope, depth: number): Sample | undefined {
  const entries: [string, Sample][] = [];
  for (const p of props) {
    if (p.hasQuestionToken()) continue;
    const type = p.getTypeNode();
    const name = p.getName();
    if (!type || !/^[A-Za-z_$][\w$]*$/.test(name)) return undefined;
    const value = sampleOfType(type, name, scope, depth + 1);
    if (value === undefined) return undefined;
    entries.push([name, value]);
  }
  return { object: entries };
}

/** The sample on one line. */
function inline(sample: Sample): string {
  if (typeof sample === 'string') return sample;
  if ('array' in sample) return `[${sample.array.map(inline).join(', ')}]`;
  return sample.object.length === 0 ? '{}' : `{ ${sample.object.map(([k, v]) => `${k}: ${inline(v)}`).join(', ')} }`;
}

/**
 * The lines of `head`, the sample and `tail` at `indent`: on one line when it fits the width,
 * else the object or list broken one entry a line (each laid out the same way), as Biome does.
 */
function laidOut(sample: Sample, indent: string, head: string, tail: string, width: number): string[] {
  const one = `${indent}${head}${inline(sample)}${tail}`;
  if (typeof sample === 'string' || displayWidth(one) <= width) return [one];
  const inner = `${indent}  `;
  const entries =
    'array' in sample
      ? sample.array.flatMap((v) => laidOut(v, inner, '', ',', width))
      : sample.object.flatMap(([k, v]) => laidOut(v, inner, `${k}: `, ',', width));
  const [open, close] = 'array' in sample ? ['[', ']'] : ['{', '}'];
  return [`${indent}${head}${open}`, ...entries, `${indent}${close}${tail}`];
}

/** What a spied method answers: a value of its declared result, and whether it is a promise of it. */
export interface MethodAnswer {
  value: Sample;
  async: boolean;
}

/**
 * A value the method of the file's class may return, made from its declared return type
 * (unwrapping a Promise), or undefined when no class there has the method, it declares no return
 * type, or it returns one no value can safely be made of.
 */
export function methodAnswer(tree: Tree, file: string, method: string): MethodAnswer | undefined {
  const text = tree.read(file);
  if (text === undefined) return undefined;
  const sf = parseSource(file, text, { tolerant: true });
  const returned = sf
    .getClasses()
    .find((c) => c.getMethod(method))
    ?.getMethod(method)
    ?.getReturnTypeNode();
  if (!returned) return undefined;
  const { Node } = tsMorph();
  const promised =
    Node.isTypeReference(returned) && returned.getTypeName().getText() === 'Promise'
      ? returned.getTypeArguments()[0]
      : undefined;
  const scope = typeScope(tree, file, sf);
  const value = sampleOfType(promised ?? returned, 'result', scope, 0);
  return value === undefined ? undefined : { value, async: promised !== undefined };
}

/**
 * `vi.spyOn(getNcbiService(), 'search').mockResolvedValue([…]);`, its first line unindented and
 * the others at `indent` and below, laid out as Biome lays it out at that indent.
 */
export function spyCode(getName: string, method: string, answer: MethodAnswer, indent: string, width: number): string {
  const head = `vi.spyOn(${getName}(), '${method}').${answer.async ? 'mockResolvedValue' : 'mockReturnValue'}(`;
  return laidOut(answer.value, indent, head, ');', width).join('\n').slice(indent.length);
}

/**
 * The spy a definition's test sets on `method` of the service in `file`, indented for a
 * `beforeEach` body; undefined when its declared result is one no value can be made for.
 */
export function methodSpy(tree: Tree, s: { file: string; getName: string }, method: string): string | undefined {
  const answer = methodAnswer(tree, s.file, method);
  return answer && spyCode(s.getName, method, answer, '    ', lineWidthOf(tree));
}
