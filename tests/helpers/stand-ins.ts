/**
 * What a generated file makes up, read off its syntax tree, and whether each such thing is marked
 * as a stand-in (under a `// STAND-IN:` comment). "Made up" is what reaches a function's result
 * without coming from its inputs, its context or a call of another function (a service method,
 * the storage): a literal (a string, a number, `true`, an array or object of them) returned,
 * pushed onto what is returned, or held by a local that is;
 * `Object.keys(…)` reported as what a mutation changed; a pause (`setTimeout`) standing in for
 * work. Messages (logs, errors, questions), comparisons, defaults after `??`, counters and
 * accumulators are not data and are not followed. A prompt's `generate` is judged by another rule:
 * it must carry every argument.
 */

import ts from 'typescript';

export interface MadeUp {
  line: number;
  text: string;
}

/** The ranges (start, end) of the code each `// STAND-IN:` comment marks: the node right after it. */
export function markedRanges(sf: ts.SourceFile): [number, number][] {
  const ranges: [number, number][] = [];
  const text = sf.getFullText();
  for (const match of text.matchAll(/\/\/\s*STAND-IN:[^\n]*/g)) {
    const after = match.index + match[0].length;
    let node = tokenAfter(sf, after);
    if (!node) continue;
    // A mark before a closing bracket marks the (empty) list or object it closes.
    if (node.kind === ts.SyntaxKind.CloseBracketToken || node.kind === ts.SyntaxKind.CloseBraceToken) {
      node = node.parent;
    } else {
      const start = node.getStart(sf);
      while (node.parent && node.parent.getStart(sf) === start && node.parent.kind !== ts.SyntaxKind.SourceFile)
        node = node.parent;
    }
    ranges.push([node.getStart(sf), node.getEnd()]);
  }
  return ranges;
}

function tokenAfter(sf: ts.SourceFile, pos: number): ts.Node | undefined {
  let found: ts.Node | undefined;
  const visit = (node: ts.Node): void => {
    if (found) return;
    if (node.getEnd() <= pos) return;
    const children = node.getChildren(sf);
    if (children.length === 0) {
      if (node.getStart(sf) >= pos) found = node;
      return;
    }
    for (const child of children) visit(child);
  };
  visit(sf);
  return found;
}

const EXEMPT_CALLEES = [
  /^ctx\.log\./,
  /^ctx\.fail$/,
  /^ctx\.recoveryFor$/,
  /^ctx\.enrich\./,
  /^ctx\.progress\??\./,
  /^ctx\.elicit$/,
  /^ctx\.requestInput$/,
  /^ctx\.inputs\./,
  /^inputRequired\./,
  /^notFound$/,
  /^requestContextService\./,
];

const COMPARISONS = new Set([
  ts.SyntaxKind.EqualsEqualsEqualsToken,
  ts.SyntaxKind.ExclamationEqualsEqualsToken,
  ts.SyntaxKind.LessThanToken,
  ts.SyntaxKind.LessThanEqualsToken,
  ts.SyntaxKind.GreaterThanToken,
  ts.SyntaxKind.GreaterThanEqualsToken,
]);

/** Everything made up in the file's functions that no `// STAND-IN:` marks. */
export function unmarkedMadeUp(file: string, source: string): MadeUp[] {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const marked = markedRanges(sf);
  const isMarked = (node: ts.Node) => marked.some(([a, b]) => node.getStart(sf) >= a && node.getEnd() <= b);
  const found: MadeUp[] = [];
  const report = (node: ts.Node) => {
    if (isMarked(node)) return;
    const { line } = sf.getLineAndCharacterOfPosition(node.getStart(sf));
    found.push({ line: line + 1, text: node.getText(sf).split('\n')[0]!.slice(0, 100) });
  };
  for (const fn of judgedFunctions(sf)) judge(fn, sf, report);
  // A pause anywhere stands in for work.
  const pauses = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && node.expression.getText(sf) === 'setTimeout') report(node);
    ts.forEachChild(node, pauses);
  };
  pauses(sf);
  return found;
}

/** The functions whose results are data: handlers, list(), service methods, module functions; not format() or generate(). */
function judgedFunctions(sf: ts.SourceFile): ts.FunctionLikeDeclaration[] {
  const out: ts.FunctionLikeDeclaration[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isMethodDeclaration(node) && ts.isClassLike(node.parent)) out.push(node);
    else if (ts.isFunctionDeclaration(node)) out.push(node);
    else if (ts.isMethodDeclaration(node) || ts.isPropertyAssignment(node)) {
      const name = node.name.getText(sf);
      const fn = ts.isMethodDeclaration(node) ? node : node.initializer;
      if (
        ['handler', 'list'].includes(name) &&
        fn &&
        (ts.isMethodDeclaration(fn) || ts.isArrowFunction(fn) || ts.isFunctionExpression(fn))
      )
        out.push(fn);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return out;
}

/** Follows what the function returns back to where each value comes from; reports what is made up. */
function judge(fn: ts.FunctionLikeDeclaration, sf: ts.SourceFile, report: (node: ts.Node) => void): void {
  const body = fn.body;
  if (!body) return;
  const locals = new Map<string, ts.VariableDeclaration>();
  const pushes = new Map<string, ts.Expression[]>();
  const collect = (node: ts.Node): void => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name)) locals.set(node.name.text, node);
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      node.expression.name.text === 'push' &&
      ts.isIdentifier(node.expression.expression)
    ) {
      const name = node.expression.expression.text;
      pushes.set(name, [...(pushes.get(name) ?? []), ...node.arguments]);
    }
    ts.forEachChild(node, collect);
  };
  collect(body);
  const seen = new Set<ts.Node>();
  const follow = (node: ts.Node | undefined): void => {
    if (!node || seen.has(node) || ts.isTypeNode(node)) return;
    seen.add(node);
    // A key is no value; what a property access reads comes from its object.
    if (ts.isPropertyAssignment(node) || ts.isPropertyAccessExpression(node)) {
      follow(ts.isPropertyAssignment(node) ? node.initializer : node.expression);
      return;
    }
    if (
      ts.isStringLiteral(node) ||
      ts.isNoSubstitutionTemplateLiteral(node) ||
      ts.isNumericLiteral(node) ||
      node.kind === ts.SyntaxKind.TrueKeyword ||
      node.kind === ts.SyntaxKind.FalseKeyword
    ) {
      report(node);
      return;
    }
    if (ts.isTemplateExpression(node)) {
      if (node.head.text.trim() !== '' || node.templateSpans.some((s) => s.literal.text.trim() !== '')) report(node);
      for (const span of node.templateSpans) follow(span.expression);
      return;
    }
    if (ts.isArrayLiteralExpression(node) && node.elements.length === 0) {
      report(node);
      return;
    }
    if (ts.isIdentifier(node)) {
      const decl = locals.get(node.text);
      if (!decl) return;
      const init = decl.initializer;
      const list = decl.parent as ts.VariableDeclarationList;
      const counter = (list.flags & ts.NodeFlags.Let) !== 0 && init && ts.isNumericLiteral(init);
      const accumulator = init && ts.isArrayLiteralExpression(init) && init.elements.length === 0;
      if (!counter && !accumulator) follow(init);
      for (const pushed of pushes.get(node.text) ?? []) follow(pushed);
      return;
    }
    if (ts.isCallExpression(node)) {
      const callee = node.expression.getText(sf);
      if (EXEMPT_CALLEES.some((re) => re.test(callee))) return;
      if (callee === 'Object.keys') {
        report(node);
        return;
      }
      // Another function's result is its own (a service's, the storage's); a method of data
      // (`items.map(…)`, `[…].slice(…)`) gives what its object and its callbacks hold.
      if (callee === 'Promise.resolve') for (const arg of node.arguments) follow(arg);
      else if (ts.isPropertyAccessExpression(node.expression)) {
        follow(node.expression.expression);
        for (const arg of node.arguments) if (ts.isArrowFunction(arg) || ts.isFunctionExpression(arg)) follow(arg);
      }
      return;
    }
    if (ts.isBinaryExpression(node)) {
      if (COMPARISONS.has(node.operatorToken.kind)) return;
      follow(node.left);
      // A default after `??` stands for an input left out, not for data.
      if (node.operatorToken.kind !== ts.SyntaxKind.QuestionQuestionToken) follow(node.right);
      return;
    }
    if (ts.isArrowFunction(node) || ts.isFunctionExpression(node)) {
      if (ts.isBlock(node.body)) {
        const returns: ts.Node[] = [];
        const find = (n: ts.Node): void => {
          if (ts.isReturnStatement(n)) returns.push(n);
          else if (!ts.isFunctionLike(n)) ts.forEachChild(n, find);
        };
        find(node.body);
        for (const r of returns) follow(r);
      } else follow(node.body);
      return;
    }
    ts.forEachChild(node, follow);
  };
  const returns: ts.ReturnStatement[] = [];
  const find = (n: ts.Node): void => {
    if (ts.isReturnStatement(n)) returns.push(n);
    else if (!ts.isFunctionLike(n)) ts.forEachChild(n, find);
  };
  if (ts.isBlock(body)) find(body);
  else follow(body);
  for (const r of returns) follow(r.expression);
}

/** The argument names of a prompt's args schema that its generate() does not read (`args.<name>`). */
export function unusedPromptArgs(source: string): string[] {
  const schema = /args: z\.object\(\{([\s\S]*?)\n {4,6}\}\),/.exec(source)?.[1] ?? '';
  const names = [...schema.matchAll(/^\s*(\w+): z/gm)].map((m) => m[1]!);
  const generate = source.slice(source.indexOf('generate:'));
  return names.filter((n) => !new RegExp(`\\bargs\\.${n}\\b`).test(generate));
}
