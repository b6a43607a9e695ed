/**
 * The command the generated docs (AGENTS.md, SKILL.md, README) and init's next steps tell people
 * and agents to run mcp-scaffold with: the form that works for the way this run was launched.
 *
 * - fetched by npx / `pnpm dlx` / bunx (it runs from their cache): the package manager's form
 *   (`npx mcp-scaffold`), which fetches it again wherever it is run. An environment variable
 *   (npm_command) would not do: every process below an `npx anything` inherits it;
 * - as `mcp-scaffold` from PATH (a global install of the package or its tarball, `npm link`):
 *   `mcp-scaffold`, which works from any folder; `npx mcp-scaffold` would not find it in a
 *   project that does not depend on it, and would fetch whatever the registry holds under the name;
 * - otherwise (a clone run as `node bin/mcp-scaffold.js`, a project's own dependency, which the new
 *   server's npx would not see): `node <absolute path of the bin>`, or `bun …` under Bun.
 */

import { realpathSync } from 'node:fs';
import { findOnPath } from '../tasks/path-lookup.js';

const BIN_NAME = 'mcp-scaffold';
/** Where npx, pnpm dlx and bunx keep the packages they fetch. */
const DLX_CACHE = /[\\/](_npx|dlx|bunx-[^\\/]*)[\\/]/;

function real(file: string): string {
  try {
    return realpathSync(file);
  } catch {
    return file;
  }
}

/** A path as a shell word: quoted only where it must be. */
function shellWord(text: string): string {
  return /^[\w@%+=:,./-]+$/.test(text) ? text : `'${text.replace(/'/g, `'\\''`)}'`;
}

/** `dlx`: the package manager's run-without-installing form (`npx mcp-scaffold`). */
export function scaffoldCommand(
  dlx: string,
  bin: string | undefined = process.argv[1],
  env: NodeJS.ProcessEnv = process.env,
): string {
  const argv = scaffoldArgv(bin, env);
  return argv === undefined ? dlx : argv.map(shellWord).join(' ');
}

/**
 * The same command as words, for a client's configuration (`.mcp.json`: command and args);
 * undefined for the dlx form, whose words the caller's `dlx` holds as written (`npx mcp-scaffold`).
 */
function scaffoldArgv(
  bin: string | undefined = process.argv[1],
  env: NodeJS.ProcessEnv = process.env,
): string[] | undefined {
  if (!bin) return undefined;
  const launched = real(bin);
  if (DLX_CACHE.test(launched)) return undefined;
  const onPath = findOnPath(BIN_NAME, env);
  if (onPath && real(onPath) === launched) return [BIN_NAME];
  return [process.versions.bun ? 'bun' : 'node', launched];
}

/** The words of the command mcp-scaffold was launched with: `dlx` split where it is the form. */
export function scaffoldWords(
  dlx: string,
  bin: string | undefined = process.argv[1],
  env: NodeJS.ProcessEnv = process.env,
): string[] {
  return scaffoldArgv(bin, env) ?? dlx.split(' ');
}
