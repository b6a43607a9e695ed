/**
 * `--force` loses no work without being told: over a definition, test or service still as
 * mcp-scaffold wrote it, it rewrites as before; over one edited since (or hand-written), it
 * refuses with EDITED_SINCE_GENERATED naming the file and each line it would discard, unless
 * --overwrite-edited. A file without a record counts as untouched only when it is what the
 * templates write for it now.
 */

import { describe, expect, it } from 'vitest';
import { planRename } from '../../src/commands/rename.js';
import type { MemoryHost } from '../../src/engine/host.js';
import { Tree } from '../../src/engine/tree.js';
import { KINDS } from '../../src/kinds/index.js';
import { addServiceGenerator } from '../../src/kinds/service/generator.js';
import { type AddToolOptions, addToolGenerator } from '../../src/kinds/tool/generator.js';
import { untouched } from '../../src/text/scaffold-stamp.js';
import { FEATURES_0_12 } from '../helpers/framework.js';
import { FRESH_SERVER, memoryProject, project } from '../helpers/projects.js';

const LAYOUTS = KINDS.flatMap((k) => (k.layout ? [k.layout] : []));
const TOOL = 'src/mcp-server/tools/definitions/demo-find-items.tool.ts';
const TEST = 'tests/tools/demo-find-items.tool.test.ts';

/** Runs `add tool` over the host's files and writes what it planned when it has no problems. */
function addTool(host: MemoryHost, options: AddToolOptions) {
  const tree = new Tree(host);
  const result = addToolGenerator(tree, memoryProject(host), { devcheck: false, ...options }, FEATURES_0_12);
  if (result.problems.length === 0) host.flush(tree.changes());
  return { tree, result };
}

/** A server with demo_find_items added, its files as add wrote them. */
function withTool(): MemoryHost {
  const { host } = project(FRESH_SERVER);
  expect(addTool(host, { name: 'demo_find_items', description: 'Finds items.' }).result.problems).toEqual([]);
  return host;
}

/** The text with `from` replaced, and the 1-based line `to` is on. */
function edit(host: MemoryHost, file: string, from: string, to: string): number {
  const text = host.read(file)!;
  expect(text).toContain(from);
  const edited = text.replace(from, to);
  host.write(file, edited);
  return edited.slice(0, edited.indexOf(to)).split('\n').length;
}

describe('add tool --force', () => {
  it('over files untouched since add wrote them: rewrites them, as before', () => {
    const host = withTool();
    const { tree, result } = addTool(host, { name: 'demo_find_items', description: 'Finds them all.', force: true });
    expect(result.problems).toEqual([]);
    expect(tree.changes().map((c) => c.path)).toEqual([TOOL]);
    expect(host.read(TOOL)).toContain("description: 'Finds them all.',");
    expect(untouched(host.read(TOOL)!)).toBe(true);
  });

  it('over an edited definition: EDITED_SINCE_GENERATED naming the file and the lines it would discard', () => {
    const host = withTool();
    const line = edit(host, TOOL, "description: 'Finds items.',", "description: 'Finds items in the catalogue.',");
    const call = edit(host, TOOL, '  handler(input, ctx) {\n', '  handler(input, ctx) {\n    audit(input);\n');
    const edited = host.read(TOOL)!;
    const { result } = addTool(host, { name: 'demo_find_items', description: 'Finds items.', force: true });
    expect(result.problems).toEqual([
      {
        code: 'EDITED_SINCE_GENERATED',
        path: TOOL,
        line,
        message: `edited since mcp-scaffold wrote it: --force would discard 2 lines (${line}, ${call + 1})`,
        hint: 'Choose another name, or rename the existing tool first (`mcp-scaffold rename tool demo_find_items <new name>`). To discard the edits, answer yes at a terminal or pass --force --overwrite-edited.',
        details: [
          { path: TOOL, line, message: "would discard: description: 'Finds items in the catalogue.'," },
          { path: TOOL, line: call + 1, message: 'would discard: audit(input);' },
        ],
      },
    ]);
    expect(host.read(TOOL)).toBe(edited);
  });

  it('with --overwrite-edited: rewrites the edited definition from the template', () => {
    const host = withTool();
    const before = host.read(TOOL)!;
    edit(host, TOOL, "description: 'Finds items.',", "description: 'Mine.',");
    const { result } = addTool(host, {
      name: 'demo_find_items',
      description: 'Finds items.',
      force: true,
      overwriteEdited: true,
    });
    expect(result.problems).toEqual([]);
    expect(host.read(TOOL)).toBe(before);
  });

  it('an edited test is refused the same way, the untouched definition beside it is not', () => {
    const host = withTool();
    const line = edit(
      host,
      TEST,
      "describe('demoFindItemsTool', () => {",
      "describe('demoFindItemsTool', () => {\n  // my note",
    );
    const { result } = addTool(host, { name: 'demo_find_items', description: 'Finds items.', force: true });
    expect(result.problems.map((p) => [p.code, p.path, p.details?.map((d) => [d.line, d.message])])).toEqual([
      ['EDITED_SINCE_GENERATED', TEST, [[line + 1, 'would discard: // my note']]],
    ]);
  });

  it('reformatting (CRLF, layout) is no edit', () => {
    const host = withTool();
    host.write(
      TOOL,
      host
        .read(TOOL)!
        .replaceAll('\n', '\r\n')
        .replace("description: 'Finds items.',", "description:\r\n    'Finds items.',"),
    );
    const { result } = addTool(host, { name: 'demo_find_items', description: 'Finds items, now.', force: true });
    expect(result.problems).toEqual([]);
  });

  it('a file without a record: untouched only when it is what the templates write for it now', () => {
    const host = withTool();
    const unrecorded = host.read(TOOL)!.replace(/ \* @scaffolded mcp-scaffold [0-9a-f]+\n/, '');
    host.write(TOOL, unrecorded);
    expect(
      addTool(host, { name: 'demo_find_items', description: 'Finds items.', force: true }).result.problems,
    ).toEqual([]);
    expect(untouched(host.read(TOOL)!)).toBe(true);
    host.write(TOOL, unrecorded.replace("description: 'Finds items.',", "description: 'Finds more.',"));
    const again = addTool(host, { name: 'demo_find_items', description: 'Finds items.', force: true });
    expect(again.result.problems.map((p) => [p.code, p.path])).toEqual([['EDITED_SINCE_GENERATED', TOOL]]);
  });
});

describe('add service --force', () => {
  it('refuses over an edited service file, naming the line', () => {
    const { host } = project(FRESH_SERVER);
    const run = (force: boolean, overwriteEdited = false) => {
      const tree = new Tree(host);
      const result = addServiceGenerator(
        tree,
        memoryProject(host),
        { name: 'ncbi', devcheck: false, force, overwriteEdited },
        FEATURES_0_12,
      );
      if (result.problems.length === 0) host.flush(tree.changes());
      return result.problems;
    };
    expect(run(false)).toEqual([]);
    const file = 'src/services/ncbi/ncbi-service.ts';
    const line = edit(host, file, '  fetchRecord(', '  // calls the real API now\n  fetchRecord(');
    expect(run(true).map((p) => [p.code, p.path, p.line])).toEqual([['EDITED_SINCE_GENERATED', file, line]]);
    expect(run(true, true)).toEqual([]);
    expect(host.read(file)).not.toContain('calls the real API now');
  });
});

describe("mcp-scaffold's own edits keep the record", () => {
  it('a tool renamed, and a service a tool added a stub method to, are still untouched', () => {
    const { host } = project(FRESH_SERVER);
    const service = 'src/services/ncbi/ncbi-service.ts';
    const tree = new Tree(host);
    expect(
      addServiceGenerator(tree, memoryProject(host), { name: 'ncbi', devcheck: false }, FEATURES_0_12).problems,
    ).toEqual([]);
    host.flush(tree.changes());
    const before = host.read(service)!;
    expect(
      addTool(host, { name: 'demo_update_record', service: 'ncbi', input: ['title:string:Title'] }).result.problems,
    ).toEqual([]);
    expect(host.read(service)).not.toBe(before);
    expect(untouched(host.read(service)!)).toBe(true);

    const renamed = new Tree(host);
    expect(planRename(renamed, LAYOUTS, 'tool', 'demo_update_record', 'demo_edit_record').problems).toEqual([]);
    host.flush(renamed.changes());
    for (const file of [
      'src/mcp-server/tools/definitions/demo-edit-record.tool.ts',
      'tests/tools/demo-edit-record.tool.test.ts',
    ]) {
      expect(host.read(file), file).toContain('demoEditRecord');
      expect(untouched(host.read(file)!), file).toBe(true);
    }
  });
});
