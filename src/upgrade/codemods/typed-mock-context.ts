/**
 * From 0.11.3, `createMockContext({ errors })` returns the handler's own context, typed by the
 * error contract. Tests written before it cast the mock to that type (`… as HandlerCtx`, with a
 * `type HandlerCtx = …` alias and `errors: def.errors ?? []`); this takes the casts out, and the
 * aliases, annotations and type imports only they used, so the tests read as the framework's own
 * do. A cast of anything else is left alone.
 */

import { applyEdits, lineStart, startWithLeadingComments, type TextEdit } from '../../ts/text-edits.js';
import { parseSource, type TsMorph, tsMorph } from '../../ts/ts-morph.js';

/** `createMockContext({ …, errors: x ?? [] }) as T` → the call, `errors: x`; returns the cast types. */
function uncastEdits(sf: TsMorph.SourceFile, edits: TextEdit[]): string[] {
  const { Node, SyntaxKind } = tsMorph();
  const types: string[] = [];
  for (const as of sf.getDescendantsOfKind(SyntaxKind.AsExpression)) {
    const call = as.getExpression();
    if (!Node.isCallExpression(call) || call.getExpression().getText() !== 'createMockContext') continue;
    const arg = call.getArguments()[0];
    const errors = arg && Node.isObjectLiteralExpression(arg) ? arg.getProperty('errors') : undefined;
    // `{ errors }` names a variable whose own type the cast may be hiding: left as it is.
    if (!errors || !Node.isPropertyAssignment(errors)) continue;
    types.push(as.getTypeNode()?.getText() ?? '');
    edits.push({ pos: call.getEnd(), end: as.getEnd(), text: '' });
    const value = errors.getInitializer();
    if (value && Node.isBinaryExpression(value) && value.getOperatorToken().getText() === '??') {
      if (value.getRight().getText().replace(/\s/g, '') === '[]') {
        edits.push({ pos: value.getLeft().getEnd(), end: value.getEnd(), text: '' });
      }
    }
  }
  return types;
}

/** Removes the aliases, arrow return types and type imports that only the casts used. */
function leftoverEdits(sf: TsMorph.SourceFile, source: string, types: string[], lineWidth: number): TextEdit[] {
  const { Node, SyntaxKind } = tsMorph();
  const edits: TextEdit[] = [];
  const refs = (name: string) =>
    sf.getDescendantsOfKind(SyntaxKind.TypeReference).filter((r) => r.getTypeName().getText() === name);
  const removedAliases: TsMorph.TypeAliasDeclaration[] = [];
  for (const alias of sf.getTypeAliases()) {
    const name = alias.getName();
    if (!types.includes(name)) continue;
    // The casts are gone from this parse: what refers to the alias now is all that is left of it.
    const left = refs(name);
    const annotations = left.filter(
      (r) => Node.isArrowFunction(r.getParent()) || Node.isFunctionDeclaration(r.getParent()),
    );
    if (left.length !== annotations.length) continue;
    for (const r of annotations) {
      const colon = source.lastIndexOf(':', r.getStart());
      edits.push({ pos: colon, end: r.getEnd(), text: '' });
    }
    const nl = source.indexOf('\n', alias.getEnd());
    let end = nl + 1;
    if (source[end] === '\n') end++;
    edits.push({ pos: startWithLeadingComments(source, alias), end, text: '' });
    removedAliases.push(alias);
  }
  const stillUsed = (n: string) =>
    sf
      .getDescendantsOfKind(SyntaxKind.Identifier)
      .some(
        (id) =>
          id.getText() === n &&
          !Node.isImportSpecifier(id.getParent()) &&
          !removedAliases.some((a) => a.containsRange(id.getPos(), id.getEnd())),
      );
  for (const decl of sf.getImportDeclarations()) {
    const named = decl.getNamedImports();
    if (named.length === 0 || !decl.isTypeOnly()) continue;
    if (named.every((n) => !stillUsed(n.getName()))) {
      const nl = source.indexOf('\n', decl.getEnd());
      edits.push({ pos: lineStart(source, decl.getStart()), end: nl + 1, text: '' });
    }
  }
  return edits.concat(joinedArrows(sf, source, lineWidth));
}

/** `() =>\n  createMockContext(…)` back on one line once the cast is gone, where it fits. */
function joinedArrows(sf: TsMorph.SourceFile, source: string, lineWidth: number): TextEdit[] {
  const { SyntaxKind } = tsMorph();
  const edits: TextEdit[] = [];
  for (const arrow of sf.getDescendantsOfKind(SyntaxKind.ArrowFunction)) {
    const body = arrow.getBody();
    if (!body.getText().startsWith('createMockContext(') || body.getText().includes('\n')) continue;
    const arrowTok = arrow.getEqualsGreaterThan();
    const gap = source.slice(arrowTok.getEnd(), body.getStart());
    if (!gap.includes('\n')) continue;
    const start = lineStart(source, arrow.getStart());
    const lineEndAt = source.indexOf('\n', body.getEnd());
    const joined = source.slice(start, arrowTok.getEnd()).length + 1 + source.slice(body.getStart(), lineEndAt).length;
    if (joined <= lineWidth) edits.push({ pos: arrowTok.getEnd(), end: body.getStart(), text: ' ' });
  }
  return edits;
}

/** The test with its casts to the handler's context taken out (unchanged when it has none). */
export function uncastMockContexts(file: string, source: string, lineWidth = 100): string {
  if (!source.includes('createMockContext')) return source;
  const sf = parseSource(file, source);
  const first: TextEdit[] = [];
  const types = uncastEdits(sf, first);
  if (first.length === 0) return source;
  const uncast = applyEdits(source, first);
  const again = parseSource(file, uncast);
  return applyEdits(uncast, leftoverEdits(again, uncast, types, lineWidth));
}
