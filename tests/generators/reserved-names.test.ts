/**
 * Names JavaScript, TypeScript and Biome hold already, taken from their own lists rather than
 * ours: every property of Object.prototype, Function and Function.prototype (strict mode's
 * `arguments` and `caller` among them), every global of the runtime (`eval`, `undefined`, the
 * builtins Biome's noShadowRestrictedNames guards), and every keyword of TypeScript's scanner. As
 * a field name (a tool's input and output, a prompt's argument, a resource's param and output)
 * and as an export name, each is either refused (NAME_INVALID or OPTION_INVALID, naming it, with
 * a hint) or written into a server that the project's own tsc and Biome accept, and whose schema
 * has the field: the generated `z.object({ … })` is evaluated, and reads neither a missing field
 * from the prototype nor loses one to it.
 */

import { ts } from 'ts-morph';
import { describe, expect, inject, it } from 'vitest';
import { z } from 'zod';
import type { ScaffoldError } from '../../src/engine/errors.js';
import { addPromptGenerator } from '../../src/kinds/prompt/generator.js';
import { addResourceGenerator } from '../../src/kinds/resource/generator.js';
import { addToolGenerator } from '../../src/kinds/tool/generator.js';
import { addTo, type Generate, type GeneratedServer, generatedServer, judge } from '../helpers/generated-server.js';

const roots = inject('frameworkRoots');

function keywords(): string[] {
  const out: string[] = [];
  for (let kind = ts.SyntaxKind.FirstKeyword; kind <= ts.SyntaxKind.LastKeyword; kind++) {
    const text = ts.tokenToString(kind);
    if (text) out.push(text);
  }
  return out;
}

const CANDIDATES = [
  ...new Set([
    ...Object.getOwnPropertyNames(Object.prototype),
    ...Object.getOwnPropertyNames(Function),
    ...Object.getOwnPropertyNames(Function.prototype),
    ...Object.getOwnPropertyNames(globalThis),
    ...keywords(),
  ]),
]
  .filter((name) => /^[A-Za-z_$][\w$]*$/.test(name))
  .sort();

/** The names the issue found accepted and broken, and some that must stay accepted. */
const MUST_REFUSE = ['__proto__', 'constructor', 'hasOwnProperty', 'toString', 'valueOf'];
const MUST_ACCEPT_AS_FIELDS = ['name', 'length', 'type', 'default', 'class', 'prototype'];

/** A refusal as the contract wants it: coded, naming the name, saying what to do. */
function expectGoodRefusal(e: ScaffoldError, name: string): void {
  expect(['NAME_INVALID', 'OPTION_INVALID'], `${name}: ${e.code} ${e.message}`).toContain(e.code);
  expect(e.message).toContain(name);
  expect(e.hint, `${name}: ${e.message}`).toBeTruthy();
}

/** Runs `generate` for `name` in a throwaway plan: undefined when accepted, else the refusal. */
async function refusalOf(server: GeneratedServer, generate: Generate): Promise<ScaffoldError | undefined> {
  const scratch = { ...server, touched: new Set<string>(), alone: new Map<string, string>() };
  const added = await addTo(scratch, generate, { alone: true });
  return 'refused' in added ? added.refused : undefined;
}

/**
 * The `z.object({ … })` written as the value of `key` in `text` (or, `named`, as the value of the
 * constant `key`: an object typed with braces), evaluated with zod.
 */
function schemaAt(text: string, key: string, named = false): z.ZodObject {
  const sf = ts.createSourceFile('definition.ts', text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  let found: string | undefined;
  const visit = (node: ts.Node): void => {
    const holds = named
      ? ts.isVariableDeclaration(node) && node.name.getText(sf) === key
      : ts.isPropertyAssignment(node) && node.name.getText(sf) === key;
    if (holds) found ??= (node as ts.PropertyAssignment | ts.VariableDeclaration).initializer?.getText(sf);
    ts.forEachChild(node, visit);
  };
  visit(sf);
  expect(found, `no ${key}: in\n${text}`).toBeDefined();
  return new Function('z', `return (${found});`)(z) as z.ZodObject;
}

/**
 * The schema holds exactly `names`: each key in its shape; with every field given, each comes
 * back as the object's own; with the optional ones left out, none is read from the prototype.
 */
function expectFields(schema: z.ZodObject, names: string[], optional: boolean): void {
  expect(Object.keys(schema.shape).sort()).toEqual([...names].sort());
  const full = Object.fromEntries(names.map((n) => [n, `value of ${n}`]));
  const parsed = schema.safeParse(full);
  expect(parsed.success, JSON.stringify(parsed.error?.issues.slice(0, 3))).toBe(true);
  expect(Object.keys(parsed.data!).sort()).toEqual([...names].sort());
  if (optional) {
    const empty = schema.safeParse({});
    expect(empty.success, JSON.stringify(empty.error?.issues.slice(0, 3))).toBe(true);
    expect(Object.keys(empty.data!)).toEqual([]);
  }
}

/** Each place a typed name goes, and how one name is tried there. */
const FIELD_PLACES: Record<string, (name: string) => Generate> = {
  'tool --input': (name) => (tree, project, f) =>
    addToolGenerator(tree, project, { name: 'demo_fetch_probe', input: [`${name}:string?:X.`], devcheck: false }, f),
  'tool --output': (name) => (tree, project, f) =>
    addToolGenerator(tree, project, { name: 'demo_fetch_probe', output: [`${name}:string?:X.`], devcheck: false }, f),
  'tool --input, in braces': (name) => (tree, project, f) =>
    addToolGenerator(
      tree,
      project,
      { name: 'demo_fetch_probe', input: [`rec:object{${name}:string?:X}:X.`], devcheck: false },
      f,
    ),
  'tool --output, in braces': (name) => (tree, project, f) =>
    addToolGenerator(
      tree,
      project,
      { name: 'demo_fetch_probe', output: [`rec:object{${name}:string?:X}:X.`], devcheck: false },
      f,
    ),
  'prompt --arg': (name) => (tree, project) =>
    addPromptGenerator(tree, project, { name: 'demo_probe', arg: [`${name}:string?:X.`], devcheck: false }),
  'resource --param': (name) => (tree, project, f) =>
    addResourceGenerator(tree, project, { name: 'demo-probe', param: [`${name}:string:X.`], devcheck: false }, f),
  'resource --uri': (name) => (tree, project, f) =>
    addResourceGenerator(tree, project, { name: 'demo-probe', uri: `demo://probe/{${name}}`, devcheck: false }, f),
  'resource --output': (name) => (tree, project, f) =>
    addResourceGenerator(tree, project, { name: 'demo-probe', output: [`${name}:string?:X.`], devcheck: false }, f),
};

describe('names the language, TypeScript and Biome hold, from their own lists', () => {
  it('the lists hold what the issue found and what must stay accepted', () => {
    for (const name of [...MUST_REFUSE, ...MUST_ACCEPT_AS_FIELDS, 'eval', 'arguments', 'Object', 'await'])
      expect(CANDIDATES).toContain(name);
  });

  it('as field names and export names: refused with a reason, or accepted by tsc and Biome with the field in the schema', async () => {
    const server = generatedServer(roots['0.12.3'], '0.12.3');
    const accepted: Record<string, string[]> = {};
    for (const [place, generate] of Object.entries(FIELD_PLACES)) {
      accepted[place] = [];
      for (const name of CANDIDATES) {
        const refused = await refusalOf(server, generate(name));
        if (refused) expectGoodRefusal(refused, name);
        else accepted[place].push(name);
      }
      for (const name of MUST_REFUSE) expect(accepted[place], place).not.toContain(name);
    }
    for (const name of MUST_ACCEPT_AS_FIELDS) {
      for (const place of ['tool --input', 'tool --output', 'prompt --arg']) expect(accepted[place]).toContain(name);
    }

    // Every name a place accepts, at once, in one definition of each kind.
    const tool = await addTo(server, (tree, project, f) =>
      addToolGenerator(
        tree,
        project,
        {
          name: 'demo_fetch_names',
          input: accepted['tool --input']!.map((n) => `${n}:string?:X.`),
          output: accepted['tool --output']!.map((n) => `${n}:string?:X.`),
          devcheck: false,
        },
        f,
      ),
    );
    if ('refused' in tool) throw tool.refused;
    const toolFile = tool.changes['src/mcp-server/tools/definitions/demo-fetch-names.tool.ts']!;
    expectFields(schemaAt(toolFile, 'input'), accepted['tool --input']!, true);
    expectFields(schemaAt(toolFile, 'output'), accepted['tool --output']!, true);

    // In braces, a name is checked as at the top; every accepted one at once, in one object.
    expect(accepted['tool --input, in braces']).toEqual(accepted['tool --input']);
    expect(accepted['tool --output, in braces']).toEqual(accepted['tool --output']);
    const nested = await addTo(server, (tree, project, f) =>
      addToolGenerator(
        tree,
        project,
        {
          name: 'demo_fetch_nested_names',
          input: [`rec:object{${accepted['tool --input, in braces']!.map((n) => `${n}:string?:X`).join(',')}}:X.`],
          output: [`rec:object{${accepted['tool --output, in braces']!.map((n) => `${n}:string?:X`).join(',')}}:X.`],
          devcheck: false,
        },
        f,
      ),
    );
    if ('refused' in nested) throw nested.refused;
    const nestedFile = nested.changes['src/mcp-server/tools/definitions/demo-fetch-nested-names.tool.ts']!;
    expectFields(schemaAt(nestedFile, 'RecSchema', true), accepted['tool --input, in braces']!, true);
    expectFields(schemaAt(nestedFile, 'Rec2Schema', true), accepted['tool --output, in braces']!, true);

    const prompt = await addTo(server, (tree, project) =>
      addPromptGenerator(tree, project, {
        name: 'demo_names',
        arg: accepted['prompt --arg']!.map((n) => `${n}:string?:X.`),
        devcheck: false,
      }),
    );
    if ('refused' in prompt) throw prompt.refused;
    const promptFile = prompt.changes['src/mcp-server/prompts/definitions/demo-names.prompt.ts']!;
    expectFields(schemaAt(promptFile, 'args'), accepted['prompt --arg']!, true);

    // A URI variable is required; the --uri and --param places accept the same names.
    expect(accepted['resource --uri']).toEqual(accepted['resource --param']);
    const params = accepted['resource --param']!;
    const resource = await addTo(server, (tree, project, f) =>
      addResourceGenerator(
        tree,
        project,
        {
          name: 'demo-names',
          uri: `demo://names/${params.map((n) => `{${n}}`).join('/')}`,
          output: accepted['resource --output']!.map((n) => `${n}:string?:X.`),
          devcheck: false,
        },
        f,
      ),
    );
    if ('refused' in resource) throw resource.refused;
    const resourceFile = resource.changes['src/mcp-server/resources/definitions/demo-names.resource.ts']!;
    expectFields(schemaAt(resourceFile, 'params'), params, false);
    expectFields(schemaAt(resourceFile, 'output'), accepted['resource --output']!, true);

    // Export names: each accepted one gets a definition of its own.
    const exports: string[] = [];
    for (const [i, name] of CANDIDATES.entries()) {
      const added = await addTo(
        server,
        (tree, project, f) =>
          addToolGenerator(tree, project, { name: `demo_find_e${i}`, exportName: name, devcheck: false }, f),
        { alone: true },
      );
      if ('refused' in added) expectGoodRefusal(added.refused, name);
      else exports.push(name);
    }
    for (const name of [...MUST_REFUSE, 'eval', 'arguments', 'Object', 'await', 'undefined'])
      expect(exports).not.toContain(name);
    expect(exports).toContain('type');

    expect(judge(server)).toEqual({ typeErrors: [], biome: [], wanted: {} });
  }, 600_000);
});
