/**
 * How the inventory follows a name: through the module graph to the declaration it is bound to,
 * and past aliases to the definition, in the inventory's terms (found, dangling, external, or a
 * place it cannot follow).
 */

import type { Trace as GraphTrace, ModuleGraph } from '../ts/module-graph.js';
import type { DeclFacts } from './file-facts.js';
import type { DanglingReason } from './inventory-result.js';
import { isDefinitionFile, isServiceLayout, type Lister, serviceDomainOf } from './layout.js';

/** Where a name leads: a declaration, nowhere (dangling), out of the project, or somewhere we cannot follow. */
export type Trace =
  | { type: 'found'; file: string; decl: DeclFacts }
  | { type: 'dangling'; reason: DanglingReason; message: string }
  | { type: 'external'; specifier: string }
  | { type: 'unsupported'; file: string; line: number; message: string };

const MAX_DEPTH = 16;

export const isProjectSpecifier = (s: string) => s.startsWith('./') || s.startsWith('../') || s.startsWith('@/');

export function missingImport(file: string, name: string): Extract<Trace, { type: 'dangling' }> {
  return {
    type: 'dangling',
    reason: 'missing-import',
    message: `\`${name}\` is neither imported nor declared in ${file}`,
  };
}

/** What the tracer reads through: the module graph, and the facts of each top-level declaration. */
export interface TraceSource {
  readonly graph: ModuleGraph;
  declOf(file: string, name: string): DeclFacts | undefined;
}

/** Follows names through the module graph to declarations, and past aliases to definitions. */
export class Tracer {
  constructor(private readonly resolver: TraceSource) {}

  /** The binding `name` in `file` (imported or declared at top level); `line` is where it is used. */
  binding(file: string, name: string, line: number): Trace {
    return this.read(this.resolver.graph.binding(file, name), line);
  }

  /** The export `name` of the module `specifier`, imported by `file` at `line` as `localName`. */
  imported(file: string, specifier: string, name: string, localName: string, line: number): Trace {
    return this.read(this.resolver.graph.imported(file, specifier, name, localName, line, false), line);
  }

  /** The graph's answer in the terms of the inventory; `line` is the use, for what has no line of its own. */
  private read(trace: GraphTrace, line: number): Trace {
    switch (trace.type) {
      case 'found': {
        const decl = this.resolver.declOf(trace.file, trace.name);
        if (decl) return { type: 'found', file: trace.file, decl };
        return {
          type: 'unsupported',
          file: trace.file,
          line,
          message: `\`${trace.name}\` is declared in ${trace.file}, but not as a variable or function`,
        };
      }
      case 'unresolved': {
        const { at, specifier } = trace;
        if (!isProjectSpecifier(specifier)) return { type: 'external', specifier };
        const what = trace.reExport ? `re-exports \`${trace.name}\` from` : 'imports from';
        const message = `${at.file}:${at.line} ${what} '${specifier}', which is not a file of this project`;
        return { type: 'dangling', reason: 'missing-file', message };
      }
      case 'missing-export':
        return {
          type: 'dangling',
          reason: 'missing-export',
          message: `${trace.file} does not export \`${trace.name}\``,
        };
      case 'undeclared':
        return missingImport(trace.file, trace.name);
      case 'default-or-namespace':
        if (trace.binding.kind === 'default' && !isProjectSpecifier(trace.binding.specifier))
          return { type: 'external', specifier: trace.binding.specifier };
        return {
          type: 'unsupported',
          file: trace.file,
          line,
          message: `\`${trace.name}\` is a default or namespace import; cannot tell which definition it is`,
        };
      case 'too-deep':
        return {
          type: 'unsupported',
          file: trace.file,
          line: trace.at.line,
          message: `gave up following the export \`${trace.name}\` of ${trace.file}: too many re-exports`,
        };
    }
  }

  /**
   * Past aliases (`export const fooTool = barTool`) to the declaration that holds the definition.
   * A declaration that is neither an alias nor a builder call is the definition only where it
   * sits in a definition file (a wrapped builder, say); anywhere else it cannot be told apart.
   */
  definition(trace: Trace, lister: Lister, depth = 0): Trace {
    if (trace.type !== 'found') return trace;
    const { file, decl } = trace;
    if (!decl.fn) {
      const alias = decl.alias;
      if (alias) {
        if (depth > MAX_DEPTH) return { type: 'unsupported', file, line: alias.line, message: 'too many aliases' };
        const next = this.binding(file, alias.name, alias.line);
        return this.definition(next, lister, depth + 1);
      }
      // Any kind's builder: a prompt listed among the resources is still a definition (warned later).
      // Services have no builder.
      if (decl.hasInit && ((!isServiceLayout(lister) && decl.builder) || isListerFile(file, lister))) return trace;
    } else if (isServiceLayout(lister) || isListerFile(file, lister)) {
      return trace;
    }
    return {
      type: 'unsupported',
      file,
      line: decl.line,
      message: `\`${decl.name ?? '?'}\` is not a ${lister.kind} definition this can read (${decl.short})`,
    };
  }
}

function isListerFile(file: string, lister: Lister): boolean {
  return isServiceLayout(lister) ? serviceDomainOf(lister, file) !== undefined : isDefinitionFile(file, lister);
}
