import { describe, expect, it } from 'vitest';
import { addArrayProperty, ensureArrayElement, relaidArray, relaidNamedList } from '../../src/ts/array-edits.js';
import { arrayFacts, objectFacts } from '../../src/ts/module-facts.js';
import { applyEdits } from '../../src/ts/text-edits.js';
import { parseSource, type TsMorph, tsMorph } from '../../src/ts/ts-morph.js';

const L = (...lines: string[]) => lines.join('\n');
/** `lines` as the body of a multi-line createApp({...}) call. */
const app = (...lines: string[]) => L('await createApp({', ...lines, '});', '');

/** The first array literal in `source`. */
function firstArray(source: string): TsMorph.ArrayLiteralExpression {
  const { SyntaxKind } = tsMorph();
  return parseSource('src/index.ts', source).getFirstDescendantByKindOrThrow(SyntaxKind.ArrayLiteralExpression);
}

/** Appends `name` to the first array in `source`, and checks a second pass changes nothing. */
function addElement(source: string, name: string, lineWidth?: number): string {
  const out = applyEdits(source, ensureArrayElement(source, arrayFacts(firstArray(source)), name, lineWidth));
  expect(ensureArrayElement(out, arrayFacts(firstArray(out)), name, lineWidth)).toEqual([]);
  return out;
}

/** Adds `key: [name]` to the first object literal in `source`. */
function addProperty(source: string, key: string, name: string, before: string[] = ['resources', 'prompts']): string {
  const { SyntaxKind } = tsMorph();
  const object = parseSource('src/index.ts', source).getFirstDescendantByKindOrThrow(
    SyntaxKind.ObjectLiteralExpression,
  );
  return applyEdits(source, addArrayProperty(source, objectFacts(object), key, name, before));
}

describe('ensureArrayElement', () => {
  it('fills an empty array', () => {
    expect(addElement('await createApp({ tools: [] });\n', 'aTool')).toBe('await createApp({ tools: [aTool] });\n');
  });

  it('appends to a one-line array', () => {
    expect(addElement(app('  tools: [echoTool, echoAppTool],'), 'aTool')).toBe(
      app('  tools: [echoTool, echoAppTool, aTool],'),
    );
  });

  it('keeps a one-line array on one line up to width 100 inclusive', () => {
    // "  tools: [" (10) + 4 × "bTool0?, " … sized to land exactly on 100 columns.
    const names = ['alphaTool', 'bravoTool', 'charlieTool', 'deltaTool', 'echoTool', 'foxtrotTool', 'golfTool'];
    const before = `  tools: [${names.join(', ')}],`;
    const added = 'x'.repeat(100 - before.length - 2);
    const after = `  tools: [${[...names, added].join(', ')}],`;
    expect(after.length).toBe(100);
    expect(addElement(app(before), added)).toBe(app(after));
    expect(addElement(app(before), `${added}x`)).toBe(
      app('  tools: [', ...[...names, `${added}x`].map((n) => `    ${n},`), '  ],'),
    );
  });

  it('lays a one-line array that outgrows width 100 out one element per line, with trailing commas', () => {
    const source = L(
      'await createApp({',
      "  name: 'demo',",
      '  tools: [echoTool, echoAppTool, acmeFindItemsTool, acmeGetItemTool, acmeListCategoriesTool],',
      '});',
      '',
    );
    expect(addElement(source, 'acmeSearchTool')).toBe(
      L(
        'await createApp({',
        "  name: 'demo',",
        '  tools: [',
        '    echoTool,',
        '    echoAppTool,',
        '    acmeFindItemsTool,',
        '    acmeGetItemTool,',
        '    acmeListCategoriesTool,',
        '    acmeSearchTool,',
        '  ],',
        '});',
        '',
      ),
    );
  });

  it('breaks a one-line createApp({...}) object first, as Biome does, then the array if still too wide', () => {
    expect(addElement("await createApp({ name: 'demo', tools: [aTool, bTool] });\n", 'cTool', 40)).toBe(
      L('await createApp({', "  name: 'demo',", '  tools: [aTool, bTool, cTool],', '});', ''),
    );
    expect(addElement("await createApp({ name: 'demo', tools: [aTool, bTool] });\n", 'cTool', 30)).toBe(
      L(
        'await createApp({',
        "  name: 'demo',",
        '  tools: [',
        '    aTool,',
        '    bTool,',
        '    cTool,',
        '  ],',
        '});',
        '',
      ),
    );
    // Not the last argument of a call: Biome would not hug it, so only the array is laid out.
    expect(addElement('f({ tools: [aTool, bTool] }, 1);\n', 'cTool', 30)).toBe(
      L('f({ tools: [', '  aTool,', '  bTool,', '  cTool,', '] }, 1);', ''),
    );
  });

  it('breaks at the project’s line width', () => {
    expect(addElement('const tools = [aTool, bTool];\n', 'cTool', 30)).toBe(
      L('const tools = [', '  aTool,', '  bTool,', '  cTool,', '];', ''),
    );
  });

  it('appends to a multi-line array with a trailing comma', () => {
    expect(addElement(app('  tools: [', '    echoTool,', '    echoAppTool,', '  ],'), 'aTool')).toBe(
      app('  tools: [', '    echoTool,', '    echoAppTool,', '    aTool,', '  ],'),
    );
  });

  it('appends to a multi-line array without a trailing comma, following its style', () => {
    expect(addElement(app('  tools: [', '    echoTool,', '    echoAppTool', '  ],'), 'aTool')).toBe(
      app('  tools: [', '    echoTool,', '    echoAppTool,', '    aTool', '  ],'),
    );
  });

  it('keeps a trailing // comment on the line of the element it follows', () => {
    expect(addElement(app('  tools: [', '    echoTool,', '    echoAppTool, // the UI demo', '  ],'), 'aTool')).toBe(
      app('  tools: [', '    echoTool,', '    echoAppTool, // the UI demo', '    aTool,', '  ],'),
    );
    expect(addElement(app('  tools: [', '    echoTool,', '    echoAppTool // the UI demo', '  ],'), 'aTool')).toBe(
      app('  tools: [', '    echoTool,', '    echoAppTool, // the UI demo', '    aTool', '  ],'),
    );
  });

  it('keeps label and commented-out lines where they are', () => {
    expect(addElement(app('  tools: [', '    // Tools', '    echoTool,', '    // oldTool,', '  ],'), 'aTool')).toBe(
      app('  tools: [', '    // Tools', '    echoTool,', '    aTool,', '    // oldTool,', '  ],'),
    );
  });

  it('fills a multi-line array that holds only comments', () => {
    expect(addElement(app('  tools: [', '    // echoTool,', '  ],'), 'aTool')).toBe(
      app('  tools: [', '    // echoTool,', '    aTool,', '  ],'),
    );
  });

  it('fills an empty multi-line array', () => {
    expect(addElement(L('const tools = [', '];', ''), 'aTool')).toBe(L('const tools = [', '  aTool,', '];', ''));
  });

  it('keeps a conditional spread at the end: the new entry goes before it', () => {
    expect(addElement('const tools = [aTool, bTool, ...(config.extraEnabled ? [cTool, dTool] : [])];\n', 'eTool')).toBe(
      'const tools = [aTool, bTool, eTool, ...(config.extraEnabled ? [cTool, dTool] : [])];\n',
    );
    expect(
      addElement(L('const tools = [', '  aTool,', '  ...(config.extraEnabled ? [cTool] : []),', '];', ''), 'eTool'),
    ).toBe(L('const tools = [', '  aTool,', '  eTool,', '  ...(config.extraEnabled ? [cTool] : []),', '];', ''));
    expect(addElement(L('const tools = [', '  ...(flag && [cTool]),', '];', ''), 'eTool')).toBe(
      L('const tools = [', '  eTool,', '  ...(flag && [cTool]),', '];', ''),
    );
    expect(addElement('const tools = [...(flag ? [cTool] : [])];\n', 'eTool')).toBe(
      'const tools = [eTool, ...(flag ? [cTool] : [])];\n',
    );
  });

  it('is idempotent', () => {
    const source = app('  tools: [', '    echoTool,', '    aTool,', '  ],');
    expect(ensureArrayElement(source, arrayFacts(firstArray(source)), 'aTool')).toEqual([]);
    expect(ensureArrayElement('[aTool]', arrayFacts(firstArray('[aTool]')), 'aTool')).toEqual([]);
  });

  it('keeps CRLF line endings', () => {
    expect(addElement(app('  tools: [', '    echoTool,', '  ],').replaceAll('\n', '\r\n'), 'aTool')).toBe(
      app('  tools: [', '    echoTool,', '    aTool,', '  ],').replaceAll('\n', '\r\n'),
    );
  });

  it('follows tab indentation', () => {
    expect(addElement(L('const tools = [', '\taTool,', '];', ''), 'bTool')).toBe(
      L('const tools = [', '\taTool,', '\tbTool,', '];', ''),
    );
    expect(addElement(L('{', '\tconst tools = [aTool, bTool];', '}', ''), 'cTool', 30)).toBe(
      L('{', '\tconst tools = [', '\t\taTool,', '\t\tbTool,', '\t\tcTool,', '\t];', '}', ''),
    );
  });
});

describe('addArrayProperty', () => {
  it('adds the key before resources in a multi-line object', () => {
    expect(
      addProperty(
        L('await createApp({', "  name: 'demo',", '  resources: [echoResource],', '});', ''),
        'tools',
        'aTool',
      ),
    ).toBe(L('await createApp({', "  name: 'demo',", '  tools: [aTool],', '  resources: [echoResource],', '});', ''));
  });

  it('adds the key before prompts when there is no resources key', () => {
    expect(
      addProperty(L('await createApp({', "  name: 'demo',", '  prompts: [echoPrompt],', '});', ''), 'tools', 'aTool'),
    ).toBe(L('await createApp({', "  name: 'demo',", '  tools: [aTool],', '  prompts: [echoPrompt],', '});', ''));
  });

  it('keeps a // Resources label with the property it labels', () => {
    const source = L(
      'await createApp({',
      "  name: 'demo',",
      '  // Resources',
      '  resources: [echoResource],',
      '});',
      '',
    );
    expect(addProperty(source, 'tools', 'aTool')).toBe(
      L(
        'await createApp({',
        "  name: 'demo',",
        '  tools: [aTool],',
        '  // Resources',
        '  resources: [echoResource],',
        '});',
        '',
      ),
    );
  });

  it('adds the key after the last property when nothing it must precede is there', () => {
    expect(addProperty(L('await createApp({', "  name: 'demo',", '});', ''), 'prompts', 'aPrompt', [])).toBe(
      L('await createApp({', "  name: 'demo',", '  prompts: [aPrompt],', '});', ''),
    );
    expect(addProperty(L('await createApp({', "  name: 'demo'", '});', ''), 'prompts', 'aPrompt', [])).toBe(
      L('await createApp({', "  name: 'demo',", '  prompts: [aPrompt]', '});', ''),
    );
    expect(
      addProperty(L('await createApp({', "  name: 'demo', // the name", '});', ''), 'prompts', 'aPrompt', []),
    ).toBe(L('await createApp({', "  name: 'demo', // the name", '  prompts: [aPrompt],', '});', ''));
  });

  it('adds the key to a one-line object', () => {
    expect(addProperty("await createApp({ name: 'demo', resources: [r] });\n", 'tools', 'aTool')).toBe(
      "await createApp({ name: 'demo', tools: [aTool], resources: [r] });\n",
    );
    expect(addProperty("await createApp({ name: 'demo' });\n", 'tools', 'aTool')).toBe(
      "await createApp({ name: 'demo', tools: [aTool] });\n",
    );
  });

  it('breaks a one-line object that the new key pushes past the line width', () => {
    const { SyntaxKind } = tsMorph();
    const source = "await createApp({ name: 'demo', prompts: [p] });\n";
    const object = parseSource('src/index.ts', source).getFirstDescendantByKindOrThrow(
      SyntaxKind.ObjectLiteralExpression,
    );
    expect(
      applyEdits(source, addArrayProperty(source, objectFacts(object), 'tools', 'aTool', ['resources', 'prompts'], 50)),
    ).toBe(L('await createApp({', "  name: 'demo',", '  tools: [aTool],', '  prompts: [p],', '});', ''));
  });

  it('adds the key to an empty object', () => {
    expect(addProperty('await createApp({});\n', 'tools', 'aTool')).toBe('await createApp({ tools: [aTool] });\n');
    expect(addProperty('await createApp({ });\n', 'tools', 'aTool')).toBe('await createApp({ tools: [aTool] });\n');
    expect(addProperty(L('await createApp({', '});', ''), 'tools', 'aTool')).toBe(
      L('await createApp({', '  tools: [aTool],', '});', ''),
    );
  });
});

describe('laying an array or braces out again for renamed names', () => {
  /** The first array of `source`, its elements read as `texts`. */
  const relaid = (source: string, texts: string[], width = 30) => {
    const edit = relaidArray(source, arrayFacts(firstArray(source)), texts, width);
    return edit && applyEdits(source, [edit]);
  };

  it('breaks a one-line array that no longer fits, joins one over lines that does, else leaves it', () => {
    expect(relaid(app('  tools: [a, b],'), ['a', 'aVeryLongNameIndeed'])).toBe(
      app('  tools: [', '    a,', '    aVeryLongNameIndeed,', '  ],'),
    );
    expect(relaid(app('  tools: [', '    a,', '    aVeryLongNameIndeed,', '  ],'), ['a', 'b'])).toBe(
      app('  tools: [a, b],'),
    );
    expect(relaid(app('  tools: [a, b],'), ['a', 'c'])).toBeUndefined();
    expect(relaid(app('  tools: [', '    a,', '    b,', '  ],'), ['a', 'aVeryLongNameIndeed', 'x'])).toBeUndefined();
  });

  it('leaves an array with a comment, or an element over lines, as it is', () => {
    expect(relaid(app('  tools: [a /* first */, b],'), ['a', 'aVeryLongNameIndeed'])).toBeUndefined();
    const spread = app('  tools: [', '    a,', '    ...(flag', '      ? [b]', '      : []),', '  ],');
    expect(relaid(spread, ['a', '...(flag\n      ? [b]\n      : [])'], 100)).toBeUndefined();
  });

  it('breaks import braces that no longer fit, joins braces that do; one name stays on its line', () => {
    const braces = (source: string, lengths: number[], width = 50) => {
      const decl = parseSource('src/index.ts', source).getImportDeclarations()[0]!;
      const list = decl.getImportClauseOrThrow().getNamedBindingsOrThrow();
      const names = decl.getNamedImports().map((n): [number, number] => [n.getStart(), n.getEnd()]);
      return applyEdits(source, relaidNamedList(source, list.getStart(), list.getEnd() - 1, names, lengths, width));
    };
    const one = "import { a, b } from './x.js';\n";
    expect(braces(one, [1, 30])).toBe("import {\n  a,\n  b,\n} from './x.js';\n");
    expect(braces("import {\n  a,\n  b,\n} from './x.js';\n", [1, 1])).toBe(one);
    expect(braces(one, [1, 2])).toBe(one);
    expect(braces("import { a } from './x.js';\n", [60])).toBe("import { a } from './x.js';\n");
  });
});
