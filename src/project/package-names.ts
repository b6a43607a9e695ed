/**
 * The framework's package name and the unscoped form of a name: kept in a module that imports
 * nothing, so that the launcher's early registry look-up (src/startup/early-lookup.ts) can tell
 * where init writes without loading the project code.
 */

export const FRAMEWORK = '@cyanheads/mcp-ts-core';

/** `@acme/weather` → `weather`; an unscoped name as it is. */
export function unscoped(name: string): string {
  return name.replace(/^@[^/]*\//, '');
}
