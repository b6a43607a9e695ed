/**
 * Unified diffs for `--dry-run`. Line-based LCS over the part between the common prefix and
 * suffix, which for generator edits is a few lines, so the quadratic table stays tiny.
 */

type Op = { kind: ' ' | '-' | '+'; line: string };

/** Marks a last line that has no line break, so that adding or removing one shows as a change. */
const NO_EOL = '\u0000no-eol';

function splitLines(text: string): string[] {
  if (text === '') return [];
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  else lines[lines.length - 1] += NO_EOL;
  return lines;
}

function printLine(op: Op): string[] {
  const line = `${op.kind}${op.line.replace(/\r$/, '')}`;
  return line.endsWith(NO_EOL)
    ? [line.slice(0, -NO_EOL.length).replace(/\r$/, ''), '\\ No newline at end of file']
    : [line];
}

function diffLines(a: string[], b: string[]): Op[] {
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const midA = a.slice(start, endA);
  const midB = b.slice(start, endB);
  // lcs[i][j] = LCS length of midA[i..] and midB[j..]
  const lcs: number[][] = Array.from({ length: midA.length + 1 }, () => new Array<number>(midB.length + 1).fill(0));
  for (let i = midA.length - 1; i >= 0; i--) {
    for (let j = midB.length - 1; j >= 0; j--) {
      lcs[i]![j] = midA[i] === midB[j] ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
    }
  }
  const ops: Op[] = a.slice(0, start).map((line) => ({ kind: ' ', line }));
  let i = 0;
  let j = 0;
  while (i < midA.length || j < midB.length) {
    if (i < midA.length && j < midB.length && midA[i] === midB[j]) {
      ops.push({ kind: ' ', line: midA[i]! });
      i++;
      j++;
    } else if (i < midA.length && (j === midB.length || lcs[i + 1]![j]! >= lcs[i]![j + 1]!)) {
      // Removals before additions on a tie, as `diff -u` and git print a changed line.
      ops.push({ kind: '-', line: midA[i]! });
      i++;
    } else {
      ops.push({ kind: '+', line: midB[j]! });
      j++;
    }
  }
  for (const line of a.slice(endA)) ops.push({ kind: ' ', line });
  return ops;
}

/** A unified diff of `before` → `after` for `path`; `undefined` content means the file is absent. */
export function unifiedDiff(path: string, before: string | undefined, after: string | undefined, context = 3): string {
  const ops = diffLines(splitLines(before ?? ''), splitLines(after ?? ''));
  const header = [
    `--- ${before === undefined ? '/dev/null' : `a/${path}`}`,
    `+++ ${after === undefined ? '/dev/null' : `b/${path}`}`,
  ];
  const hunks: string[] = [];
  let k = 0;
  while (k < ops.length) {
    if (ops[k]!.kind === ' ') {
      k++;
      continue;
    }
    // Grow a hunk from this change until more than `2 * context` unchanged lines separate it from
    // the next (`diff -u` joins changes whose context would touch: a gap of up to 2 * context).
    const from = Math.max(0, k - context);
    let to = k;
    let lastChange = k;
    while (to < ops.length && to - lastChange <= 2 * context + 1) {
      if (ops[to]!.kind !== ' ') lastChange = to;
      to++;
    }
    const end = Math.min(ops.length, lastChange + context + 1);
    const slice = ops.slice(from, end);
    const oldStart = ops.slice(0, from).filter((o) => o.kind !== '+').length;
    const newStart = ops.slice(0, from).filter((o) => o.kind !== '-').length;
    const oldLen = slice.filter((o) => o.kind !== '+').length;
    const newLen = slice.filter((o) => o.kind !== '-').length;
    hunks.push(
      `@@ -${oldLen === 0 ? oldStart : oldStart + 1},${oldLen} +${newLen === 0 ? newStart : newStart + 1},${newLen} @@`,
      ...slice.flatMap(printLine),
    );
    k = end;
  }
  // Ends in a line break, so that diffs can be concatenated into one patch.
  return `${[...header, ...hunks].join('\n')}\n`;
}
