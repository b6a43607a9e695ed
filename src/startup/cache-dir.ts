/**
 * The user's cache folder for mcp-scaffold, shared by the caches kept between runs (what
 * definition files define, V8's compiled code of the bundle). Kept apart from the rest of the
 * CLI so that the launcher can find it before loading anything else.
 */

import { homedir } from 'node:os';
import path from 'node:path';

/** `$MCP_SCAFFOLD_CACHE_DIR`, else `$XDG_CACHE_HOME/mcp-scaffold`, else `~/.cache/mcp-scaffold`. */
export function cacheDir(): string {
  if (process.env.MCP_SCAFFOLD_CACHE_DIR) return path.resolve(process.env.MCP_SCAFFOLD_CACHE_DIR);
  const base = process.env.XDG_CACHE_HOME || path.join(homedir(), '.cache');
  return path.join(base, 'mcp-scaffold');
}

/** The cache folder, or undefined when `MCP_SCAFFOLD_CACHE=0` says to keep nothing between runs. */
export function keptCacheDir(): string | undefined {
  return process.env.MCP_SCAFFOLD_CACHE === '0' ? undefined : cacheDir();
}
