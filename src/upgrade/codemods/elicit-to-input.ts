/**
 * 0.12.0 removed `ctx.elicit`: a tool that asks the user now returns `ctx.requestInput(...)` on
 * the first round, and reads the answer off `ctx.inputs` when the client calls again. This rewrites
 * the confirm flow `add tool --confirm` writes for 0.10/0.11 (and hand-written ones of the same
 * shape): a guard on `ctx.elicit`, one `await ctx.elicit(message, Form)`, one check of the answer
 * that throws `ctx.fail(...)`, then the work. Anything else that touches `ctx.elicit` is refused
 * with its line.
 */

import type { Problem } from '../../engine/problems.js';
import { ensureNamedImport } from '../../ts/imports.js';
import {
  applyEdits,
  indentAt,
  indentUnitOf,
  lineStart,
  startWithLeadingComments,
  type TextEdit,
} from '../../ts/text-edits.js';
import { parseSource, type TsMorph, tsMorph } from '../../ts/ts-morph.js';

type Outcome = { text: string; problems: [] } | { text?: undefined; problems: Problem[] };

const FRAMEWORK = '@cyanheads/mcp-ts-core';

/** The parts of a recognised confirm flow, located in the handler's body. */
interface Flow {
  ctx: string;
  body: TsMorph.Block;
  handler: TsMorph.MethodDeclaration | TsMorph.ArrowFunction | TsMorph.FunctionExpression;
  guard: TsMorph.IfStatement;
  unavailableReason: string;
  /** Statements between the guard and the question (the message built, typically). */
  asking: TsMorph.Statement[];
  ask: TsMorph.VariableStatement;
  message: string;
  form: string;
  parse: TsMorph.VariableStatement | undefined;
  check: TsMorph.IfStatement;
  /** The form's field that says yes (`form.data.confirm`). */
  field: string;
  rest: TsMorph.Statement[];
}

const lineOf = (node: TsMorph.Node) => node.getStartLineNumber();

function refuse(file: string, node: TsMorph.Node, why: string): Problem {
  return {
    code: 'UNSUPPORTED_LAYOUT',
    path: file,
    line: lineOf(node),
    message: `ctx.elicit is gone in 0.12 and this use is not a shape the upgrade rewrites: ${why}`,
    hint: 'Rewrite it by hand to `return ctx.requestInput({ inputRequests: { … } })` and `ctx.inputs` (or shape it like `add tool --confirm` writes it), then run upgrade again.',
  };
}

/** `if (!ctx.elicit) { throw ctx.fail('reason', …) }` → the reason. */
function guardReason(stmt: TsMorph.Statement, ctx: string): string | undefined {
  const { SyntaxKind, Node } = tsMorph();
  if (!Node.isIfStatement(stmt) || stmt.getElseStatement()) return undefined;
  if (stmt.getExpression().getText().replace(/\s/g, '') !== `!${ctx}.elicit`) return undefined;
  const thrown = stmt.getThenStatement().getFirstDescendantByKind(SyntaxKind.ThrowStatement);
  const call = thrown?.getExpression();
  if (!call || !Node.isCallExpression(call) || call.getExpression().getText() !== `${ctx}.fail`) return undefined;
  const reason = call.getArguments()[0];
  return reason && Node.isStringLiteral(reason) ? reason.getLiteralValue() : undefined;
}

/** `const answer = await ctx.elicit(message, Form);` → its parts. */
function askParts(stmt: TsMorph.Statement, ctx: string) {
  const { Node } = tsMorph();
  if (!Node.isVariableStatement(stmt)) return undefined;
  const [decl, ...more] = stmt.getDeclarations();
  const init = decl?.getInitializer();
  if (!decl || more.length > 0 || !init || !Node.isAwaitExpression(init)) return undefined;
  const call = init.getExpression();
  if (!Node.isCallExpression(call) || call.getExpression().getText() !== `${ctx}.elicit`) return undefined;
  const [message, form] = call.getArguments();
  if (!message || !form || !Node.isIdentifier(form) || call.getArguments().length !== 2) return undefined;
  return { answer: decl.getName(), message: message.getText(), form: form.getText() };
}

/** The identifiers a node uses, by name. */
const usesName = (node: TsMorph.Node, name: string) =>
  node.getDescendantsOfKind(tsMorph().SyntaxKind.Identifier).some((id) => id.getText() === name);

function findHandler(use: TsMorph.Node): Flow['handler'] | undefined {
  const { Node } = tsMorph();
  for (let n: TsMorph.Node | undefined = use.getParent(); n; n = n.getParent()) {
    if (Node.isMethodDeclaration(n) && n.getName() === 'handler') return n;
    if ((Node.isArrowFunction(n) || Node.isFunctionExpression(n)) && Node.isPropertyAssignment(n.getParent())) {
      if ((n.getParent() as TsMorph.PropertyAssignment).getName() === 'handler') return n;
    }
  }
  return undefined;
}

/** Reads the flow off a handler, or says at which statement it stops matching. */
function readFlow(file: string, handler: Flow['handler']): Flow | Problem {
  const { Node } = tsMorph();
  const ctxParam = handler.getParameters()[1];
  const body = handler.getBody();
  if (!ctxParam || !body || !Node.isBlock(body))
    return refuse(file, handler, 'the handler has no ctx parameter or no block body');
  const ctx = ctxParam.getName();
  const stmts = body.getStatements();
  const g = stmts.findIndex((s) => guardReason(s, ctx) !== undefined);
  const a = stmts.findIndex((s) => askParts(s, ctx) !== undefined);
  if (g === -1)
    return refuse(file, handler, `no \`if (!${ctx}.elicit) throw ${ctx}.fail('…')\` guard before the question`);
  if (a < g)
    return refuse(file, handler, `no single \`const answer = await ${ctx}.elicit(message, Form)\` after the guard`);
  const parts = askParts(stmts[a]!, ctx)!;
  let next = a + 1;
  const maybeParse = stmts[next];
  let parse: TsMorph.VariableStatement | undefined;
  let formVar: string | undefined;
  if (maybeParse && Node.isVariableStatement(maybeParse) && maybeParse.getText().includes(`${parts.form}.safeParse(`)) {
    parse = maybeParse;
    formVar = maybeParse.getDeclarations()[0]?.getName();
    next++;
  }
  const check = stmts[next];
  if (
    !check ||
    !Node.isIfStatement(check) ||
    check.getElseStatement() ||
    !/\bthrow\b/.test(check.getThenStatement().getText())
  ) {
    return refuse(
      file,
      check ?? stmts[a]!,
      'the answer is not checked by one `if (…) throw ctx.fail(…)` right after it',
    );
  }
  const field = formVar
    ? new RegExp(`\\b${formVar}\\.data\\.(\\w+)`).exec(check.getExpression().getText())?.[1]
    : undefined;
  if (!field)
    return refuse(file, check, `the check does not read the form's yes field (\`${formVar ?? 'form'}.data.<field>\`)`);
  const rest = stmts.slice(next + 1);
  const leak = rest.find((s) => usesName(s, parts.answer) || (formVar !== undefined && usesName(s, formVar)));
  if (leak) return refuse(file, leak, `the work after the check reads the answer (${parts.answer}) itself`);
  return {
    ctx,
    body,
    handler,
    guard: stmts[g] as TsMorph.IfStatement,
    unavailableReason: guardReason(stmts[g]!, ctx)!,
    asking: stmts.slice(g + 1, a),
    ask: stmts[a] as TsMorph.VariableStatement,
    message: parts.message,
    form: parts.form,
    parse,
    check,
    field,
    rest,
  };
}

/** The throw of the check, as it was laid out, reading `action` where it read `answer.action`. */
function rejection(flow: Flow, answer: string, source: string): string {
  const thrown = flow.check.getThenStatement();
  const stmts = tsMorph().Node.isBlock(thrown) ? thrown.getStatements() : [thrown];
  const text = stmts.map((s) => source.slice(lineStart(source, s.getStart(true)), s.getEnd())).join('\n');
  return text.replaceAll(`action: ${answer}.action`, 'action').replaceAll(`${answer}.action`, 'action');
}

function reindent(text: string, indent: string): string {
  return text
    .split('\n')
    .map((line, i) => (i === 0 || line.trim() === '' ? line : `${indent}${line.trimStart()}`))
    .join('\n');
}

/** The new body: ask on the first round, read the answer on the next, then the work as it was. */
function newBody(flow: Flow, source: string): string {
  const { ctx, form, field } = flow;
  const ind = indentAt(source, flow.guard.getStart());
  const unit = indentUnitOf(source);
  const answer = askParts(flow.ask, ctx)!.answer;
  const asking = flow.asking.map((s) => `${ind}${unit}${reindent(s.getText(), ind + unit)}\n`).join('');
  // The work as it was, comments and blank lines included, from the end of the check on.
  const rest = flow.rest.length > 0 ? source.slice(flow.check.getEnd(), flow.rest.at(-1)!.getEnd()) : '';
  const rejected = rejection(flow, answer, source);
  return [
    `${ind}const view = ${ctx}.inputs.view('confirm');\n`,
    `${ind}if (view.kind === 'missing') {\n`,
    `${ind}${unit}// First round: ask. The client shows the form and calls again with the answer on ${ctx}.inputs.\n`,
    asking,
    `${ind}${unit}return ${ctx}.requestInput({\n`,
    `${ind}${unit}${unit}inputRequests: {\n`,
    `${ind}${unit.repeat(3)}confirm: inputRequired.elicit({\n`,
    `${ind}${unit.repeat(4)}message: ${reindent(flow.message, ind + unit.repeat(4))},\n`,
    `${ind}${unit.repeat(4)}requestedSchema: ${form},\n`,
    `${ind}${unit.repeat(3)}}),\n`,
    `${ind}${unit}${unit}},\n`,
    `${ind}${unit}});\n`,
    `${ind}}\n`,
    `${ind}// An answer is final: asking again would only loop. accepted() checks it against the form.\n`,
    `${ind}const ${answer} = ${ctx}.inputs.accepted('confirm', ${form});\n`,
    `${ind}if (!${answer}?.${field}) {\n`,
    `${ind}${unit}const action = view.kind === 'elicit' ? view.action : view.kind;\n`,
    `${rejected}\n`,
    `${ind}}${rest}\n`,
  ].join('');
}

/** The `{ reason: '<reason>', … }` element of the errors contract, with its line, to remove. */
function contractEntry(sf: TsMorph.SourceFile, source: string, reason: string): TextEdit | undefined {
  const { Node, SyntaxKind } = tsMorph();
  for (const obj of sf.getDescendantsOfKind(SyntaxKind.ObjectLiteralExpression)) {
    const prop = obj.getProperty('reason');
    const init = prop && Node.isPropertyAssignment(prop) ? prop.getInitializer() : undefined;
    if (!init || !Node.isStringLiteral(init) || init.getLiteralValue() !== reason) continue;
    if (!Node.isArrayLiteralExpression(obj.getParent())) continue;
    let end = obj.getEnd();
    if (source[end] === ',') end++;
    const nl = source.indexOf('\n', end);
    return { pos: startWithLeadingComments(source, obj), end: nl === -1 ? end : nl + 1, text: '' };
  }
  return undefined;
}

/** The edits of one handler's flow, or the problem that stops it. */
function flowEdits(file: string, sf: TsMorph.SourceFile, source: string, flow: Flow): TextEdit[] | Problem {
  const edits: TextEdit[] = [];
  const first = flow.guard;
  const last = flow.check;
  const usedElsewhere = sf
    .getDescendantsOfKind(tsMorph().SyntaxKind.StringLiteral)
    .filter((s) => s.getLiteralValue() === flow.unavailableReason)
    .filter((s) => !(s.getStart() >= first.getStart() && s.getEnd() <= first.getEnd()));
  if (usedElsewhere.length > 1) {
    return refuse(file, usedElsewhere[1]!, `the reason ${flow.unavailableReason} is used outside the guard`);
  }
  const entry = contractEntry(sf, source, flow.unavailableReason);
  if (entry) edits.push(entry);
  const from = lineStart(source, first.getStart(true));
  const lastRest = flow.rest.at(-1);
  const to = lastRest ? lastRest.getEnd() : last.getEnd();
  const nl = source.indexOf('\n', to);
  edits.push({ pos: from, end: nl + 1, text: newBody(flow, source) });
  // requestInput returns never: an await is left only where the work itself awaits.
  const asyncKw = flow.handler.getModifiers().find((m) => m.getText() === 'async');
  const awaits = [...flow.asking, ...flow.rest].some((s) => /\bawait\b/.test(s.getText()));
  if (asyncKw && !awaits) edits.push({ pos: asyncKw.getStart(), end: asyncKw.getEnd() + 1, text: '' });
  return edits;
}

/** Comments that name ctx.elicit as how the tool asks now name ctx.requestInput. */
function commentEdits(sf: TsMorph.SourceFile): TextEdit[] {
  const edits: TextEdit[] = [];
  const text = sf.getFullText();
  for (const range of sf.getDescendantStatements().flatMap((s) => s.getLeadingCommentRanges())) {
    const comment = text.slice(range.getPos(), range.getEnd());
    if (comment.includes('(ctx.elicit)')) {
      edits.push({
        pos: range.getPos(),
        end: range.getEnd(),
        text: comment.replace('(ctx.elicit)', '(ctx.requestInput)'),
      });
    }
  }
  return edits;
}

/** Rewrites every confirm flow on ctx.elicit in a definition file; a file without one is left alone. */
export function convertElicitDefinition(file: string, source: string, lineWidth = 100): Outcome {
  if (!/\.elicit\b/.test(source)) return { text: source, problems: [] };
  const { SyntaxKind } = tsMorph();
  const sf = parseSource(file, source);
  const uses = sf.getDescendantsOfKind(SyntaxKind.PropertyAccessExpression).filter((p) => p.getName() === 'elicit');
  if (uses.length === 0) return { text: source, problems: [] };
  const problems: Problem[] = [];
  const handlers = new Set<Flow['handler']>();
  for (const use of uses) {
    const handler = findHandler(use);
    if (!handler) problems.push(refuse(file, use, 'it is not inside a tool handler'));
    else handlers.add(handler);
  }
  const edits: TextEdit[] = [];
  for (const handler of handlers) {
    const flow = readFlow(file, handler);
    const out = 'body' in flow ? flowEdits(file, sf, source, flow) : flow;
    if (Array.isArray(out)) edits.push(...out);
    else problems.push(out);
  }
  if (problems.length > 0) return { problems };
  edits.push(...ensureNamedImport(sf, 'inputRequired', FRAMEWORK, lineWidth), ...commentEdits(sf));
  return { text: applyEdits(source, edits), problems: [] };
}
