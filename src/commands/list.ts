/**
 * `mcp-scaffold list`: every tool, resource, prompt and service the project defines, where each is
 * registered, and registrations whose import no longer resolves. Read-only. Exit 1 when anything
 * is unregistered or dangling, so it can gate CI.
 */

import pc from '../engine/colors.js';
import { EXIT, ScaffoldError } from '../engine/errors.js';
import { reportFailure } from '../engine/failure.js';
import type { GlobalOptions } from '../engine/options.js';
import { ProjectCache } from '../engine/project-cache.js';
import { errorJson, Reporter } from '../engine/reporter.js';
import { shown } from '../engine/shown-text.js';
import type { Tree } from '../engine/tree.js';
import { KINDS, oneOf, serviceLayoutOf } from '../kinds/index.js';
import type { KindSpec } from '../kinds/spec.js';
import { findProject } from '../project/project.js';
import { type Inventory, inventory } from '../registration/inventory.js';
import type { DefinitionLayout, ServiceLayout } from '../registration/layout.js';
import { testsOf } from '../registration/target.js';
import { placeholderCount, placeholderLines, withPlaceholders } from './list-placeholders.js';

const COMMAND = 'list';

/** Why the listing fails (unregistered definitions, dangling registrations), or undefined. */
export function listError(inv: Inventory): ScaffoldError | undefined {
  const unregistered = inv.definitions.filter((d) => !d.registered);
  if (inv.dangling.length > 0) {
    const first = inv.dangling[0]!;
    return new ScaffoldError(
      'DANGLING',
      `${inv.dangling.length} registration${inv.dangling.length === 1 ? '' : 's'} no longer resolve${inv.dangling.length === 1 ? 's' : ''} (first: ${first.path}:${first.line} ${first.name}: ${first.message})${unregistered.length > 0 ? `; ${unregistered.length} definition${unregistered.length === 1 ? ' is' : 's are'} not registered` : ''}.`,
      {
        hint: 'Restore the missing file or export, or remove the entry from the array (and its import).',
      },
    );
  }
  if (unregistered.length > 0) {
    return new ScaffoldError(
      'UNREGISTERED',
      `${unregistered.length} definition${unregistered.length === 1 ? ' is' : 's are'} not registered: ${unregistered
        .map((d) => `${d.kind} ${d.name ?? d.exportName ?? d.file}`)
        .join(', ')}.`,
      {
        hint: 'Add each export to the array createApp() reads for its kind (a service: call its init…() in setup()), or delete the file.',
      },
    );
  }
  return undefined;
}

/**
 * Rows of `cells`, each column as wide as its widest cell (the last is not padded), coloured,
 * each given to `out` as it is made: no table of cells or of lines is kept, so a thousand rows
 * stay small.
 */
function table<T>(
  items: readonly T[],
  cells: ((item: T) => string)[],
  colour: ((s: string) => string)[],
  out: (line: string) => void,
): void {
  const last = cells.length - 1;
  // A cell holds what the project's files hold: shown before it is measured and coloured.
  const text = cells.map((cell) => (item: T) => shown(cell(item)));
  const widths = text.map((cell, i) => (i === last ? 0 : items.reduce((w, item) => Math.max(w, cell(item).length), 0)));
  for (const item of items) {
    out(
      text
        .map((cell, i) => (colour[i] ?? ((s: string) => s))(i === last ? cell(item) : cell(item).padEnd(widths[i]!)))
        .join('  ')
        .trimEnd(),
    );
  }
}

const plain = (s: string) => s;
type Listed = Inventory['definitions'][number] & { test?: string | null };
const DEFINITION_CELLS: ((d: Listed) => string)[] = [
  (d) => `  ${d.name ?? '?'}`,
  (d) => d.exportName ?? '-',
  (d) => d.file,
  (d) =>
    `${d.registered ? d.registeredAt.map((r) => `${r.path}:${r.line}`).join(', ') : 'NOT REGISTERED'}${d.test === null ? ' (no test)' : ''}`,
];
const DANGLING_CELLS: ((d: Inventory['dangling'][number]) => string)[] = [
  (d) => `  ${d.kind}`,
  (d) => d.name,
  (d) => `${d.path}:${d.line}`,
  (d) => d.message,
];

function human(inv: Inventory, reporter: Reporter, kinds: readonly KindSpec[]): void {
  const lines: string[] = [];
  const line = (text: string) => lines.push(text);
  for (const kind of kinds) {
    const defs = inv.definitions.filter((d) => d.kind === kind.name);
    if (defs.length === 0) continue;
    if (lines.length > 0) line('');
    line(pc.bold(`${kind.heading} (${defs.length})`));
    const status = (s: string) => (s.startsWith('NOT REGISTERED') ? pc.red(s) : pc.dim(s));
    table(defs, DEFINITION_CELLS, [plain, pc.cyan, plain, status], line);
    for (const text of placeholderLines(defs)) line(text);
  }
  if (inv.dangling.length > 0) {
    if (lines.length > 0) line('');
    line(pc.bold(pc.red(`Dangling registrations (${inv.dangling.length})`)));
    table(inv.dangling, DANGLING_CELLS, [plain, pc.cyan, plain, pc.red], line);
  }
  const total = inv.definitions.length;
  const registered = inv.definitions.filter((d) => d.registered).length;
  if (lines.length > 0) line('');
  line(
    total === 0 && inv.dangling.length === 0
      ? `No ${oneOf(kinds.map((k) => k.heading.toLowerCase()))} found.`
      : `${total} definition${total === 1 ? '' : 's'}: ${registered} registered, ${total - registered} not registered; ${inv.dangling.length} dangling registration${inv.dangling.length === 1 ? '' : 's'}.`,
  );
  const marked = placeholderCount(inv.definitions);
  if (marked > 0)
    line(
      `${marked} line${marked === 1 ? '' : 's'} still to replace (stand-ins and TODO: text, listed above): devcheck --strict fails until each is real.`,
    );
  reporter.infoShown(lines.join('\n'));
}

/** A remembered listing's outline: the inventory's lists (what made them is checked by what they were read from). */
const isInventory = (v: unknown): v is Inventory =>
  typeof v === 'object' &&
  v !== null &&
  ['definitions', 'dangling', 'warnings'].every((key) => Array.isArray((v as Record<string, unknown>)[key]));

/** Every definition with its test (null where it has none: `add test` writes one) and its placeholders. */
function listing(tree: Tree, layouts: readonly DefinitionLayout[], services: ServiceLayout | undefined): Inventory {
  const found = inventory(tree, layouts, { services });
  const testOf = testsOf(tree, layouts, services);
  const withTests = found.definitions.map((d) => ({ ...d, test: testOf(d) }));
  return { ...found, definitions: withPlaceholders(found, withTests) };
}

export async function listCommand(global: GlobalOptions, kinds: readonly KindSpec[] = KINDS): Promise<number> {
  const reporter = new Reporter({ json: global.json, verbose: global.verbose });
  try {
    const project = findProject(global.cwd);
    reporter.debug(`project ${project.root}`);
    const layouts = kinds.flatMap((k) => (k.layout ? [k.layout] : []));
    const services = serviceLayoutOf(kinds);
    // Unchanged since the last run: what it printed, without reading any file again.
    const cache = ProjectCache.forRoot(project.root);
    const key = `list:${JSON.stringify({ layouts, services })}`;
    const inv = cache.reading(key, (tree) => listing(tree, layouts, services), isInventory).result;
    if (!global.dryRun) cache.save();
    for (const w of inv.warnings) reporter.warn(w);
    const error = listError(inv);
    if (reporter.json) {
      const out = {
        ok: error === undefined,
        command: COMMAND,
        definitions: inv.definitions,
        dangling: inv.dangling,
        warnings: reporter.warnings,
        ...(error ? { error: errorJson(error) } : {}),
      };
      reporter.emit(out, error ? EXIT.nothingWritten : EXIT.ok);
    } else {
      human(inv, reporter, kinds);
      if (error) reporter.failure(COMMAND, error);
    }
    return error ? EXIT.nothingWritten : EXIT.ok;
  } catch (e) {
    return reportFailure(reporter, COMMAND, e);
  }
}
