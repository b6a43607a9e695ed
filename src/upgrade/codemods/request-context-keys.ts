/**
 * 0.12.0 closed `CreateRequestContextParams`: its index signature is gone, and its notes say to
 * move ad-hoc `createRequestContext({ operation, someKey })` keys into `additionalContext` (which
 * lands on the context's `extra`, flattened into every log line as before). Every key the 0.12
 * type does not declare moves there, beside what `additionalContext` already held. A spread, a
 * computed key or a comment in the object leaves its keys unknown or in the way: refused with
 * its line.
 */

import type { Problem } from '../../engine/problems.js';
import { applyEdits, eolOf, indentAt, type TextEdit } from '../../ts/text-edits.js';
import { parseSource, type TsMorph, tsMorph } from '../../ts/ts-morph.js';

/** The keys 0.12's CreateRequestContextParams declares. */
const DECLARED = new Set(['additionalContext', 'operation', 'parentContext', 'tenantId']);

function refuse(file: string, node: TsMorph.Node, why: string): Problem {
  return {
    code: 'UNSUPPORTED_LAYOUT',
    path: file,
    line: node.getStartLineNumber(),
    message: `createRequestContext({ … }) ${why}, so its keys cannot be moved into additionalContext`,
    hint: 'Move the keys 0.12 does not declare (all but operation, parentContext, tenantId) into additionalContext by hand, then run upgrade again.',
  };
}

/** The object `createRequestContext` is called with, when it is called with one. */
function paramsOf(call: TsMorph.CallExpression): TsMorph.ObjectLiteralExpression | undefined {
  const { Node } = tsMorph();
  const callee = call.getExpression();
  const name = Node.isPropertyAccessExpression(callee) ? callee.getName() : callee.getText();
  const arg = call.getArguments()[0];
  return name === 'createRequestContext' && arg && Node.isObjectLiteralExpression(arg) ? arg : undefined;
}

const nameOf = (p: TsMorph.ObjectLiteralElementLike) => {
  const { Node } = tsMorph();
  if (Node.isSpreadAssignment(p)) return undefined;
  const name = p.getNameNode();
  return Node.isIdentifier(name) || Node.isStringLiteral(name) ? name.getText().replace(/^['"]|['"]$/g, '') : undefined;
};

/** The object written again with the undeclared keys inside `additionalContext`, or why not. */
function rewrite(file: string, params: TsMorph.ObjectLiteralExpression): TextEdit | Problem | undefined {
  const { Node } = tsMorph();
  const props = params.getProperties();
  for (const p of props) {
    if (Node.isSpreadAssignment(p)) return refuse(file, p, 'spreads another object');
    if (nameOf(p) === undefined) return refuse(file, p, 'has a computed key');
  }
  const moved = props.filter((p) => !DECLARED.has(nameOf(p)!));
  if (moved.length === 0) return undefined;
  if (
    params
      .getDescendants()
      .some((d) => d.getLeadingCommentRanges().length > 0 || d.getTrailingCommentRanges().length > 0)
  )
    return refuse(file, params, 'holds comments');
  const existing = params.getProperty('additionalContext');
  let inner = moved.map((p) => p.getText());
  if (existing && Node.isPropertyAssignment(existing)) {
    const value = existing.getInitializerOrThrow();
    inner = Node.isObjectLiteralExpression(value)
      ? [...value.getProperties().map((p) => p.getText()), ...inner]
      : [`...${value.getText()}`, ...inner];
  } else if (existing) {
    inner = ['...additionalContext', ...inner];
  }
  const kept = props.filter((p) => DECLARED.has(nameOf(p)!) && p !== existing).map((p) => p.getText());
  const entries = [...kept, `additionalContext: { ${inner.join(', ')} }`];
  const source = params.getSourceFile().getFullText();
  if (!params.getText().includes('\n')) {
    return { pos: params.getStart(), end: params.getEnd(), text: `{ ${entries.join(', ')} }` };
  }
  const indent = indentAt(source, props[0]!.getStart());
  const close = indentAt(source, params.getEnd() - 1);
  const eol = eolOf(source);
  return {
    pos: params.getStart(),
    end: params.getEnd(),
    text: `{${eol}${entries.map((e) => `${indent}${e},${eol}`).join('')}${close}}`,
  };
}

export function moveRequestContextKeys(file: string, source: string): { text: string; problems: Problem[] } {
  if (!source.includes('createRequestContext')) return { text: source, problems: [] };
  const { SyntaxKind } = tsMorph();
  const sf = parseSource(file, source);
  const edits: TextEdit[] = [];
  const problems: Problem[] = [];
  for (const call of sf.getDescendantsOfKind(SyntaxKind.CallExpression)) {
    const params = paramsOf(call);
    const out = params && rewrite(file, params);
    if (!out) continue;
    if ('code' in out) problems.push(out);
    else edits.push(out);
  }
  return problems.length > 0 ? { text: source, problems } : { text: applyEdits(source, edits), problems };
}
