/**
 * What the project already defines, read as text (cheap, no ts-morph): the MCP names and export
 * names in definition files, by suffix. Used for collisions and the server-prefix warning.
 */

import type { Tree } from '../engine/tree.js';

export type DefinitionKind = 'tool' | 'resource' | 'prompt';

export const KIND_INFO: Record<
  DefinitionKind,
  { dir: string; suffixes: string[]; builders: string[]; appKey: string; testsDir: string }
> = {
  tool: {
    dir: 'src/mcp-server/tools',
    suffixes: ['.tool.ts', '.app-tool.ts'],
    builders: ['tool', 'appTool'],
    appKey: 'tools',
    testsDir: 'tools',
  },
  resource: {
    dir: 'src/mcp-server/resources',
    suffixes: ['.resource.ts', '.app-resource.ts'],
    builders: ['resource', 'appResource'],
    appKey: 'resources',
    testsDir: 'resources',
  },
  prompt: {
    dir: 'src/mcp-server/prompts',
    suffixes: ['.prompt.ts'],
    builders: ['prompt'],
    appKey: 'prompts',
    testsDir: 'prompts',
  },
};

export interface ExistingDefinition {
  file: string;
  /** The MCP name: a tool's or prompt's first argument, a resource's `name:` option. */
  name: string | undefined;
  /** A resource's URI template (its builder's first argument). */
  uri?: string | undefined;
  exports: string[];
}

export function existingDefinitions(tree: Tree, kind: DefinitionKind): ExistingDefinition[] {
  const info = KIND_INFO[kind];
  const builderCall = new RegExp(`\\b(?:${info.builders.join('|')})\\(\\s*(['"\`])([^'"\`]+)\\1`);
  return tree
    .listFiles(info.dir)
    .filter((f) => info.suffixes.some((s) => f.endsWith(s)))
    .map((file) => {
      const text = tree.read(file) ?? '';
      const first = builderCall.exec(text)?.[2];
      const named = kind === 'resource' ? /\bname:\s*(['"`])([^'"`]+)\1/.exec(text)?.[2] : first;
      return {
        file,
        name: named,
        ...(kind === 'resource' ? { uri: first } : {}),
        exports: [...text.matchAll(/export\s+(?:const|let|var|function)\s+([A-Za-z_$][\w$]*)/g)].map((m) => m[1]!),
      };
    });
}

/**
 * The server prefix the project's tool names share (`acme` for acme_find_items, acme_get_item),
 * ignoring the framework's `template_` placeholder names from its starter files.
 */
export function sharedPrefix(names: string[]): string | undefined {
  const heads = names.filter((n) => n.includes('_')).map((n) => n.split('_')[0]!);
  const own = heads.filter((h) => h !== 'template');
  if (own.length === 0) return undefined;
  return own.every((h) => h === own[0]) ? own[0] : undefined;
}

/** `@acme/pubmed-mcp-server` → `pubmed`: the brand part of a package name, snake_cased. */
export function prefixFromPackageName(pkgName: string | undefined): string | undefined {
  if (!pkgName) return undefined;
  const base = pkgName.replace(/^@[^/]+\//, '').toLowerCase();
  const stripped = base.replace(/(^mcp[-_.]|[-_.]mcp(?:[-_.]server)?$|[-_.]server$)/g, '');
  const snake = stripped.replace(/[^a-z0-9]+/g, '_').replace(/^_+|_+$/g, '');
  return /^[a-z][a-z0-9_]*$/.test(snake) ? snake : undefined;
}
