/**
 * 0.12.0 removed task tools (`tool({ task: true })`, `ctx.progress`, the `/tasks` entry) and has
 * nothing in their place. Without --drop-tasks every one is refused with its file and line, so that
 * nobody loses a background task by surprise; with it, a task tool becomes a plain tool: the
 * `task: true` property goes, and so do the statements that only report progress. Progress used
 * any other way (its value kept, passed on) is refused: what it meant is the author's to decide.
 */

import type { Problem } from '../../engine/problems.js';
import { applyEdits, startWithLeadingComments, type TextEdit } from '../../ts/text-edits.js';
import { parseSource, type TsMorph, tsMorph } from '../../ts/ts-morph.js';

type Outcome = { text: string; problems: Problem[] };

const HINT_DROP =
  'Pass --drop-tasks to turn task tools into plain tools (the client then waits for the result), or stay on 0.11.x.';

function taskProblem(file: string, node: TsMorph.Node, message: string, hint = HINT_DROP): Problem {
  return { code: 'FRAMEWORK_UNSUPPORTED', path: file, line: node.getStartLineNumber(), message, hint };
}

/** `task: true` properties of object literals passed to a call (tool(...) options). */
function taskProperties(sf: TsMorph.SourceFile): TsMorph.PropertyAssignment[] {
  const { Node, SyntaxKind } = tsMorph();
  return sf
    .getDescendantsOfKind(SyntaxKind.PropertyAssignment)
    .filter((p) => p.getName() === 'task' && p.getInitializer()?.getText() === 'true')
    .filter((p) => Node.isCallExpression(p.getParent()?.getParent()));
}

/** A whole line (with the comment lines right above it) removed. */
function removeLines(source: string, node: TsMorph.Node): TextEdit {
  let end = node.getEnd();
  if (source[end] === ',') end++;
  const nl = source.indexOf('\n', end);
  return { pos: startWithLeadingComments(source, node), end: nl === -1 ? source.length : nl + 1, text: '' };
}

/** Statements that only report progress: `[await] ctx.progress?.x(...)`. */
function progressEdits(file: string, sf: TsMorph.SourceFile, source: string, problems: Problem[]): TextEdit[] {
  const { Node, SyntaxKind } = tsMorph();
  const edits: TextEdit[] = [];
  for (const use of sf.getDescendantsOfKind(SyntaxKind.PropertyAccessExpression)) {
    if (use.getName() !== 'progress' || !/^\w+$/.test(use.getExpression().getText())) continue;
    let stmt: TsMorph.Node | undefined = use.getParent();
    if (stmt && Node.isPropertyAccessExpression(stmt)) stmt = stmt.getParent();
    if (stmt && Node.isCallExpression(stmt)) stmt = stmt.getParent();
    if (stmt && Node.isAwaitExpression(stmt)) stmt = stmt.getParent();
    if (stmt && Node.isExpressionStatement(stmt)) edits.push(removeLines(source, stmt));
    else
      problems.push(
        taskProblem(
          file,
          use,
          'ctx.progress is gone in 0.12, and this use of it is more than a progress report the upgrade can drop',
          'Remove the use of ctx.progress by hand, then run upgrade again.',
        ),
      );
  }
  return edits;
}

/** The task tools of a source file refused, or (with --drop-tasks) made plain tools. */
export function dropTasks(file: string, source: string, drop: boolean): Outcome {
  if (!/\btask\s*:\s*true\b|\/tasks['"]|\.progress\b/.test(source)) return { text: source, problems: [] };
  const sf = parseSource(file, source);
  const problems: Problem[] = [];
  for (const decl of sf.getImportDeclarations()) {
    if (decl.getModuleSpecifierValue() === '@cyanheads/mcp-ts-core/tasks') {
      problems.push(
        taskProblem(
          file,
          decl,
          `0.12 has no ${decl.getModuleSpecifierValue()} entry`,
          'Remove what this file uses of the tasks entry by hand, then run upgrade again.',
        ),
      );
    }
  }
  const props = taskProperties(sf);
  if (!drop) {
    for (const p of props)
      problems.push(taskProblem(file, p, 'a task tool: 0.12 removed tasks and has no replacement'));
    return { text: source, problems };
  }
  const edits = [...props.map((p) => removeLines(source, p))];
  if (props.length > 0) edits.push(...progressEdits(file, sf, source, problems));
  return problems.length > 0 ? { text: source, problems } : { text: applyEdits(source, edits), problems };
}
