import { describe, expect, it } from 'vitest';
import { ensureNamedImport, pathStyleOf } from '../../src/ts/imports.js';
import { applyEdits } from '../../src/ts/text-edits.js';
import { parseSource } from '../../src/ts/ts-morph.js';

/** Applies ensureNamedImport to `source`, then checks a second pass changes nothing. */
function addImport(source: string, name: string, specifier: string): string {
  const out = applyEdits(source, ensureNamedImport(parseSource('src/index.ts', source), name, specifier));
  expect(ensureNamedImport(parseSource('src/index.ts', out), name, specifier)).toEqual([]);
  return out;
}

const L = (...lines: string[]) => lines.join('\n');

const DEFS = './mcp-server/tools/definitions';
const SORTED = L(
  "import { createApp } from '@cyanheads/mcp-ts-core';",
  `import { bTool } from '${DEFS}/b.tool.js';`,
  `import { dTool } from '${DEFS}/d.tool.js';`,
  '',
  'await createApp({ tools: [bTool, dTool] });',
  '',
);

describe('ensureNamedImport', () => {
  it('places the import where Biome sorts it: between', () => {
    expect(addImport(SORTED, 'cTool', `${DEFS}/c.tool.js`)).toBe(
      L(
        "import { createApp } from '@cyanheads/mcp-ts-core';",
        `import { bTool } from '${DEFS}/b.tool.js';`,
        `import { cTool } from '${DEFS}/c.tool.js';`,
        `import { dTool } from '${DEFS}/d.tool.js';`,
        '',
        'await createApp({ tools: [bTool, dTool] });',
        '',
      ),
    );
  });

  it('places the import where Biome sorts it: first of the relative ones', () => {
    expect(addImport(SORTED, 'aTool', `${DEFS}/a-tool.tool.js`)).toBe(
      L(
        "import { createApp } from '@cyanheads/mcp-ts-core';",
        `import { aTool } from '${DEFS}/a-tool.tool.js';`,
        `import { bTool } from '${DEFS}/b.tool.js';`,
        `import { dTool } from '${DEFS}/d.tool.js';`,
        '',
        'await createApp({ tools: [bTool, dTool] });',
        '',
      ),
    );
  });

  it('places the import where Biome sorts it: last', () => {
    expect(addImport(SORTED, 'eTool', `${DEFS}/e.tool.js`)).toBe(
      L(
        "import { createApp } from '@cyanheads/mcp-ts-core';",
        `import { bTool } from '${DEFS}/b.tool.js';`,
        `import { dTool } from '${DEFS}/d.tool.js';`,
        `import { eTool } from '${DEFS}/e.tool.js';`,
        '',
        'await createApp({ tools: [bTool, dTool] });',
        '',
      ),
    );
  });

  it('places a package import among the packages', () => {
    expect(addImport(SORTED, 'z', 'zod')).toBe(
      L(
        "import { createApp } from '@cyanheads/mcp-ts-core';",
        "import { z } from 'zod';",
        `import { bTool } from '${DEFS}/b.tool.js';`,
        `import { dTool } from '${DEFS}/d.tool.js';`,
        '',
        'await createApp({ tools: [bTool, dTool] });',
        '',
      ),
    );
  });

  it('keeps the file header (shebang, JSDoc) on top when the import goes first', () => {
    const header = L('#!/usr/bin/env node', '/**', ' * @fileoverview demo entry point.', ' * @module index', ' */');
    expect(addImport(L(header, '', SORTED), 'readFileSync', 'node:fs')).toBe(
      L(header, '', "import { readFileSync } from 'node:fs';", SORTED),
    );
    // Also with no blank line between the header and the first import.
    expect(addImport(L(header, SORTED), 'readFileSync', 'node:fs')).toBe(
      L(header, "import { readFileSync } from 'node:fs';", SORTED),
    );
  });

  it('keeps a leading // comment with the import it describes', () => {
    const source = L(
      "import { createApp } from '@cyanheads/mcp-ts-core';",
      '// The demo tool from the template.',
      `import { echoTool } from '${DEFS}/echo.tool.js';`,
      '',
      'await createApp({ tools: [echoTool] });',
      '',
    );
    expect(addImport(source, 'aTool', `${DEFS}/a.tool.js`)).toBe(
      L(
        "import { createApp } from '@cyanheads/mcp-ts-core';",
        `import { aTool } from '${DEFS}/a.tool.js';`,
        '// The demo tool from the template.',
        `import { echoTool } from '${DEFS}/echo.tool.js';`,
        '',
        'await createApp({ tools: [echoTool] });',
        '',
      ),
    );
  });

  it('keeps both the header on top and the first import’s own comment with it', () => {
    const source = L(
      '/** @fileoverview entry. */',
      '',
      '// biome-ignore lint/x: reason',
      `import { echoTool } from '${DEFS}/echo.tool.js';`,
      '',
      'await createApp({ tools: [echoTool] });',
      '',
    );
    expect(addImport(source, 'aTool', `${DEFS}/a.tool.js`)).toBe(
      L(
        '/** @fileoverview entry. */',
        '',
        `import { aTool } from '${DEFS}/a.tool.js';`,
        '// biome-ignore lint/x: reason',
        `import { echoTool } from '${DEFS}/echo.tool.js';`,
        '',
        'await createApp({ tools: [echoTool] });',
        '',
      ),
    );
  });

  it('adds the first import of a file, below its header', () => {
    expect(
      addImport(L('/** @fileoverview x */', '', 'await createApp({});', ''), 'createApp', '@cyanheads/mcp-ts-core'),
    ).toBe(
      L(
        '/** @fileoverview x */',
        '',
        "import { createApp } from '@cyanheads/mcp-ts-core';",
        '',
        'await createApp({});',
        '',
      ),
    );
    expect(addImport(L('await createApp({});', ''), 'createApp', '@cyanheads/mcp-ts-core')).toBe(
      L("import { createApp } from '@cyanheads/mcp-ts-core';", '', 'await createApp({});', ''),
    );
    // A comment attached to the first statement stays attached to it.
    expect(
      addImport(
        L('/** @fileoverview x */', '', '// Start the server.', 'await createApp({});', ''),
        'createApp',
        '@cyanheads/mcp-ts-core',
      ),
    ).toBe(
      L(
        '/** @fileoverview x */',
        '',
        "import { createApp } from '@cyanheads/mcp-ts-core';",
        '',
        '// Start the server.',
        'await createApp({});',
        '',
      ),
    );
    expect(addImport('', 'a', './a.js')).toBe("import { a } from './a.js';\n");
    expect(addImport('// only a comment', 'a', './a.js')).toBe("// only a comment\nimport { a } from './a.js';\n");
  });

  it('adds the name to an existing import of the same module, in order', () => {
    const source = L("import { bTool, dTool } from './barrel.js';", '');
    expect(addImport(source, 'aTool', './barrel.js')).toBe(L("import { aTool, bTool, dTool } from './barrel.js';", ''));
    expect(addImport(source, 'cTool', './barrel.js')).toBe(L("import { bTool, cTool, dTool } from './barrel.js';", ''));
    expect(addImport(source, 'eTool', './barrel.js')).toBe(L("import { bTool, dTool, eTool } from './barrel.js';", ''));
  });

  it('adds the name to a multi-line import of the same module one per line', () => {
    const source = L('import {', '  bTool,', '  dTool,', "} from './barrel.js';", '');
    expect(addImport(source, 'cTool', './barrel.js')).toBe(
      L('import {', '  bTool,', '  cTool,', '  dTool,', "} from './barrel.js';", ''),
    );
    expect(addImport(source, 'aTool', './barrel.js')).toBe(
      L('import {', '  aTool,', '  bTool,', '  dTool,', "} from './barrel.js';", ''),
    );
    expect(addImport(source, 'eTool', './barrel.js')).toBe(
      L('import {', '  bTool,', '  dTool,', '  eTool,', "} from './barrel.js';", ''),
    );
    const noTrailingComma = L('import {', '  bTool,', '  dTool', "} from './barrel.js';", '');
    expect(addImport(noTrailingComma, 'eTool', './barrel.js')).toBe(
      L('import {', '  bTool,', '  dTool,', '  eTool', "} from './barrel.js';", ''),
    );
    expect(addImport(noTrailingComma, 'cTool', './barrel.js')).toBe(
      L('import {', '  bTool,', '  cTool,', '  dTool', "} from './barrel.js';", ''),
    );
  });

  it('does not add a value name to a type-only import', () => {
    expect(addImport(L("import type { X } from './x.js';", ''), 'x', './x.js')).toBe(
      L("import type { X } from './x.js';", "import { x } from './x.js';", ''),
    );
  });

  it('is idempotent', () => {
    const once = addImport(SORTED, 'cTool', `${DEFS}/c.tool.js`);
    expect(addImport(once, 'cTool', `${DEFS}/c.tool.js`)).toBe(once);
    expect(ensureNamedImport(parseSource('src/index.ts', SORTED), 'bTool', `${DEFS}/b.tool.js`)).toEqual([]);
  });

  it('keeps a CRLF file CRLF', () => {
    const crlf = SORTED.replaceAll('\n', '\r\n');
    expect(addImport(crlf, 'cTool', `${DEFS}/c.tool.js`)).toBe(
      L(
        "import { createApp } from '@cyanheads/mcp-ts-core';",
        `import { bTool } from '${DEFS}/b.tool.js';`,
        `import { cTool } from '${DEFS}/c.tool.js';`,
        `import { dTool } from '${DEFS}/d.tool.js';`,
        '',
        'await createApp({ tools: [bTool, dTool] });',
        '',
      ).replaceAll('\n', '\r\n'),
    );
    expect(addImport(crlf, 'eTool', `${DEFS}/e.tool.js`)).toBe(
      L(
        "import { createApp } from '@cyanheads/mcp-ts-core';",
        `import { bTool } from '${DEFS}/b.tool.js';`,
        `import { dTool } from '${DEFS}/d.tool.js';`,
        `import { eTool } from '${DEFS}/e.tool.js';`,
        '',
        'await createApp({ tools: [bTool, dTool] });',
        '',
      ).replaceAll('\n', '\r\n'),
    );
    expect(addImport('await createApp({});\r\n', 'createApp', '@cyanheads/mcp-ts-core')).toBe(
      "import { createApp } from '@cyanheads/mcp-ts-core';\r\n\r\nawait createApp({});\r\n",
    );
  });

  it('writes double quotes in a file that uses them', () => {
    const source = SORTED.replaceAll("'", '"');
    expect(addImport(source, 'cTool', `${DEFS}/c.tool.js`)).toBe(
      L(
        'import { createApp } from "@cyanheads/mcp-ts-core";',
        `import { bTool } from "${DEFS}/b.tool.js";`,
        `import { cTool } from "${DEFS}/c.tool.js";`,
        `import { dTool } from "${DEFS}/d.tool.js";`,
        '',
        'await createApp({ tools: [bTool, dTool] });',
        '',
      ),
    );
  });

  it('joins the alias imports when the new one is an alias import', () => {
    const source = L(
      "import { createApp } from '@cyanheads/mcp-ts-core';",
      "import { bTool } from '@/mcp-server/tools/definitions/b.tool.js';",
      '',
      'await createApp({ tools: [bTool] });',
      '',
    );
    expect(addImport(source, 'aTool', '@/mcp-server/tools/definitions/a.tool.js')).toBe(
      L(
        "import { createApp } from '@cyanheads/mcp-ts-core';",
        "import { aTool } from '@/mcp-server/tools/definitions/a.tool.js';",
        "import { bTool } from '@/mcp-server/tools/definitions/b.tool.js';",
        '',
        'await createApp({ tools: [bTool] });',
        '',
      ),
    );
  });
});

describe('adding a name to an existing import list', () => {
  const BARREL = './mcp-server/tools/definitions/index.js';

  it('stays on one line while it fits the width', () => {
    const source = L(`import { bTool, dTool } from '${BARREL}';`, '');
    expect(addImport(source, 'cTool', BARREL)).toBe(L(`import { bTool, cTool, dTool } from '${BARREL}';`, ''));
  });

  it('is laid out one name per line, as Biome does, once it outgrows the width', () => {
    const source = L(`import { acmeGetItemTool, acmeListItemsTool } from '${BARREL}';`, '');
    expect(source.length).toBeLessThanOrEqual(101);
    expect(addImport(source, 'acmeFindItemsTool', BARREL)).toBe(
      L('import {', '  acmeFindItemsTool,', '  acmeGetItemTool,', '  acmeListItemsTool,', `} from '${BARREL}';`, ''),
    );
    // At a wider width it stays on one line.
    const sf = parseSource('src/index.ts', source);
    expect(applyEdits(source, ensureNamedImport(sf, 'acmeFindItemsTool', BARREL, 120))).toBe(
      L(`import { acmeFindItemsTool, acmeGetItemTool, acmeListItemsTool } from '${BARREL}';`, ''),
    );
  });

  it('keeps a list holding a comment as it is laid out', () => {
    const source = L(`import { acmeGetItemTool, /* legacy */ acmeListItemsTool } from '${BARREL}';`, '');
    expect(addImport(source, 'acmeZapTool', BARREL)).toBe(
      L(`import { acmeGetItemTool, /* legacy */ acmeListItemsTool, acmeZapTool } from '${BARREL}';`, ''),
    );
  });
});

describe('pathStyleOf', () => {
  it('tells relative from alias imports, the majority winning', () => {
    expect(pathStyleOf(parseSource('a.ts', SORTED))).toBe('relative');
    expect(
      pathStyleOf(
        parseSource('a.ts', "import { a } from '@/a.js';\nimport { b } from '@/b.js';\nimport { c } from './c.js';\n"),
      ),
    ).toBe('alias');
    expect(pathStyleOf(parseSource('a.ts', "import { z } from 'zod';\n"))).toBeUndefined();
  });
});
