/**
 * What a definition's handler needs before a test can run it, read off its file: the services it
 * calls and the methods it calls on each (a test creates each as the server's setup() does, and
 * stands in for those methods), and,
 * for a tool, whether it asks the user (ctx.requestInput from 0.12, ctx.elicit before) or reports
 * task progress. What the test does about each depends on the installed line's testing helpers:
 * a question answered through `createMockContext({ inputResponses })` after
 * `expectInputRequired()` on 0.12, through a mock `elicit` up to 0.11; progress through
 * `{ progress: true }` up to 0.11.
 */

import type { Tree } from '../../engine/tree.js';
import type { FrameworkFeatures } from '../../project/framework-features.js';
import { resolveModuleFile } from '../../ts/modules.js';
import { parseSource } from '../../ts/ts-morph.js';

/** A service the handler calls: the function that makes it, the file that exports it, what it calls of it. */
export interface ServiceInit {
  initName: string;
  file: string;
  /** The accessor the handler reaches it by: `getNcbiService`. */
  getName: string;
  /** The methods the handler calls on it (`getNcbiService().search(…)`), in the order first called. */
  methods: string[];
}

export interface HandlerNeeds {
  services: ServiceInit[];
  /** How the test answers what the handler asks, where the installed line's mock can answer it. */
  asks: 'requestInput' | 'elicit' | undefined;
  /** The mock reports task progress (`{ progress: true }`). */
  progress: boolean;
}

const exportsFunction = (text: string, name: string) =>
  new RegExp(`export\\s+(?:async\\s+)?function\\s+${name}\\b|export\\s+const\\s+${name}\\b`).test(text);

/**
 * The services a definition file calls: each `get<Name>()` it imports from a project file that
 * also exports `init<Name>()`, the pair `add service` writes.
 */
function servicesCalled(tree: Tree, file: string, text: string): ServiceInit[] {
  const found = new Map<string, ServiceInit>();
  for (const decl of parseSource(file, text).getImportDeclarations()) {
    if (decl.isTypeOnly()) continue;
    const target = resolveModuleFile(tree, file, decl.getModuleSpecifierValue());
    if (target === undefined) continue;
    const source = tree.read(target) ?? '';
    for (const named of decl.getNamedImports()) {
      const getter = /^get(\w+)$/.exec(named.getName());
      const initName = getter && `init${getter[1]}`;
      if (initName && !named.isTypeOnly() && exportsFunction(source, initName)) {
        const local = named.getAliasNode()?.getText() ?? named.getName();
        const calls = text.matchAll(new RegExp(`\\b${local}\\(\\)\\s*\\.\\s*(\\w+)\\s*\\(`, 'g'));
        const methods = [...new Set([...calls].map((m) => m[1]!))];
        found.set(initName, { initName, file: target, getName: named.getName(), methods });
      }
    }
  }
  return [...found.values()];
}

/** What the handler in `file` needs from its test, given what the installed framework offers. */
export function handlerNeeds(tree: Tree, file: string, features: () => FrameworkFeatures): HandlerNeeds {
  const text = tree.read(file) ?? '';
  const services = servicesCalled(tree, file, text);
  let asks: HandlerNeeds['asks'];
  if (/\bctx\.requestInput\s*\(/.test(text)) {
    const f = features();
    if (f.expectInputRequired && f.mock.inputResponses) asks = 'requestInput';
  } else if (/\bctx\.elicit\b/.test(text) && features().mock.elicit) asks = 'elicit';
  const progress = /\btask\s*:\s*true\b/.test(text) && features().mock.progress;
  return { services, asks, progress };
}
