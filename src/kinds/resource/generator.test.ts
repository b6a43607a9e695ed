/**
 * `add resource` with --param and --service, in memory: the template and params they shape, the
 * handler that reads through the service, the test that exercises them, and what is refused.
 */

import { describe, expect, it } from 'vitest';
import { FEATURES_0_10 } from '../../../tests/helpers/framework.js';
import { FRESH_SERVER, project } from '../../../tests/helpers/projects.js';
import { refusal } from '../../../tests/helpers/refusal.js';
import { withNcbiInitTaking, withNcbiService } from '../../../tests/helpers/services.js';
import type { FrameworkFeatures } from '../../project/framework-features.js';
import { isPlaceholder } from '../../text/placeholders.js';
import { type AddResourceOptions, addResourceGenerator } from './generator.js';

const RES = 'src/mcp-server/resources/definitions';
const BASE = FRESH_SERVER;

function run(files: Record<string, string>, options: AddResourceOptions, features: FrameworkFeatures = FEATURES_0_10) {
  const { tree, project: p } = project(files);
  const result = addResourceGenerator(tree, p, { devcheck: false, ...options }, features);
  return { tree, result, problems: result.problems };
}

/** A project that already has the ncbi service (made by addServiceGenerator). */
const withService = () => withNcbiService(BASE);

/** The resource's `description: '…'` and its params' `.describe('…')` strings, unquoted. */
function descriptions(text: string): string[] {
  const params = text.slice(text.indexOf('params: z.object({'), text.indexOf('    }),', text.indexOf('params:')));
  const described = [...params.matchAll(/\.describe\('([^']*)'\)/g)].map((m) => m[1]!);
  return [...[...text.matchAll(/description: '([^']*)'/g)].map((m) => m[1]!), ...described];
}

describe('--param', () => {
  it('without --uri, the params make the template; each is described as typed', () => {
    const { tree, result } = run(BASE, {
      name: 'demo_article',
      param: ['db:string:Database to read from', 'pmid:string:PubMed id of the article'],
    });
    expect(result.problems).toEqual([]);
    expect(result.notes).toContain('No --uri given: using demo://article/{db}/{pmid}.');
    const def = tree.read(`${RES}/demo-article.resource.ts`)!;
    expect(def).toContain("  'demo://article/{db}/{pmid}',");
    expect(def).toContain(
      [
        '    params: z.object({',
        "      db: z.string().describe('Database to read from'),",
        "      pmid: z.string().describe('PubMed id of the article'),",
        '    }),',
      ].join('\n'),
    );
    const test = tree.read('tests/resources/demo-article.resource.test.ts')!;
    expect(test).toContain("  uri: 'demo://article/example-db/example-pmid',");
    expect(test).toContain("    db: 'example-db',\n    pmid: 'example-pmid',");
    // The typed params are exercised: all of them parse, none of them is optional.
    expect(test).toContain('    expect(definition.params!.safeParse({}).success).toBe(false);');
  });

  it('with --uri, a --param describes its variable; the others keep a placeholder', () => {
    const { tree } = run(BASE, {
      name: 'demo_article',
      uri: 'demo://{db}/articles/{pmid}',
      param: ['pmid:string:PubMed id'],
    });
    const def = tree.read(`${RES}/demo-article.resource.ts`)!;
    expect(descriptions(def)).toEqual([
      'TODO: Article by URI. Describe what it holds and when to read it.',
      'TODO: The db part of the URI.',
      'PubMed id',
    ]);
  });

  it('every description mcp-scaffold invents is a placeholder; typed ones are not', () => {
    const { tree } = run(BASE, { name: 'demo_article', param: ['pmid', 'db:string:Database'] });
    const [resource, pmid, db] = descriptions(tree.read(`${RES}/demo-article.resource.ts`)!);
    expect([resource, pmid, db].map((d) => isPlaceholder(d!))).toEqual([true, true, false]);
    const given = run(BASE, { name: 'demo_article', description: 'One article.', param: ['pmid:string:Its id'] });
    expect(descriptions(given.tree.read(`${RES}/demo-article.resource.ts`)!)).toEqual(['One article.', 'Its id']);
  });

  it('a --param that is not a variable of --uri contradicts it: OPTION_INVALID, nothing written', () => {
    const { tree, project: p } = project(BASE);
    const e = refusal(() =>
      addResourceGenerator(
        tree,
        p,
        { name: 'demo_item', uri: 'demo://items/{itemId}', param: ['id:string:The id'], devcheck: false },
        FEATURES_0_10,
      ),
    );
    expect(e.code).toBe('OPTION_INVALID');
    expect(e.message).toBe(
      "--param 'id:string:The id' contradicts --uri demo://items/{itemId}: the template has {itemId}, not {id}.",
    );
    expect(tree.changes()).toEqual([]);
  });

  it('a non-string or optional --param is refused: URI variables are present strings', () => {
    for (const param of ['count:number:How many', 'tags:string[]:Tags', 'pmid:string?:Its id']) {
      const e = refusal(() => run(BASE, { name: 'demo_article', param: [param] }));
      expect(e.code, param).toBe('OPTION_INVALID');
      expect(e.message, param).toContain(`--param '${param}'`);
    }
  });
});

describe('--service', () => {
  it('the handler reads through fetchRecord(<first variable>, ctx); the test stubs the service', () => {
    const { tree, problems } = run(withService(), {
      name: 'demo_article',
      service: 'ncbi',
      param: ['pmid:string:PubMed id of the article'],
    });
    expect(problems).toEqual([]);
    const def = tree.read(`${RES}/demo-article.resource.ts`)!;
    expect(def).toContain("import { getNcbiService } from '@/services/ncbi/ncbi-service.js';");
    expect(def).toContain('      const record = await getNcbiService().fetchRecord(params.pmid, ctx);');
    // The variable becomes part of a storage key: checked by the schema.
    expect(def).toContain(
      "      pmid: z\n        .string()\n        .regex(/^[A-Za-z0-9_-]{1,64}$/)\n        .describe('PubMed id of the article'),",
    );
    const test = tree.read('tests/resources/demo-article.resource.test.ts')!;
    expect(test).toContain(
      [
        "import { demoArticleResource } from '@/mcp-server/resources/definitions/demo-article.resource.js';",
        "import { getNcbiService, initNcbiService } from '@/services/ncbi/ncbi-service.js';",
      ].join('\n'),
    );
    // The service is made as setup() makes it, and answers as fetchRecord() declares: the test
    // runs the handler, never the service.
    expect(test).toContain('    initNcbiService(parseConfig());\n');
    expect(test).not.toContain('createInMemoryStorage');
    expect(test).toContain(
      "    vi.spyOn(getNcbiService(), 'fetchRecord').mockResolvedValue({\n      fetchedAt: 'example-fetched-at',\n",
    );
    expect(test).toContain('    expect(getNcbiService().fetchRecord).toHaveBeenCalledWith(example.params.pmid, ctx);');
    // A record it does not find is the declared not_found.
    expect(test).toContain("    vi.spyOn(getNcbiService(), 'fetchRecord').mockResolvedValue(undefined);");
    expect(test).toContain("      code: JsonRpcErrorCode.NotFound,\n      data: { reason: 'not_found' },");
    expect(test).toContain("definition.params!.safeParse({ ...example.params, pmid: 'not/an id' })");
  });

  it('with several variables, the first is the id and a note says so', () => {
    const { tree, result } = run(withService(), {
      name: 'demo_article',
      service: 'ncbi',
      uri: 'demo://{pmid}/versions/{version}',
    });
    expect(result.notes).toContain('The handler passes {pmid} to getNcbiService().fetchRecord(id, ctx).');
    expect(tree.read(`${RES}/demo-article.resource.ts`)).toContain('fetchRecord(params.pmid, ctx)');
  });

  it('a service that does not exist: SERVICE_MISSING naming the command, as for add tool', () => {
    const e = refusal(() => run(BASE, { name: 'demo_article', service: 'ncbi' }));
    expect(e.code).toBe('SERVICE_MISSING');
    expect(e.hint).toBe('Run `mcp-scaffold add service ncbi` first, then add the resource.');
  });

  it('a template without variables has nothing to pass to fetchRecord: OPTION_INVALID', () => {
    const e = refusal(() => run(withService(), { name: 'demo_status', service: 'ncbi', uri: 'demo://status' }));
    expect(e.code).toBe('OPTION_INVALID');
    expect(e.message).toContain('needs a URI variable to pass to fetchRecord(id, ctx)');
  });

  it('a framework without createInMemoryStorage cannot test a storage service: FRAMEWORK_UNSUPPORTED unless --no-test', () => {
    const old: FrameworkFeatures = { ...FEATURES_0_10, version: '0.3.0', inMemoryStorage: 'mcpTest' };
    const stored = withNcbiService(BASE, { storage: true });
    expect(refusal(() => run(stored, { name: 'demo_article', service: 'ncbi' }, old)).code).toBe(
      'FRAMEWORK_UNSUPPORTED',
    );
    expect(run(stored, { name: 'demo_article', service: 'ncbi', test: false }, old).problems).toEqual([]);
    // A service without storage needs none in the test.
    expect(run(withService(), { name: 'demo_article', service: 'ncbi' }, old).problems).toEqual([]);
    const test = run(stored, { name: 'demo_article', service: 'ncbi' }).tree.read(
      'tests/resources/demo-article.resource.test.ts',
    );
    expect(test).toContain('    initNcbiService(parseConfig(), createInMemoryStorage());\n');
  });
});

describe('--service with an init a test cannot call', () => {
  it('refused with a test (UNSUPPORTED_LAYOUT), written with --no-test', () => {
    const edited = withNcbiInitTaking(withService(), 'config: AppConfig, http: Http');
    const e = refusal(() => run(edited, { name: 'demo_article', service: 'ncbi' }));
    expect(e.code).toBe('UNSUPPORTED_LAYOUT');
    expect(e.message).toContain('initNcbiService() takes http: Http, which a test cannot make.');
    expect(run(edited, { name: 'demo_article', service: 'ncbi', test: false }).problems).toEqual([]);
  });
});

describe('--output', () => {
  const file = (tree: ReturnType<typeof run>['tree'], name: string) => tree.read(`${RES}/${name}.resource.ts`) ?? '';
  const test = (tree: ReturnType<typeof run>['tree'], name: string) =>
    tree.read(`tests/resources/${name}.resource.test.ts`) ?? '';

  it('on the service: described zod fields, each filled from the record, a variable or an empty value', () => {
    const { tree } = run(withService(), {
      name: 'demo_article',
      service: 'ncbi',
      param: ['pmid:string:PubMed id'],
      output: ['title:string:Article title', 'authors:string[]:Author names', 'pmid:string:The id', 'year:integer?'],
    });
    const text = file(tree, 'demo-article');
    expect(text).toContain("      title: z.string().describe('Article title'),");
    expect(text).toContain("      authors: z.array(z.string()).describe('Author names'),");
    expect(text).toContain("      year: z.number().int().optional().describe('TODO: Year: say what it holds.'),");
    expect(text).toContain('const record = await getNcbiService().fetchRecord(params.pmid, ctx);');
    expect(text).toContain(
      [
        '      if (!record) {',
        "        throw ctx.fail('not_found', `No record ${params.pmid}.`, ctx.recoveryFor('not_found'));",
        '      }',
      ].join('\n'),
    );
    expect(text).toContain(
      [
        '      return {',
        '        title: record.title,',
        '        // STAND-IN: nothing fills authors yet: return the real value.',
        '        authors: [],',
        '        pmid: params.pmid,',
        '        // STAND-IN: nothing fills year yet: return the real value.',
        '        year: 0,',
        '      };',
      ].join('\n'),
    );
    expect(text).not.toContain('fetchedAt');
    const t = test(tree, 'demo-article');
    expect(t).toContain("expect(Object.keys(result).sort()).toEqual(['authors', 'pmid', 'title', 'year']);");
    expect(t).toContain('initNcbiService(parseConfig());');
  });

  it('an object typed with braces: a named schema above the definition, an empty value of its shape', () => {
    const { tree } = run(BASE, {
      name: 'demo_note',
      uri: 'demo://notes/{noteId}',
      output: ['author:object{name:string:Full name,role:enum(owner|guest),links:string[]?}:Who wrote it'],
    });
    const text = file(tree, 'demo-note');
    expect(text).toContain(
      [
        'const AuthorSchema = z.object({',
        "  name: z.string().describe('Full name'),",
        "  role: z.enum(['owner', 'guest']).describe('TODO: Role: say what it holds.'),",
        "  links: z.array(z.string()).optional().describe('TODO: Links: say what it holds.'),",
        '});',
        '',
        'export const demoNoteResource = resource(',
      ].join('\n'),
    );
    expect(text).toContain("      author: AuthorSchema.describe('Who wrote it'),");
    expect(text).toContain("        author: { name: '', role: 'owner' as const },");
  });

  it('without a service: the uri, a variable, and typed empty values (an enum kept to its type)', () => {
    const { tree } = run(BASE, {
      name: 'demo_note',
      uri: 'demo://notes/{noteId}',
      output: ['noteId:string:Which note', 'uri:string:Where', 'status:enum(draft|live):State', 'meta:object:Extra'],
    });
    const text = file(tree, 'demo-note');
    expect(text).toContain("      status: z.enum(['draft', 'live']).describe('State'),");
    expect(text).toContain('        noteId: params.noteId,');
    expect(text).toContain("        uri: ctx.uri?.href ?? '',");
    expect(text).toContain("        status: 'draft' as const,");
    expect(text).toContain('        meta: {},');
    expect(text).not.toContain('variables: z');
    expect(test(tree, 'demo-note')).toContain(
      "expect(Object.keys(result).sort()).toEqual(['meta', 'noteId', 'status', 'uri']);",
    );
  });

  it('a bad field is refused with OPTION_INVALID, nothing written', () => {
    const { tree, project: p } = project(BASE);
    const e = refusal(() =>
      addResourceGenerator(tree, p, { name: 'demo_note', output: ['x:uuid'], devcheck: false }, FEATURES_0_10),
    );
    expect(e.code).toBe('OPTION_INVALID');
    expect(tree.changes()).toEqual([]);
  });
});
