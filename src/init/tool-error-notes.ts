/**
 * How a failing tool reaches the stock SDK client: the framework declares the error envelope in
 * each tool's outputSchema from 0.12.0, and before that the 1.x client throws on the result. Init
 * writes this text into AGENTS.md and the README for the server's line; upgrade swaps it for the
 * target's where the user left it as written.
 */

import { compareVersions, lineOf } from './versions.js';

/** The first release whose tools advertise the error envelope in their outputSchema (its changelog). */
export const ERROR_ENVELOPE_ADVERTISED_SINCE = '0.12.0';

const advertises = (version: string) => compareVersions(version, ERROR_ENVELOPE_ADVERTISED_SINCE) >= 0;

/** The AGENTS.md section (heading included, no trailing blank line) for a server on `version`. */
export function toolErrorSection(version: string): string {
  const line = lineOf(version);
  const common = [
    '## How a tool error reaches a client',
    '',
    'A tool that fails (`ctx.fail(reason, …)` or any throw) answers with a result, not a JSON-RPC',
    'error: `isError: true`, the message and its recovery hint as text in `content[]`, and',
    '`structuredContent: { error: { code, message, data: { reason, … } } }`.',
    '',
  ];
  const specific = advertises(version)
    ? [
        `On the framework's ${line} line the \`outputSchema\` in \`tools/list\` declares that \`error\``,
        "field (and makes the success fields optional), so the stock client's `callTool()` returns the",
        'error result (`Client` of `@modelcontextprotocol/sdk` 1.x, or of `@modelcontextprotocol/client`',
        '2.x, which the framework installs): check `isError` before reading success fields.',
        '`skills/add-tool/SKILL.md` says why.',
      ]
    : [
        `On the framework's ${line} line the \`outputSchema\` in \`tools/list\` has only the success`,
        'fields, so the `Client` of `@modelcontextprotocol/sdk` 1.x, once it has listed the tools, throws',
        'on every error result: `callTool()` rejects with an `McpError`, code -32602, "Structured content',
        'does not match the tool\'s output schema", and the reason never reaches the caller. To call or',
        'test a tool that can fail, skip that check:',
        "`client.request({ method: 'tools/call', params: { name, arguments } }, CallToolResultSchema)`",
        '(the schema from `@modelcontextprotocol/sdk/types.js`) returns the error result. From 0.12 the',
        'framework declares the error in the schema, and `callTool()` returns it.',
      ];
  return [...common, ...specific].join('\n');
}

/** The README paragraph (no trailing blank line) for a server on `version`. */
export function toolErrorParagraph(version: string): string {
  const line = lineOf(version);
  const lines = advertises(version)
    ? [
        `On framework ${line}, a tool that fails answers with \`isError: true\` and`,
        '`structuredContent: { error: { code, message, data: { reason } } }`, which its advertised',
        "`outputSchema` allows: a client's `callTool()` returns that result, so check `isError`.",
      ]
    : [
        `On framework ${line}, a tool that fails answers with \`isError: true\` and`,
        '`structuredContent: { error: { code, message, data: { reason } } }`, which its advertised',
        '`outputSchema` does not allow: once it has listed the tools, the `@modelcontextprotocol/sdk` 1.x',
        "client's `callTool()` throws `McpError` -32602 instead of returning the result. To see the error,",
        "send `client.request({ method: 'tools/call', params }, CallToolResultSchema)`; `AGENTS.md` says",
        'more.',
      ];
  return lines.join('\n');
}

/**
 * `text` (AGENTS.md, CLAUDE.md or the README) with the tool-error text written for `from` replaced
 * by the one for `to`; unchanged where the user rewrote it, so nothing of theirs is lost.
 */
export function retargetToolErrorNotes(text: string, from: string, to: string): string {
  return text
    .split(toolErrorSection(from))
    .join(toolErrorSection(to))
    .split(toolErrorParagraph(from))
    .join(toolErrorParagraph(to));
}
