import { describe, expect, it } from 'vitest';
import { FRESH_INDEX, PACKAGE_JSON, project } from '../../tests/helpers/projects.js';
import { prefixedWords } from './prefixed-name.js';
import { addResourceGenerator } from './resource/generator.js';
import { addToolGenerator } from './tool/generator.js';

const suggest = (name: string, prefix: string) => prefixedWords(name.split('_'), prefix).join('_');

describe('the name a prefix warning suggests', () => {
  it('puts the prefix before a name that has none of it', () => {
    expect(suggest('search_articles', 'pubmed12')).toBe('pubmed12_search_articles');
    expect(suggest('find_items', 'acme_catalog')).toBe('acme_catalog_find_items');
  });

  it('replaces another form of the prefix instead of doubling it', () => {
    expect(suggest('pubmed_search_articles', 'pubmed12')).toBe('pubmed12_search_articles');
    expect(suggest('acme_find_items', 'acme_catalog')).toBe('acme_catalog_find_items');
    expect(suggest('pubmed12_search', 'pubmed_12')).toBe('pubmed_12_search');
    expect(suggest('pubmed12_search', 'pubmed')).toBe('pubmed_search');
    expect(suggest('acmecatalog_find_items', 'acme_catalog')).toBe('acme_catalog_find_items');
  });

  it('keeps a word that only begins like the prefix, and a last word whatever it is', () => {
    expect(suggest('pub_search', 'pubmed')).toBe('pubmed_pub_search');
    expect(suggest('pubmedcentral_search', 'pubmed')).toBe('pubmed_pubmedcentral_search');
    expect(suggest('pubmed', 'pubmed12')).toBe('pubmed12_pubmed');
  });
});

describe('the warning of an add', () => {
  const files = (name: string) => ({
    'package.json': PACKAGE_JSON.replace('"name": "demo"', `"name": "${name}"`),
    'src/index.ts': FRESH_INDEX,
  });

  it('for a tool named with the prefix in another form', () => {
    const { tree, project: p } = project(files('pubmed12-server'));
    const result = addToolGenerator(tree, p, {
      name: 'pubmed_search_articles',
      description: 'Search.',
      devcheck: false,
    });
    expect(result.warnings).toEqual([
      'The server prefix the package name pubmed12-server gives is "pubmed12_" but "pubmed_search_articles" lacks it; consider "pubmed12_search_articles".',
    ]);
  });

  it('for a resource, in its kebab-case', () => {
    const { tree, project: p } = project(files('acme-catalog'));
    const result = addResourceGenerator(tree, p, { name: 'acme-item', description: 'One item.', devcheck: false });
    expect(result.warnings).toContainEqual(
      'The server prefix the package name acme-catalog gives is "acme_catalog_" but "acme-item" lacks it; consider "acme-catalog-item".',
    );
  });
});
