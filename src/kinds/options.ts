/**
 * Options several kinds share, declared once. Every definition kind takes `definitionOptions`;
 * a kind's spec spreads them and adds its own.
 */

import type { OptionSpec } from './spec.js';

export const testOption = {
  flags: '--no-test',
  help: 'do not write a test file',
  type: (z) => z.boolean().default(true),
} satisfies OptionSpec;

export const definitionOptions = {
  description: {
    flags: '-d, --description <text>',
    help: (kind) => `what the ${kind} does, for the model (one paragraph)`,
    type: (z) => z.string().optional(),
    ask: true,
  },
  title: {
    flags: '-t, --title <text>',
    help: 'human-readable title (default: from the name)',
    type: (z) => z.string().optional(),
  },
  fileName: {
    flags: '--file-name <kebab>',
    help: "file name without suffix (default: by the project's habit)",
    type: (z) => z.string().optional(),
  },
  exportName: {
    flags: '--export-name <identifier>',
    help: "export name (default: by the project's habit)",
    type: (z) => z.string().optional(),
  },
  group: {
    flags: '--group <name>',
    help: 'where definitions are split into spread groups: the group to join',
    type: (z) => z.string().optional(),
  },
  test: testOption,
} satisfies Record<string, OptionSpec>;

/** Names every definition file or the entry point that registers it imports. */
export const DEFINITION_IMPORTS = ['z', 'JsonRpcErrorCode', 'createApp'];
