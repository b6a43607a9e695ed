/**
 * A project's files can hold text a terminal acts on: a definition named with escape sequences
 * (a window title set, the screen cleared, a right-to-left override). `list` shows them as their
 * escapes, in its table and in the error that names the definition; --json keeps the name as is.
 * Colour codes from a file are shown too: the only ones printed are those mcp-scaffold adds.
 */

import { describe, expect, it } from 'vitest';
import { makeProject, spawnCli } from './support.js';

/** The name as the file's string literal spells it, and as it is once evaluated. */
const SPELLED = 'demo_\\u001b]0;pwned\\u0007\\u001b[2J\\u202eevil_tool';
const NAME = 'demo_\u001b]0;pwned\u0007\u001b[2J\u202eevil_tool';
const SHOWN = 'demo_\\x1b]0;pwned\\x07\\x1b[2J\\u202eevil_tool';
/** Whether the text holds a character a terminal acts on (a control but line feed and tab), or a bidi control. */
const actedOn = (text: string) =>
  [...text].some((c) => {
    const cp = c.codePointAt(0)!;
    const control = (cp < 0x20 && c !== '\n' && c !== '\t') || (cp >= 0x7f && cp <= 0x9f);
    const bidi =
      cp === 0x61c ||
      cp === 0x200e ||
      cp === 0x200f ||
      (cp >= 0x202a && cp <= 0x202e) ||
      (cp >= 0x2066 && cp <= 0x2069);
    return control || bidi;
  });

const root = makeProject({
  // Not registered: `list` fails and its error names the definition.
  'src/mcp-server/tools/definitions/evil.tool.ts': `import { tool } from '@cyanheads/mcp-ts-core';\nexport const evilTool = tool('${SPELLED}', {} as never);\n`,
});
/** Text made invisible (SGR 8, conceal), then shown again: what a file could hide from a reader. */
const CONCEAL = '\u001b[8m';
const concealing = makeProject({
  'src/mcp-server/tools/definitions/hidden.tool.ts': `import { tool } from '@cyanheads/mcp-ts-core';\nexport const hiddenTool = tool('demo_\\u001b[8mhidden\\u001b[0m_tool', {} as never);\n`,
  // A line beside the one `add` changes: a dry run's diff shows it as context.
  'src/index.ts': `import { createApp } from '@cyanheads/mcp-ts-core';
import { echoTool } from './mcp-server/tools/definitions/echo.tool.js';
import { hiddenTool } from './mcp-server/tools/definitions/hidden.tool.js';

await createApp({
  name: 'demo', // ${CONCEAL}secret${'\u001b[0m'}
  tools: [echoTool, hiddenTool],
});
`,
});

describe('text from the project that a terminal would act on', () => {
  it('list shows it as escapes, in the table and in the error; --json keeps the name', async () => {
    const r = await spawnCli(['list', '--cwd', root]);
    expect(r.status, r.stderr).toBe(1);
    expect(r.stdout).toContain(SHOWN);
    expect(r.stderr).toContain(`UNREGISTERED`);
    expect(r.stderr).toContain(SHOWN);
    expect(actedOn(r.stdout)).toBe(false);
    expect(actedOn(r.stderr)).toBe(false);
    const json = await spawnCli(['list', '--json', '--cwd', root]);
    const out = JSON.parse(json.stdout) as { definitions: { name: string }[] };
    expect(out.definitions.map((d) => d.name)).toContain(NAME);
  });

  it.each<[string, NodeJS.ProcessEnv]>([
    ['without colour', { NO_COLOR: '1' }],
    ['with colour', { NO_COLOR: '', FORCE_COLOR: '1' }],
  ])('a colour code from a file is shown as its escape, %s: in list and in a dry run diff', async (_, env) => {
    const listed = await spawnCli(['list', '--cwd', concealing], env);
    expect(listed.status, listed.stderr).toBe(0);
    expect(listed.stdout).toContain('demo_\\x1b[8mhidden\\x1b[0m_tool');
    const dry = await spawnCli(
      ['add', 'tool', 'demo_find_items', '--dry-run', '--no-devcheck', '--cwd', concealing],
      env,
    );
    expect(dry.status, dry.stderr).toBe(0);
    expect(dry.stdout).toContain('\\x1b[8msecret\\x1b[0m');
    for (const out of [listed.stdout, listed.stderr, dry.stdout, dry.stderr]) expect(out).not.toContain(CONCEAL);
    if (env.FORCE_COLOR) expect(listed.stdout).toContain('\u001b[36m'); // the table's own colour is kept
  });
});
