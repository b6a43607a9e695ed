/**
 * The request a coding agent was given (issue 10): a PubMed service with search and fetch, a search
 * tool and a fetch tool on it, a resource on the service, and a prompt about one article, made with
 * `add` and typed fields only. The shapes written must be the ones the request needs, so that only
 * the service's upstream calls are left to write. In memory; that the code compiles, lints and
 * passes its tests on each framework line is the framework matrix's job.
 */

import { describe, expect, it } from 'vitest';
import { addPromptGenerator } from '../../src/kinds/prompt/generator.js';
import { addResourceGenerator } from '../../src/kinds/resource/generator.js';
import { addServiceGenerator } from '../../src/kinds/service/generator.js';
import { addToolGenerator } from '../../src/kinds/tool/generator.js';
import { FEATURES_0_12 } from '../helpers/framework.js';
import { FRESH_SERVER, PACKAGE_JSON, project } from '../helpers/projects.js';

const files = {
  ...FRESH_SERVER,
  'package.json': PACKAGE_JSON.replace('"name": "demo"', '"name": "pubmed-mcp-server"'),
};

function grow() {
  const { tree, project: p } = project(files);
  const run = { devcheck: false };
  addServiceGenerator(tree, p, { ...run, name: 'ncbi', description: 'Wraps the NCBI E-utilities API.' }, FEATURES_0_12);
  addToolGenerator(
    tree,
    p,
    {
      ...run,
      name: 'pubmed_search_articles',
      service: 'ncbi',
      description: 'Search PubMed for articles matching a query.',
      input: ['query:string:PubMed query, e.g. "asthma[mesh] AND 2020[dp]"', 'limit:integer?:At most this many'],
      output: ['items:object[]:The matching articles', 'totalCount:integer:How many PubMed holds in all'],
    },
    FEATURES_0_12,
  );
  addToolGenerator(
    tree,
    p,
    { ...run, name: 'pubmed_fetch_article', service: 'ncbi', description: 'Fetch one PubMed article by PMID.' },
    FEATURES_0_12,
  );
  addResourceGenerator(
    tree,
    p,
    {
      ...run,
      name: 'pubmed-article',
      service: 'ncbi',
      description: 'One PubMed article.',
      param: ['pmid:string:PubMed id of the article'],
    },
    FEATURES_0_12,
  );
  addPromptGenerator(tree, p, {
    ...run,
    name: 'pubmed_summarize_article',
    description: 'Summarize one article.',
    arg: ['pmid:string:PubMed id of the article'],
  });
  return tree;
}

describe('the PubMed request, done with add and typed fields', () => {
  const tree = grow();
  const read = (path: string) => tree.read(path) ?? '';

  it('the search tool takes the query and limit typed, returns the list, and calls the service search', () => {
    const tool = read('src/mcp-server/tools/definitions/pubmed-search-articles.tool.ts');
    expect(tool).toMatch(/query: z\s*\.string\(\)/);
    expect(tool).toContain('PubMed query, e.g. "asthma[mesh] AND 2020[dp]"');
    expect(tool).toMatch(/limit: z\s*\.number\(\)\s*\.int\(\)/);
    expect(tool).toMatch(/items: z\s*\.array\(/);
    expect(tool).toContain('.search(');
    expect(tool).not.toContain('fetchRecord');
    expect(tool).toContain('openWorldHint: true');
  });

  it('the fetch tool takes an id and calls fetchRecord', () => {
    const tool = read('src/mcp-server/tools/definitions/pubmed-fetch-article.tool.ts');
    expect(tool).toMatch(/\bid: z/);
    expect(tool).toContain('.fetchRecord(');
    expect(tool).not.toMatch(/\bquery: z/);
  });

  it('the service has both methods, each once', () => {
    const service = read('src/services/ncbi/ncbi-service.ts');
    expect(service.match(/\n {2}(?:async )?search\(/g)).toHaveLength(1);
    expect(service.match(/\n {2}(?:async )?fetchRecord\(/g)).toHaveLength(1);
  });

  it('the resource reads the article through the service by its pmid', () => {
    const resource = read('src/mcp-server/resources/definitions/pubmed-article.resource.ts');
    expect(resource).toContain('{pmid}');
    expect(resource).toContain('PubMed id of the article');
    expect(resource).toMatch(/fetchRecord\(params\.pmid, ctx\)/);
  });

  it('the prompt takes the article, not fixed topic/focus placeholders', () => {
    const prompt = read('src/mcp-server/prompts/definitions/pubmed-summarize-article.prompt.ts');
    expect(prompt).toContain('pmid');
    expect(prompt).not.toMatch(/\btopic\b|\bfocus\b/);
  });

  it('all five are registered, and nothing typed is left as a placeholder', () => {
    const index = read('src/index.ts');
    for (const name of [
      'pubmedSearchArticlesTool',
      'pubmedFetchArticleTool',
      'pubmedArticleResource',
      'pubmedSummarizeArticlePrompt',
    ]) {
      expect(index).toContain(name);
    }
    for (const path of [
      'src/mcp-server/tools/definitions/pubmed-search-articles.tool.ts',
      'src/mcp-server/resources/definitions/pubmed-article.resource.ts',
      'src/mcp-server/prompts/definitions/pubmed-summarize-article.prompt.ts',
    ]) {
      expect(read(path)).not.toContain('TODO:');
    }
  });
});
