/**
 * A kind that exists only here: a `widget` spec with its own layout, options and fixture templates,
 * added to the registry the CLI is built with. Everything it gets (help, `add widget`, --dry-run,
 * --json, `list`, `add test` where it declares a test template) comes from the spec, with no other
 * code knowing the kind.
 */

import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { widgetTest } from '../../tests/fixtures/widget/test-template.js';
import { runInProcess } from '../../tests/helpers/in-process-cli.js';
import { FRESH_INDEX, PACKAGE_JSON, VITEST_CONFIG } from '../../tests/helpers/projects.js';
import { recorded } from '../../tests/helpers/stamp.js';
import { tempDir } from '../../tests/helpers/temp.js';
import type { DefinitionLayout } from '../registration/layout.js';
import { titleCase } from '../text/names.js';
import { prepareDefinition, unprefixed, writeDefinition } from './definition.js';
import { KINDS } from './index.js';
import { DEFINITION_IMPORTS, definitionOptions } from './options.js';
import { optionsSchema } from './schema.js';
import type { DefinitionSpec, KindGenerator, KindSpec } from './spec.js';

const FIXTURE = new URL('../../tests/fixtures/widget/', import.meta.url);

const widgetLayout: DefinitionLayout = {
  kind: 'widget',
  appKey: 'widgets',
  dir: 'src/mcp-server/widgets',
  suffixes: ['.widget.ts'],
  builders: ['widget'],
  nameIn: 'first-argument',
  groupSuffixes: ['Widgets', 'Definitions', 'Defs', 'Group'],
  testsDir: 'widgets',
  exportSuffix: 'Widget',
};

const widgetSpec = {
  name: 'widget',
  summary: 'add a widget: definition, test, registration',
  example: 'add widget acme_spinner --colour red',
  examples: '\nExamples:\n  $ mcp-scaffold add widget acme_spinner --colour red',
  heading: 'Widgets',
  layout: widgetLayout,
  reservedNames: [...widgetLayout.builders, ...DEFINITION_IMPORTS],
  options: {
    ...definitionOptions,
    colour: {
      flags: '--colour <name>',
      help: 'the colour the widget is drawn in (default: blue)',
      type: (z) => z.string().default('blue'),
    },
  },
  load: async (): Promise<KindGenerator> => ({
    generate(tree, project, raw) {
      const opts = optionsSchema(widgetSpec.options).parse(raw);
      const def = prepareDefinition(tree, project, widgetSpec, opts, (n) => n.snake);
      const title = opts.title ?? titleCase(unprefixed(def.names, def.prefix));
      return writeDefinition(
        tree,
        def,
        opts,
        { title, description: opts.description ?? `${title}.`, colour: opts.colour },
        { definition: new URL('widget.ts.hbs', FIXTURE), test: new URL('widget.test.ts.hbs', FIXTURE) },
      );
    },
  }),
} satisfies DefinitionSpec;

const kinds = [...KINDS, widgetSpec];

/** Runs the CLI in this process with the widget kind registered; what it printed and its status. */
async function cli(...args: string[]) {
  return cliWith(kinds, ...args);
}

/** Runs the CLI in this process with `registry` for its kinds; what it printed and its status. */
const cliWith = (registry: readonly KindSpec[], ...args: string[]) => runInProcess(args, registry);

const demo = () =>
  tempDir({ 'package.json': PACKAGE_JSON, 'src/index.ts': FRESH_INDEX, 'vitest.config.ts': VITEST_CONFIG });

const WIDGET = 'src/mcp-server/widgets/definitions/demo-spinner.widget.ts';
const WIDGET_TEST = 'tests/widgets/demo-spinner.widget.test.ts';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('a kind declared only in test code', () => {
  it('gets add widget --help: its summary, the shared definition flags, its own flag and its examples', async () => {
    const r = await cli('add', 'widget', '--help');
    expect(r.status).toBe(0);
    for (const s of [
      'Usage: mcp-scaffold add widget [options] <name>',
      'add a widget: definition, test, registration',
      '-d, --description <text>    what the widget does, for the model (one paragraph)',
      '--file-name <kebab>',
      '--export-name <identifier>',
      '--group <name>',
      '--no-test',
      '--colour <name>',
      '$ mcp-scaffold add widget acme_spinner --colour red',
    ]) {
      // Commander wraps help to the terminal's width.
      expect(r.stdout.replace(/\s+/g, ' ')).toContain(s.replace(/\s+/g, ' '));
    }
  });

  it('is listed by add --help and --help, and named when add has no command', async () => {
    expect((await cli('add', '--help')).stdout).toMatch(/widget \[options\] <name> +add a widget/);
    expect((await cli('--help')).stdout).toContain('$ mcp-scaffold add widget acme_spinner --colour red');
    const none = await cli('add', '--json');
    expect(none.status).toBe(1);
    expect(JSON.parse(none.stdout).error.message).toBe(
      'add needs a command: tool, resource, prompt, service or widget.',
    );
  });

  it('add widget --help --json: the help as one JSON object', async () => {
    const r = await cli('add', 'widget', '--help', '--json');
    expect(r.status).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out).toMatchObject({ ok: true, command: 'add widget' });
    expect(out.help).toContain('--colour <name>');
  });

  it('refuses a flag the widget does not take, as JSON', async () => {
    const r = await cli('add', 'widget', 'demo_spinner', '--uri', 'x://y', '--json', '--cwd', demo());
    expect(r.status).toBe(1);
    expect(JSON.parse(r.stdout)).toMatchObject({
      ok: false,
      command: 'add widget',
      error: { code: 'OPTION_INVALID', message: "unknown option '--uri'" },
    });
  });

  it('add widget --dry-run --json: the changeset as JSON, nothing written', async () => {
    const root = demo();
    const r = await cli('add', 'widget', 'demo_spinner', '--colour', 'red', '--dry-run', '--json', '--cwd', root);
    expect(r.status).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out).toMatchObject({ ok: true, command: 'add widget', dryRun: true });
    expect(out.changes.map((c: { action: string; path: string }) => `${c.action} ${c.path}`)).toEqual([
      'update src/index.ts',
      `create ${WIDGET}`,
      `create ${WIDGET_TEST}`,
    ]);
    expect(out.changes[1].diff).toContain("+  colour: 'red',");
    expect(out.widget).toMatchObject({ name: 'demo_spinner', exportName: 'demoSpinnerWidget', file: WIDGET });
    expect(existsSync(path.join(root, WIDGET))).toBe(false);
  });

  it('add widget writes the widget and registers it under widgets, after prompts', async () => {
    const root = demo();
    const r = await cli('add', 'widget', 'demo_spinner', '--json', '--no-devcheck', '--cwd', root);
    expect(r.status).toBe(0);
    expect(readFileSync(path.join(root, WIDGET), 'utf8')).toContain(
      "export const demoSpinnerWidget = widget('demo_spinner', {",
    );
    expect(readFileSync(path.join(root, WIDGET), 'utf8')).toContain("colour: 'blue',");
    expect(existsSync(path.join(root, WIDGET_TEST))).toBe(true);
    const index = readFileSync(path.join(root, 'src/index.ts'), 'utf8');
    expect(index).toContain(
      "import { demoSpinnerWidget } from './mcp-server/widgets/definitions/demo-spinner.widget.js';",
    );
    expect(index).toContain('  prompts: [echoPrompt],\n  widgets: [demoSpinnerWidget],\n');
  });

  it('list shows the widget under its heading, registered', async () => {
    const root = tempDir({
      'package.json': PACKAGE_JSON,
      'src/index.ts': "import { createApp } from '@cyanheads/mcp-ts-core';\n\nawait createApp({ name: 'demo' });\n",
    });
    expect((await cli('add', 'widget', 'demo_spinner', '--json', '--no-devcheck', '--cwd', root)).status).toBe(0);
    const json = await cli('list', '--json', '--cwd', root);
    expect(json.status).toBe(0);
    expect(JSON.parse(json.stdout).definitions).toContainEqual(
      expect.objectContaining({
        kind: 'widget',
        name: 'demo_spinner',
        exportName: 'demoSpinnerWidget',
        registered: true,
      }),
    );
    const human = await cli('list', '--cwd', root);
    expect(stripVTControlCharacters(human.stdout)).toMatch(
      /Widgets \(1\)\n {2}demo_spinner +demoSpinnerWidget +src\/mcp-server\/widgets/,
    );
  });

  it('add test on a kind without a test template is refused, and writes nothing', async () => {
    const root = demo();
    expect(
      (await cli('add', 'widget', 'demo_spinner', '--no-test', '--json', '--no-devcheck', '--cwd', root)).status,
    ).toBe(0);
    for (const args of [['demo_spinner'], ['demo_spinner', '--kind', 'widget']]) {
      const r = await cli('add', 'test', ...args, '--json', '--no-devcheck', '--cwd', root);
      expect(r.status).toBe(1);
      expect(JSON.parse(r.stdout)).toMatchObject({
        ok: false,
        command: 'add test',
        error: {
          code: 'OPTION_INVALID',
          message: '`add test` cannot write a test for a widget: the widget kind has no test template.',
        },
      });
      expect(existsSync(path.join(root, 'tests'))).toBe(false);
    }
  });

  it('add test on a kind that declares a test template writes the test it makes', async () => {
    const root = demo();
    const registry = [...KINDS, { ...widgetSpec, testTemplate: widgetTest }];
    const add = ['add', 'widget', 'demo_spinner', '--no-test', '--json', '--no-devcheck', '--cwd', root];
    expect((await cliWith(registry, ...add)).status).toBe(0);
    const r = await cliWith(registry, 'add', 'test', 'demo_spinner', '--json', '--no-devcheck', '--cwd', root);
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout).test).toMatchObject({ kind: 'widget', name: 'demo_spinner', file: WIDGET_TEST });
    expect(recorded(readFileSync(path.join(root, WIDGET_TEST), 'utf8'))).toBe(
      [
        '// @scaffolded mcp-scaffold <hash>',
        "import { describe, expect, it } from 'vitest';",
        "import { demoSpinnerWidget } from '@/mcp-server/widgets/definitions/demo-spinner.widget.js';",
        '',
        "describe('demo_spinner', () => {",
        "  it('is a widget', () => {",
        '    expect(demoSpinnerWidget).toBeDefined();',
        '  });',
        '});',
        '',
      ].join('\n'),
    );
  });
});
