/**
 * ensureSetupCall: make the app's `setup()` call a service's init function, idempotently, with
 * the smallest edit (everything else byte-identical, CRLF kept) and laid out as Biome lays it out.
 *
 * - No `setup` yet: `setup(core) { initX(core.config, core.storage); },` is added after the last
 *   option.
 * - A `setup` exists (method, or a property holding an arrow or function expression, or a name
 *   for a function declared in the same file; sync or async; with or without its parameter):
 *   the call goes after the last `init…()` call. A call nested in a `try` block stays in that
 *   block; one nested in a conditional (`if`, `catch`, a loop, a callback) does not make the new
 *   call conditional too: it goes after the whole statement holding it. Without any `init…()`
 *   call the new one goes at the end of the body. The parameter is added only when it is missing
 *   and the call needs it, and an existing one is never renamed: the call uses its name (or the
 *   names a destructuring pattern binds).
 * - Whatever it cannot place with certainty is UNSUPPORTED_LAYOUT with file and line.
 *
 * registerSetupCall applies it, with the import of the init function, to every entry point with
 * an app factory call.
 */

import type { Tree } from '../engine/tree.js';
import { DEFAULT_LINE_WIDTH, displayWidth } from '../text/string-literal.js';
import { containsComment } from '../ts/array-edits.js';
import { ensureNamedImport, namedImport, pathStyleOf } from '../ts/imports.js';
import { moduleSpecifier } from '../ts/modules.js';
import {
  applyEdits,
  eolOf,
  indentAt,
  indentUnitOf,
  lineStart,
  restOfLine,
  spansLines,
  type TextEdit,
} from '../ts/text-edits.js';
import { parseSource, short, type TsMorph, tsMorph } from '../ts/ts-morph.js';
import { unwrap } from '../ts/unwrap.js';
import { appEntryPoints, assertBindingFree, unsupported } from './entry-point.js';

export interface SetupCall {
  /** The function to call, e.g. initNcbiService. */
  name: string;
  /** The CoreServices members passed to it, in order, e.g. ['config', 'storage']. */
  coreArgs: string[];
}

/** The parameter name a new `setup` (or a parameterless one) gets, as the framework writes it. */
export const CORE_PARAM = 'core';

/** The core services an init call this module writes may pass. */
const CORE_MEMBERS = ['config', 'storage'];

export type FunctionLike =
  | TsMorph.MethodDeclaration
  | TsMorph.ArrowFunction
  | TsMorph.FunctionExpression
  | TsMorph.FunctionDeclaration;

/** `initX(...)`, `await initX(...)`, `void initX(...)`, `const x = await initX(...)`. */
function initCallee(statement: TsMorph.Statement): string | undefined {
  const { Node } = tsMorph();
  let expr: TsMorph.Node | undefined;
  if (Node.isExpressionStatement(statement)) expr = statement.getExpression();
  else if (Node.isVariableStatement(statement)) {
    const decls = statement.getDeclarations();
    expr = decls.length === 1 ? decls[0]!.getInitializer() : undefined;
  }
  expr = unwrap(expr);
  while (expr && (Node.isAwaitExpression(expr) || Node.isVoidExpression(expr))) expr = unwrap(expr.getExpression());
  if (!expr || !Node.isCallExpression(expr)) return undefined;
  const callee = expr.getExpression();
  return Node.isIdentifier(callee) && isInitName(callee.getText()) ? callee.getText() : undefined;
}

export function isInitName(name: string): boolean {
  return /^init[A-Z0-9_$]/.test(name);
}

/** Whether `node` holds, anywhere inside, a call of an `init…` function. */
function containsInitCall(node: TsMorph.Node): boolean {
  const { SyntaxKind, Node } = tsMorph();
  return node.getDescendantsOfKind(SyntaxKind.CallExpression).some((c) => {
    const callee = c.getExpression();
    return Node.isIdentifier(callee) && isInitName(callee.getText());
  });
}

/**
 * The statement after which the new call goes: the last `init…()` call statement, in the body or
 * in a `try` block, or else the statement (of the body or a try block) that holds it.
 */
function lastInitAnchor(statements: TsMorph.Statement[]): TsMorph.Statement | undefined {
  const { Node } = tsMorph();
  let anchor: TsMorph.Statement | undefined;
  for (const s of statements) {
    if (initCallee(s)) anchor = s;
    else if (Node.isTryStatement(s)) {
      const inner = lastInitAnchor(s.getTryBlock().getStatements());
      if (inner) anchor = inner;
      const catchBlock = s.getCatchClause()?.getBlock();
      const finallyBlock = s.getFinallyBlock();
      if ((catchBlock && containsInitCall(catchBlock)) || (finallyBlock && containsInitCall(finallyBlock))) anchor = s;
    } else if (containsInitCall(s)) anchor = s;
  }
  return anchor;
}

/** What the app's `setup` option is. */
export type SetupLookup =
  | { type: 'none' }
  | { type: 'function'; fn: FunctionLike }
  | { type: 'unsupported'; node: TsMorph.Node; message: string };

/**
 * The function the app's `setup` option is: a method, an arrow or function expression (wrapped
 * or not), or the name of a function declared (or held by a const) in the same file. `add
 * service` edits it and `list` reads the init calls in it, so both find it the same way.
 */
export function setupFunctionOf(options: TsMorph.ObjectLiteralExpression): SetupLookup {
  const { Node } = tsMorph();
  const props = options
    .getProperties()
    .filter((p) => !Node.isSpreadAssignment(p) && (p as TsMorph.PropertyAssignment).getName?.() === 'setup');
  const prop = props[0];
  if (!prop) return { type: 'none' };
  const refuse = (node: TsMorph.Node, message: string): SetupLookup => ({ type: 'unsupported', node, message });
  if (props.length > 1) return refuse(props[1]!, 'the options object sets `setup` more than once');
  if (Node.isMethodDeclaration(prop)) return { type: 'function', fn: prop };
  let value: TsMorph.Node;
  if (Node.isPropertyAssignment(prop)) value = unwrap(prop.getInitializerOrThrow());
  else if (Node.isShorthandPropertyAssignment(prop)) value = prop.getNameNode();
  else return refuse(prop, `\`setup\` is not a method or a plain property (\`${short(prop)}\`)`);
  if (Node.isIdentifier(value)) {
    const sf = prop.getSourceFile();
    const name = value.getText();
    const fn = sf.getFunction(name);
    if (fn) return { type: 'function', fn };
    const imported = namedImport(sf, name);
    if (imported) {
      return refuse(
        prop,
        `\`setup\` is \`${name}\`, imported from '${imported.specifier}'; its body cannot be followed`,
      );
    }
    const init = unwrap(sf.getVariableDeclaration(name)?.getInitializer());
    if (!init || !(Node.isArrowFunction(init) || Node.isFunctionExpression(init)))
      return refuse(value, `cannot find the function \`${name}\` that setup names in this file`);
    value = init;
  }
  if (Node.isArrowFunction(value) || Node.isFunctionExpression(value)) return { type: 'function', fn: value };
  return refuse(value, `setup is \`${short(value)}\`, not a function this tool can edit`);
}

const HINT =
  'Nothing was written. Add the import and the init call to setup() by hand, or report this layout so mcp-scaffold learns it.';

/** Whether the identifier `name` occurs anywhere in `node`. */
function mentions(node: TsMorph.Node, name: string): boolean {
  const { SyntaxKind } = tsMorph();
  return node.getDescendantsOfKind(SyntaxKind.Identifier).some((id) => id.getText() === name);
}

/** `initX(a, b);` on one line when it fits, else one argument per line, as Biome breaks it. */
function callStatement(
  call: SetupCall,
  args: string[],
  indent: string,
  unit: string,
  eol: string,
  lineWidth: number,
): string {
  const oneLine = `${call.name}(${args.join(', ')});`;
  if (args.length === 0 || displayWidth(indent + oneLine) <= lineWidth) return oneLine;
  return `${call.name}(${eol}${args.map((a) => `${indent}${unit}${a},${eol}`).join('')}${indent});`;
}

/**
 * How setup's first parameter reaches each core member: `core.config` for a plain name, the local
 * name a destructuring pattern binds it to (undefined where it binds none); null when setup takes
 * no parameter yet. A parameter no member can be reached through is UNSUPPORTED_LAYOUT.
 */
function coreAccess(fn: FunctionLike, relPath: string): ((member: string) => string | undefined) | null {
  const { Node } = tsMorph();
  const first = fn.getParameters()[0];
  if (!first) return null;
  if (first.isRestParameter())
    throw unsupported(relPath, first, 'setup takes a rest parameter; cannot tell how to reach the core services', HINT);
  const nameNode = first.getNameNode();
  if (Node.isIdentifier(nameNode)) return (member) => `${nameNode.getText()}.${member}`;
  if (Node.isObjectBindingPattern(nameNode)) {
    const bound = new Map<string, string>();
    for (const el of nameNode.getElements()) {
      if (el.getDotDotDotToken()) continue;
      const local = el.getNameNode();
      if (!Node.isIdentifier(local)) continue;
      bound.set(el.getPropertyNameNode()?.getText() ?? local.getText(), local.getText());
    }
    return (member) => bound.get(member);
  }
  throw unsupported(
    relPath,
    first,
    `setup's parameter is \`${short(first)}\`; cannot tell how to reach the core services`,
    HINT,
  );
}

/** The argument texts for the call inside setup, and whether setup needs its parameter added first. */
function argumentsFor(fn: FunctionLike, call: SetupCall, relPath: string): { args: string[]; addParam: boolean } {
  if (call.coreArgs.length === 0) return { args: [], addParam: false };
  const access = coreAccess(fn, relPath);
  if (access === null) {
    const body = fn.getBody();
    if (body && mentions(body, CORE_PARAM)) {
      throw unsupported(
        relPath,
        fn,
        `setup takes no parameter and its body already uses the name \`${CORE_PARAM}\`; cannot add the parameter the call needs`,
        HINT,
      );
    }
    return { args: call.coreArgs.map((m) => `${CORE_PARAM}.${m}`), addParam: true };
  }
  const args = call.coreArgs.map(access);
  const missing = call.coreArgs.filter((_, i) => args[i] === undefined);
  if (missing.length > 0) {
    throw unsupported(
      relPath,
      fn.getParameters()[0]!,
      `setup destructures its parameter without ${missing.map((m) => `\`${m}\``).join(' and ')}, which ${call.name}() needs`,
      HINT,
    );
  }
  return { args: args as string[], addParam: false };
}

/** Inserts the parameter into `setup()` / `() =>` / `function ()`. */
function addParameter(fn: FunctionLike): TextEdit {
  const { SyntaxKind } = tsMorph();
  const open = fn.getFirstChildByKindOrThrow(SyntaxKind.OpenParenToken);
  return { pos: open.getEnd(), text: CORE_PARAM };
}

/** Whether the file already calls `name` anywhere: then the service is initialised already. */
function alreadyCalled(sf: TsMorph.SourceFile, name: string): boolean {
  const { SyntaxKind } = tsMorph();
  return sf.getDescendantsOfKind(SyntaxKind.CallExpression).some((c) => c.getExpression().getText() === name);
}

/**
 * The call setup() already makes, brought to the core services the init function now takes (a
 * service re-added with or without `--storage`): its arguments are rewritten when each is one this
 * module writes (`core.config`, `core.storage`, or the names a destructured parameter binds), and
 * left when they already match. A call with arguments of the user's own is UNSUPPORTED_LAYOUT,
 * naming what it should pass, rather than a registration left wrong.
 */
function callWithCoreArgs(options: TsMorph.ObjectLiteralExpression, call: SetupCall, relPath: string): TextEdit[] {
  const { SyntaxKind } = tsMorph();
  const setup = setupFunctionOf(options);
  if (setup.type !== 'function') return [];
  const calls = setup.fn
    .getDescendantsOfKind(SyntaxKind.CallExpression)
    .filter((c) => c.getExpression().getText() === call.name);
  if (calls.length === 0) return [];
  const wanted = argumentsFor(setup.fn, call, relPath);
  if (wanted.addParam) return [];
  // What this module would pass for each member; one a destructured parameter lacks is simply not there.
  const access = coreAccess(setup.fn, relPath);
  const written = CORE_MEMBERS.flatMap((m) => access?.(m) ?? []);
  const edits: TextEdit[] = [];
  for (const c of calls) {
    const args = c.getArguments().map((a) => a.getText());
    if (args.join(', ') === wanted.args.join(', ')) continue;
    if (!args.every((a) => written.includes(a))) {
      throw unsupported(
        relPath,
        c,
        `${call.name}() is called with (${args.join(', ')}), and it now takes (${wanted.args.join(', ')})`,
        `Change the call in setup() to ${call.name}(${wanted.args.join(', ')}); nothing was written.`,
      );
    }
    const open = c.getFirstChildByKindOrThrow(SyntaxKind.OpenParenToken);
    const close = c.getLastChildByKindOrThrow(SyntaxKind.CloseParenToken);
    edits.push({ pos: open.getEnd(), end: close.getStart(), text: wanted.args.join(', ') });
  }
  return edits;
}

/** The source text's conventions an inserted statement follows. */
interface Layout {
  source: string;
  eol: string;
  unit: string;
  lineWidth: number;
}

/** Edits that put the call into an existing setup function. */
function intoExistingSetup(fn: FunctionLike, call: SetupCall, relPath: string, lineWidth: number): TextEdit[] {
  const { Node } = tsMorph();
  const source = fn.getSourceFile().getFullText();
  const layout: Layout = { source, eol: eolOf(source), unit: indentUnitOf(source), lineWidth };
  const body = fn.getBody();
  if (!body || !Node.isBlock(body)) {
    throw unsupported(
      relPath,
      fn,
      'setup is an arrow function with an expression body; give it a block body first',
      HINT,
    );
  }
  const { args, addParam } = argumentsFor(fn, call, relPath);
  const edits: TextEdit[] = addParam ? [addParameter(fn)] : [];
  const statements = body.getStatements();
  if (statements.length === 0) edits.push(intoEmptyBody(body, call, args, relPath, layout));
  else edits.push(afterLastInit(body, statements, call, args, relPath, layout));
  return edits;
}

/** A body with no statements (maybe comments): the call goes last, before the closing brace. */
function intoEmptyBody(body: TsMorph.Block, call: SetupCall, args: string[], relPath: string, l: Layout): TextEdit {
  const open = body.getStart();
  const close = body.getEnd() - 1;
  const outer = indentAt(l.source, open);
  const inner = outer + l.unit;
  const text = callStatement(call, args, inner, l.unit, l.eol, l.lineWidth);
  if (spansLines(body.getText())) {
    return { pos: lineStart(l.source, close), text: `${indentAt(l.source, close)}${l.unit}${text}${l.eol}` };
  }
  if (/\/\/|\/\*/.test(l.source.slice(open + 1, close))) {
    throw unsupported(relPath, body, "setup's body is a comment on one line; cannot tell where the call goes", HINT);
  }
  return { pos: open + 1, end: close, text: `${l.eol}${inner}${text}${l.eol}${outer}` };
}

/** After the last statement that calls an init…() function, else after the last statement. */
function afterLastInit(
  body: TsMorph.Block,
  statements: TsMorph.Statement[],
  call: SetupCall,
  args: string[],
  relPath: string,
  l: Layout,
): TextEdit {
  const { Node } = tsMorph();
  if (!spansLines(body.getText())) {
    throw unsupported(relPath, body, "setup's body is written on one line; format the file (biome format) first", HINT);
  }
  let anchor = lastInitAnchor(statements);
  if (!anchor) {
    const last = statements[statements.length - 1]!;
    if (Node.isReturnStatement(last) || Node.isThrowStatement(last)) {
      throw unsupported(
        relPath,
        last,
        `setup ends with \`${short(last)}\` and calls no init…() function; cannot tell where the call goes`,
        HINT,
      );
    }
    anchor = last;
  }
  const rest = restOfLine(l.source, anchor.getEnd());
  if (!rest || rest.comma) {
    throw unsupported(
      relPath,
      anchor,
      `more code follows \`${short(anchor)}\` on its line; cannot place the call after it`,
      HINT,
    );
  }
  const indent = indentAt(l.source, anchor.getStart());
  return { pos: rest.end, text: `${l.eol}${indent}${callStatement(call, args, indent, l.unit, l.eol, l.lineWidth)}` };
}

/** Edits that add `setup(core) { … }` to an options object without one. */
function newSetup(
  options: TsMorph.ObjectLiteralExpression,
  call: SetupCall,
  relPath: string,
  lineWidth: number,
): TextEdit[] {
  const source = options.getSourceFile().getFullText();
  const eol = eolOf(source);
  const unit = indentUnitOf(source);
  const props = options.getProperties();
  const args = call.coreArgs.map((m) => `${CORE_PARAM}.${m}`);
  const param = call.coreArgs.length > 0 ? CORE_PARAM : '';
  const method = (indent: string) =>
    `setup(${param}) {${eol}${indent}${unit}${callStatement(call, args, indent + unit, unit, eol, lineWidth)}${eol}${indent}}`;

  if (!spansLines(options.getText())) {
    // A one-line options object: Biome lays an object holding a method body out one property
    // per line, so the object is laid out that way (its properties' text unchanged).
    if (containsComment(options.getText())) {
      throw unsupported(
        relPath,
        options,
        'the options object is on one line and holds a comment; format the file first',
        HINT,
      );
    }
    const indent = indentAt(source, options.getStart());
    const inside = indent + unit;
    const lines = [...props.map((p) => `${inside}${p.getText()},`), `${inside}${method(inside)},`];
    return [{ pos: options.getStart(), end: options.getEnd(), text: `{${eol}${lines.join(eol)}${eol}${indent}}` }];
  }
  const last = props[props.length - 1];
  if (!last) {
    const close = options.getEnd() - 1;
    const indent = indentAt(source, close) + unit;
    return [{ pos: lineStart(source, close), text: `${indent}${method(indent)},${eol}` }];
  }
  const rest = restOfLine(source, last.getEnd());
  if (!rest)
    throw unsupported(
      relPath,
      last,
      `more code follows \`${short(last)}\` on its line; cannot add setup after it`,
      HINT,
    );
  const indent = indentAt(source, last.getStart());
  const edits: TextEdit[] = [{ pos: rest.end, text: `${eol}${indent}${method(indent)}${rest.comma ? ',' : ''}` }];
  if (!rest.comma) edits.unshift({ pos: last.getEnd(), text: ',' });
  return edits;
}

/**
 * Edits that make the app's setup() call `call`. `options` is the createApp/createWorkerHandler
 * options object of the file `relPath`. Empty when the file already calls it.
 */
export function ensureSetupCall(
  options: TsMorph.ObjectLiteralExpression,
  call: SetupCall,
  relPath: string,
  lineWidth = DEFAULT_LINE_WIDTH,
): TextEdit[] {
  const { Node } = tsMorph();
  if (alreadyCalled(options.getSourceFile(), call.name)) return callWithCoreArgs(options, call, relPath);
  const setup = setupFunctionOf(options);
  if (setup.type === 'unsupported') throw unsupported(relPath, setup.node, setup.message, HINT);
  if (setup.type === 'function') return intoExistingSetup(setup.fn, call, relPath, lineWidth);
  const spread = options.getProperties().find((p) => Node.isSpreadAssignment(p));
  if (spread) {
    throw unsupported(
      relPath,
      spread,
      `the options object spreads \`${spread.getText()}\`, which may already set setup`,
      HINT,
    );
  }
  return newSetup(options, call, relPath, lineWidth);
}

export interface SetupRegistration {
  /** Project-relative path of the module exporting the init function. */
  file: string;
  call: SetupCall;
}

export interface SetupResult {
  /** Entry points that hold (or now hold) the call. */
  files: string[];
  changed: boolean;
}

/**
 * Imports the init function and calls it from setup() in every entry point with an app factory
 * call (src/index.ts; src/worker.ts for Workers). Throws UNSUPPORTED_LAYOUT or ALREADY_EXISTS;
 * nothing is recorded in the tree unless every entry point could be edited.
 */
export function registerSetupCall(tree: Tree, reg: SetupRegistration, lineWidth = DEFAULT_LINE_WIDTH): SetupResult {
  const planned: { file: string; text: string; before: string }[] = [];
  for (const app of appEntryPoints(tree, (f) => parseSource(f, tree.read(f)!), HINT)) {
    const { file, sf } = app;
    const before = sf.getFullText();
    const specifier = moduleSpecifier(file, reg.file, pathStyleOf(sf) ?? 'relative');
    assertBindingFree(sf, file, reg.call.name, specifier, 'Rename one of them; nothing was written.');
    const edits = [
      ...ensureSetupCall(app.options, reg.call, file, lineWidth),
      ...ensureNamedImport(sf, reg.call.name, specifier, lineWidth),
    ];
    planned.push({ file, before, text: applyEdits(before, edits) });
  }
  for (const p of planned) if (p.text !== p.before) tree.write(p.file, p.text);
  return { files: planned.map((p) => p.file), changed: planned.some((p) => p.text !== p.before) };
}
