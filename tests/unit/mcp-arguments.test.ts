/**
 * The MCP tools' arguments become the CLI's flags (src/mcp/kind-inputs.ts): every option of every
 * kind, given through MCP, reaches commander as the same value the flag would give, so a tool call
 * and the command line run the same command.
 */

import { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { commanderOptions } from '../../src/cli/add.js';
import { KINDS } from '../../src/kinds/index.js';
import type { OptionSpec } from '../../src/kinds/spec.js';
import { withFlags } from '../../src/mcp/cli-run.js';
import { kindArgs, kindShape, optionArgs } from '../../src/mcp/kind-inputs.js';

/** What commander makes of `argv` with the options `add <kind>` declares. */
function parsed(spec: (typeof KINDS)[number], argv: string[]): Record<string, unknown> {
  const cmd = new Command('x').exitOverride().argument('<name>');
  for (const option of commanderOptions(spec)) cmd.addOption(option);
  cmd.parse([...argv, '--', 'demo_name'], { from: 'user' });
  return cmd.opts();
}

/** A value other than the default for an option: what a caller would pass to change it. */
function valueFor(option: OptionSpec): unknown[] {
  const schema = option.type(z);
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as { type?: string };
  if (option.repeatable) return [['a:string:One, with a comma', '-b:integer?']];
  if (json.type === 'boolean') return [true, false];
  return ['-starts with a dash = and spaces'];
}

describe('MCP arguments → CLI flags', () => {
  for (const spec of KINDS) {
    it(`add ${spec.name}: each option, given either way, parses to the value given`, () => {
      for (const [key, option] of Object.entries(spec.options)) {
        for (const value of valueFor(option)) {
          const argv = kindArgs(spec, { [key]: value });
          const opts = parsed(spec, argv);
          // False for a flag that has no opposite is its default: left out, as a person would.
          const falseIsDefault = !option.negation && !option.flags.includes('--no-');
          const expected = value === false && falseIsDefault ? undefined : value;
          expect(opts[key], `${key}=${JSON.stringify(value)} as ${argv.join(' ')}`).toEqual(expected);
        }
      }
    });

    it(`add ${spec.name}: the input schema takes the kind's options, each optional and described with its flag`, () => {
      const shape = kindShape(spec);
      expect(Object.keys(shape)).toEqual(Object.keys(spec.options));
      for (const [key, type] of Object.entries(shape)) {
        expect(type.safeParse(undefined).success, key).toBe(true);
        expect(type.description, key).toMatch(/\(CLI: (-., )?--[a-z-]+/);
      }
    });
  }

  it('a --no- flag is given only for false; a negation for false where the option has one', () => {
    const noTest: OptionSpec = { flags: '--no-test', help: '', type: (zod) => zod.boolean().default(true) };
    expect(optionArgs(noTest, false)).toEqual(['--no-test']);
    expect(optionArgs(noTest, true)).toEqual([]);
    const readOnly: OptionSpec = {
      flags: '--read-only',
      help: '',
      negation: { flags: '--no-read-only', help: '' },
      type: (zod) => zod.boolean().optional(),
    };
    expect(optionArgs(readOnly, true)).toEqual(['--read-only']);
    expect(optionArgs(readOnly, false)).toEqual(['--no-read-only']);
    expect(optionArgs(readOnly, undefined)).toEqual([]);
  });

  it('puts flags before the positionals, so that none is read as a name or a name as a flag', () => {
    expect(withFlags(['add', 'tool', '--', '-x'], '--dry-run')).toEqual(['add', 'tool', '--dry-run', '--', '-x']);
    expect(withFlags(['list'], '--json')).toEqual(['list', '--json']);
  });
});
