/**
 * What registration needs to know of a kind of definition that the app lists in an array of
 * `createApp({...})`: where its files live, which builders make it, which key lists it. Each kind
 * declares its layout in its own folder (src/kinds/<kind>/); registration code takes layouts as
 * arguments and knows no kind by name.
 */
/**
 * The keys of createApp's options that list definitions, in the order the framework writes them:
 * a key added for a new kind goes before the keys after it; a key not named here goes last.
 */
export const APP_KEY_ORDER: readonly string[] = ['tools', 'resources', 'prompts'];

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

/**
 * What registration needs to know of services: modules in a folder of their own per domain, that
 * the app makes in `setup()` by calling their `init…` function. The service kind declares it in
 * its own folder (src/kinds/service/); registration code takes it as an argument.
 */
export interface ServiceLayout {
  /** The kind's name: `service`. */
  kind: string;
  /** The folder holding one folder per service: `src/services`. */
  dir: string;
  /** The name of a service's file after its domain: `-service.ts` (`ncbi/ncbi-service.ts`). */
  fileSuffix: string;
  /** Tests folder under tests/, with one folder per service: `services`. */
  testsDir: string;
}

/** The definitions or the services that one reading step lists. */
export type Lister = DefinitionLayout | ServiceLayout;

/** Whether `lister` lists services (registered in setup()) rather than definitions in an array. */
export function isServiceLayout(lister: Lister): lister is ServiceLayout {
  return !('appKey' in lister);
}

/** A service's own folders: `src/services/<domain>/` and `tests/services/<domain>/`. */
export function serviceDirs(layout: ServiceLayout, domain: string): { src: string; tests: string } {
  return { src: `${layout.dir}/${domain}`, tests: `tests/${layout.testsDir}/${domain}` };
}

/** A service's file and its test's: `src/services/ncbi/ncbi-service.ts`, `tests/services/ncbi/ncbi-service.test.ts`. */
export function serviceFiles(layout: ServiceLayout, domain: string): { file: string; test: string } {
  const dirs = serviceDirs(layout, domain);
  const base = `${domain}${layout.fileSuffix}`;
  return { file: `${dirs.src}/${base}`, test: `${dirs.tests}/${base.replace(/\.ts$/, '.test.ts')}` };
}

/** The domain whose service `file` is (`src/services/ncbi/ncbi-service.ts` → `ncbi`), or undefined. */
export function serviceDomainOf(layout: ServiceLayout, file: string): string | undefined {
  if (!file.startsWith(`${layout.dir}/`)) return undefined;
  const [domain, base, ...deeper] = file.slice(layout.dir.length + 1).split('/');
  return domain && deeper.length === 0 && base === `${domain}${layout.fileSuffix}` ? domain : undefined;
}
