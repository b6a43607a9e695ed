/**
 * What registration needs to know of a kind of definition that the app lists in an array of
 * `createApp({...})`: where its files live, which builders make it, which key lists it. Each kind
 * declares its layout in its own folder (src/kinds/<kind>/); registration code takes layouts as
 * arguments and knows no kind by name.
 */
export interface DefinitionLayout {
  /** The kind's name, singular: `tool`. */
  kind: string;
  /** The key of createApp's options that lists this kind: `tools`. */
  appKey: string;
  /** The folder holding the kind's `definitions/`: `src/mcp-server/tools`. */
  dir: string;
  /** File suffixes of definition files, the plain one first: `.tool.ts`, `.app-tool.ts`. */
  suffixes: string[];
  /** The framework builders that make a definition of this kind: `tool`, `appTool`. */
  builders: string[];
  /** Where the MCP name is: the builder's first argument, or its `name:` option (resources, whose first argument is the URI template). */
  nameIn: 'first-argument' | 'name-option';
  /** Endings of identifiers that name a spread group of this kind (`readTools` → group `read`). */
  groupSuffixes: string[];
  /** Tests folder under tests/: `tools`. */
  testsDir: string;
  /** Ending of export names by the framework's habit: `Tool` in `echoTool`. */
  exportSuffix: string;
}

/** Whether `file` is one of the layout's definition files, by its suffix. */
export function isDefinitionFile(file: string, layout: DefinitionLayout): boolean {
  return layout.suffixes.some((s) => file.endsWith(s));
}
