/**
 * `add service <name>`: src/services/<domain>/<domain>-service.ts (a class whose methods take the
 * handler's Context, with init…/get… accessors), its types.ts, its test (the upstream's fetch
 * stubbed), and the init call in createApp's setup(). The class takes only what it uses: the
 * config, and with `--storage` the framework's storage too (its test then runs on the real
 * in-memory storage); the setup() call passes exactly those.
 */

import type { z } from 'zod';
import type { GeneratorResult } from '../../engine/generator.js';
import { Problems } from '../../engine/problems.js';
import type { Tree } from '../../engine/tree.js';
import { asNewFile, lineWidthOf } from '../../project/formatter.js';
import {
  detectFrameworkFeatures,
  type FrameworkFeatures,
  requireInMemoryStorage,
} from '../../project/framework-features.js';
import { FRAMEWORK, type Project } from '../../project/project.js';
import { testImportPath } from '../../registration/conventions.js';
import { registerSetupCall } from '../../registration/setup.js';
import { devcheckTasks } from '../../tasks/devcheck.js';
import { titleCase } from '../../text/names.js';
import { stamp } from '../../text/scaffold-stamp.js';
import { displayWidth, tsString } from '../../text/string-literal.js';
import { render, templatesOf } from '../../text/templates.js';
import { alreadyExistsHint, editedFileProblem, renameFirst } from '../edited-files.js';
import { bindsMoreThanOnce, nameTaken, takenBy } from '../identifiers.js';
import { optionsSchema } from '../schema.js';
import { addedStubsIn, ensureServiceMethod } from './methods.js';
import { type ServiceNames, serviceNames } from './names.js';
import { serviceSpec } from './spec.js';
import { retargetTestInitCalls } from './test-init-calls.js';

const TEMPLATE = templatesOf(import.meta.url);

export const addServiceOptions = optionsSchema(serviceSpec.options);
export type AddServiceOptions = z.input<typeof addServiceOptions>;

/** Text for a JSDoc line: no comment terminator, one line. */
function commentText(text: string): string {
  return text
    .replace(/\*\//g, '*\\/')
    .replace(/\s*[\r\n\u2028\u2029]+\s*/g, ' ')
    .trim();
}

/** `throw new Error('…');` inside the accessor, on one line when it fits, else as Biome breaks it. */
function notInitializedThrow(s: ServiceNames, lineWidth: number): string {
  const message = tsString(`${s.className} is not initialized: call ${s.initName}() in setup() first.`);
  const oneLine = `    throw new Error(${message});`;
  return displayWidth(oneLine) <= lineWidth ? oneLine : `    throw new Error(\n      ${message},\n    );`;
}

/** Without the package the test's storage cannot be checked; with it, it must be there. */
function checkTestNeeds(features: FrameworkFeatures, warnings: string[]): void {
  if (!features.packageDir) {
    warnings.push(
      `${FRAMEWORK} is not installed, so the test's use of createInMemoryStorage() could not be checked against it.`,
    );
  }
  requireInMemoryStorage(features, 'The service test');
}

/**
 * Refuses a service whose names are taken by what its files import or by a runtime global:
 * `add service storage` would declare `class StorageService` beside the framework's
 * `StorageService` type that the file imports.
 */
function refuseTakenServiceNames(s: ServiceNames, rendered: [string, string][]): void {
  for (const name of [s.className, s.initName, s.getName, s.recordType]) {
    for (const [file, text] of rendered) {
      const why = takenBy(name, bindsMoreThanOnce(text, name), file);
      if (why) throw nameTaken('service name', s.names.raw, why, `${s.names.snake}_api`);
    }
  }
}

/** The service's files, rendered into the tree; a file already there is a problem unless --force. */
function writeServiceFiles(
  tree: Tree,
  s: ServiceNames,
  opts: z.output<typeof addServiceOptions>,
  features: FrameworkFeatures,
  problems: Problems,
): number {
  const files = opts.test ? [s.file, s.typesFile, s.testFile] : [s.file, s.typesFile];
  const untested = tree.exists(s.file) && !tree.exists(s.testFile);
  const hint = alreadyExistsHint(
    'service',
    s.domain,
    untested ? `${s.domain} --kind service` : undefined,
    'the setup() call',
  );
  for (const file of files) {
    if (tree.exists(file) && !opts.force) {
      problems.add({
        code: 'ALREADY_EXISTS',
        path: file,
        message: 'file already exists',
        hint,
      });
    }
  }
  const lineWidth = lineWidthOf(tree);
  const title = titleCase(s.names.words);
  const data = {
    ...s,
    storage: opts.storage,
    ctxIsRequestContext: features.storageTakesCtx,
    overview: commentText(
      opts.description ?? `${title} service: wraps the upstream ${title} API for the server's tools.`,
    ),
    notInitializedThrow: notInitializedThrow(s, lineWidth),
    testModuleTag: s.testFile.replace(/\.ts$/, ''),
    serviceImportPath: testImportPath(tree, s.testFile, s.file),
  };
  const templates = [TEMPLATE('service.ts.hbs'), TEMPLATE('types.ts.hbs'), TEMPLATE('service.test.ts.hbs')];
  const rendered = files.map((_, i) => stamp(render(templates[i]!, data, { lineWidth })));
  refuseTakenServiceNames(
    s,
    files.map((file, i) => [file, rendered[i]!]),
  );
  // New files take the project's line break (templates are LF).
  const instead = renameFirst('service', s.domain);
  const before = tree.read(s.file);
  files.forEach((file, i) => {
    const edited = editedFileProblem(tree, file, rendered[i]!, opts, instead);
    if (edited) problems.add(edited);
    tree.write(file, asNewFile(tree, rendered[i]!));
  });
  // Written again (--force): the methods tools had added stay, or those tools no longer compile.
  for (const method of before === undefined ? [] : addedStubsIn(s, before))
    problems.attempt(() => ensureServiceMethod(tree, s, method));
  return lineWidth;
}

/** The CoreServices members the service's init function takes, as setup() passes them. */
function serviceCoreArgs(opts: { storage: boolean }): string[] {
  return opts.storage ? ['config', 'storage'] : ['config'];
}

export function addServiceGenerator(
  tree: Tree,
  project: Project,
  raw: AddServiceOptions,
  /** What the installed framework offers; read from node_modules when the test needs it. */
  features?: FrameworkFeatures,
): GeneratorResult {
  const opts = addServiceOptions.parse(raw);
  const s = serviceNames(opts.name);
  const notes: string[] = [];
  const warnings: string[] = [];
  const problems = new Problems();
  if (s.names.raw !== opts.name || s.names.convertedFrom)
    notes.push(`The service is "${s.domain}": ${s.className}, ${s.initName}(), ${s.getName}().`);
  features ??= detectFrameworkFeatures(project.root);
  if (opts.test && opts.storage) checkTestNeeds(features, warnings);
  const lineWidth = writeServiceFiles(tree, s, opts, features, problems);
  const result = problems.attempt(() =>
    registerSetupCall(tree, { file: s.file, call: { name: s.initName, coreArgs: serviceCoreArgs(opts) } }, lineWidth),
  );
  if (result && !result.changed) notes.push(`${s.initName}() was already called in ${result.files.join(', ')}.`);
  // Written again (--force): the tests that create the service call it as it now is.
  const retargeted = opts.force ? (problems.attempt(() => retargetTestInitCalls(tree, s, lineWidth)) ?? []) : [];
  if (retargeted.length > 0)
    notes.push(`The tests that create the service now call ${s.initName}() as it takes: ${retargeted.join(', ')}.`);
  return {
    notes,
    warnings,
    problems: problems.list,
    tasks: devcheckTasks(opts.devcheck),
    data: {
      service: {
        name: s.domain,
        className: s.className,
        init: s.initName,
        accessor: s.getName,
        file: s.file,
        typesFile: s.typesFile,
        testFile: opts.test ? s.testFile : null,
        storage: opts.storage,
        registeredIn: result?.files ?? [],
      },
    },
  };
}
