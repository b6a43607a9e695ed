/**
 * Which arguments let the launcher start init's registry look-up early (src/startup/init-arguments.ts):
 * only `init` with flags commander accepts whatever their value, and the folder and --cwd read
 * as commander reads them; and the flags it knows are the program's own, taking a value exactly
 * where commander's do and with no parser of their own that could refuse one.
 */

import type { Option } from 'commander';
import { describe, expect, it } from 'vitest';
import { buildProgram } from '../../src/cli/program.js';
import { KINDS } from '../../src/kinds/index.js';
import { FLAGS, plainInitArguments, WITH_VALUE } from '../../src/startup/init-arguments.js';

const cwd = process.cwd();

describe('plainInitArguments', () => {
  it.each([
    [['init'], { dir: undefined, cwd }],
    [['init', 'demo', '--yes', '--no-install', '--no-git'], { dir: 'demo', cwd }],
    [['init', '--json', 'demo', '-y', '--dry-run'], { dir: 'demo', cwd }],
    [['init', 'demo', '--cwd', '/tmp/x', '--name', '@acme/demo', '-d', 'A server.'], { dir: 'demo', cwd: '/tmp/x' }],
    [['init', 'demo', '--cwd=/tmp/a', '--cwd', '/tmp/b', '--pm=pnpm', '--license='], { dir: 'demo', cwd: '/tmp/b' }],
  ])('%j reaches the look-up: %j', (args, expected) => {
    expect(plainInitArguments(args)).toEqual(expected);
  });

  it.each([
    [[]],
    [['list']],
    [['add', 'tool', 'demo_x']],
    [['--json', 'init', 'demo']],
    [['init', 'demo', '--help']],
    [['init', '-h']],
    [['init', '--version']],
    [['init', 'demo', '--framework-version', '0.12.3']],
    [['init', 'demo', '--framework-version=0.12.3']],
    [['init', 'demo', '--install-timeout', '5']],
    [['init', 'demo', '--devcheck-timeout=5']],
    [['init', 'demo', '--frobnicate']],
    [['init', 'demo', '-yd', 'x']],
    [['init', 'demo', '--json=1']],
    [['init', 'demo', '--name']],
    [['init', 'demo', '--name', '--yes']],
    [['init', 'demo', 'other']],
    [['init', '--', 'demo']],
  ])('%j is left to init', (args) => {
    expect(plainInitArguments(args)).toBeUndefined();
  });
});

describe("the flags it knows are commander's", () => {
  const program = buildProgram({ kinds: KINDS, setExit: () => {} });
  const init = program.commands.find((c) => c.name() === 'init')!;
  const options = [...program.options, ...init.options] as Option[];
  const named = (flag: string) => options.find((o) => o.short === flag || o.long === flag);

  it.each([...FLAGS])('%s takes no value', (flag) => {
    const option = named(flag);
    expect(option, flag).toBeDefined();
    expect(option!.required || option!.optional).toBe(false);
  });

  it.each([...WITH_VALUE])('%s takes any value', (flag) => {
    const option = named(flag);
    expect(option, flag).toBeDefined();
    expect(option!.required).toBe(true);
    expect(option!.parseArg).toBeUndefined();
  });
});
