/** The examples each command's `--help` ends with; the root's and `add`'s list every kind's example. */

import { allOf } from '../kinds/index.js';
import type { KindSpec } from '../kinds/spec.js';

export const INIT_EXAMPLES = `
Examples:
  $ mcp-scaffold init weather-server                  # asks what it needs (at a terminal)
  $ mcp-scaffold init weather-server --yes --owner acme --description "Forecasts and alerts."
  $ mcp-scaffold init @acme/weather --pm pnpm --no-git   # folder "weather", scoped package name
  $ mcp-scaffold init                                  # inside a server: add only missing files
  $ mcp-scaffold init demo --dry-run --json            # list every file, write nothing
  $ mcp-scaffold init demo --framework-version ^0.12.3 --license MIT   # starter code for 0.12

Creates the folder (an empty one is fine; a non-empty one needs --force), writes a server with one
tool, one resource and one prompt, each with a test, then installs the dependencies and makes a
first git commit. In a folder that already holds a server it adds the files missing and refreshes
what the framework owns (its skills, the tsconfig split) for the installed version; it never
touches your code.
Without a terminal, or with --yes/--json, nothing is asked: defaults are taken.`;

export function listExamples(kinds: readonly KindSpec[]): string {
  const headings = allOf(kinds.map((k) => k.heading.toLowerCase()));
  const suffixes = kinds.flatMap((k) => k.layout?.suffixes ?? []).map((s) => `*${s}`);
  const services = kinds.flatMap((k) => (k.serviceLayout ? [k.serviceLayout] : []));
  const files = [suffixes.join(', '), ...services.map((s) => `${s.dir}/<domain>/<domain>${s.fileSuffix}`)];
  return `
Examples:
  $ mcp-scaffold list                      # a table of ${headings}
  $ mcp-scaffold list --json               # one JSON object: definitions, dangling, warnings
  $ mcp-scaffold list --cwd ./servers/acme # in CI: exit 1 when something is not registered

Reads every definition and service file:
${files.map((f) => `  ${f}`).join('\n')}
and follows createApp's arrays (local variables, barrels, spreads, groups) and setup() to where
each one is registered. Writes nothing.
Exit status: 0 everything registered; 1 a definition is not registered (UNREGISTERED), a
registration's import no longer resolves (DANGLING), or the layout cannot be followed.`;
}

const example = (line: string) => `  $ mcp-scaffold ${line}`;

export function rootExamples(kinds: readonly KindSpec[]): string {
  return `
Examples:
${example('init acme-server --yes --owner acme --description "Find things in Acme."')}
${kinds.map((k) => example(k.example)).join('\n')}
${example('list --json')}
${example('add tool acme_find_items --cwd ./servers/acme --json --yes')}

Exit status: 0 done; 1 nothing written (bad input, conflict, not a project, cancelled, or
stopped by a signal before writing); 2 files written but devcheck (or install) failed, timed out
or was interrupted, or a signal stopped the run once they were written.
With --json, stdout carries exactly one JSON object; logs go to stderr.`;
}

export function addExamples(kinds: readonly KindSpec[]): string {
  return `\nExamples:\n${kinds.map((k) => example(k.example)).join('\n')}`;
}
