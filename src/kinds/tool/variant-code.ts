/**
 * What `--confirm`, `--task` and `--app` add to a search, fetch or write tool (shaped.ts), so a
 * variant combines with `--service` and typed `--input`/`--output` fields: the lines around the
 * shape's own work, the errors the variant declares, the builder and imports it needs, and what
 * its test adds. The confirm steps are the ones the plain `--confirm` tool has (and the upgrade's
 * elicit-to-input codemod rewrites): ask, check the answer against the form, fail unless yes.
 */

import type { ConfirmApi } from '../../project/framework-features.js';
import { titleCase } from '../../text/names.js';
import { tsString } from '../../text/string-literal.js';
import type { ErrorEntry } from './bodies.js';

export type ToolVariant = 'confirm' | 'task' | 'app';

/** The variant asked for, with what the installed framework decided about it. */
export type VariantChoice =
  | { kind: 'confirm'; api: ConfirmApi }
  | { kind: 'task' }
  | { kind: 'app'; uiUri: string }
  | undefined;

export interface VariantCode {
  builder: 'tool' | 'appTool';
  /** Names imported from the framework's main entry, sorted. */
  mainImports: string[];
  /** Code written above the definition (the confirmation form, the UI resource's URI). */
  preface: string[];
  /** Definition lines after the annotations (`task: true`, `resourceUri: …`). */
  options: string[];
  errors: ErrorEntry[];
  /** Handler lines before the shape's work, and between the work and the return. */
  before: string[];
  beforeReturn: string[];
  /** Whether the variant's steps await. */
  awaits: boolean;
  /** Whether format() gives the UI its JSON as the first block. */
  jsonFirst: boolean;
}

/** The question's start, from the name's words after the prefix: "Delete item". */
export function confirmQuestion(words: readonly string[]): string {
  if (words.length === 0) return 'Go ahead with';
  return `${titleCase(words.slice(0, 1))}${words.length > 1 ? ` ${words.slice(1).join(' ')}` : ''}`;
}

/** What the user is told about how the tool asks. */
export function confirmNote(api: ConfirmApi): string {
  return api === 'requestInput'
    ? 'The tool asks through ctx.requestInput (the installed framework has it); any answer but a yes fails with not_confirmed, and a client that cannot show the question gets an error result from the framework.'
    : 'The tool asks through ctx.elicit (the installed framework has no ctx.requestInput); a client without elicitation gets confirmation_unavailable, a declined or cancelled answer not_confirmed.';
}

const CONFIRMATION = [
  '/** The form the user answers before anything happens. */',
  'const Confirmation = z.object({',
  "  confirm: z.boolean().describe('True to go ahead. Anything else stops the tool.'),",
  '});',
].join('\n');

const NOT_CONFIRMED: ErrorEntry = {
  reason: 'not_confirmed',
  code: 'Forbidden',
  when: 'The user declined, cancelled, or did not answer yes.',
  recovery: 'Ask the user whether they really want this done, then call the tool again.',
};

const UNAVAILABLE: ErrorEntry = {
  reason: 'confirmation_unavailable',
  code: 'InvalidRequest',
  when: 'The client did not declare the elicitation capability, so the user cannot be asked.',
  recovery: 'Call this tool from a client that supports elicitation, so the user can confirm.',
};

/** `ctx.elicit`: ask, check the answer against the form, fail unless it is a yes. */
function elicitLines(message: string): string[] {
  return [
    'if (!ctx.elicit) {',
    '  throw ctx.fail(',
    "    'confirmation_unavailable',",
    "    'This client cannot ask the user to confirm.',",
    "    ctx.recoveryFor('confirmation_unavailable'),",
    '  );',
    '}',
    `const question = \`${message}\`;`,
    'const answer = await ctx.elicit(question, Confirmation);',
    '// The answer is client input: check it against the form before trusting it.',
    'const form = Confirmation.safeParse(answer.content);',
    "if (answer.action !== 'accept' || !form.success || !form.data.confirm) {",
    `  throw ctx.fail('not_confirmed', \`Not confirmed (\${answer.action}): nothing was done.\`, {`,
    "    ...ctx.recoveryFor('not_confirmed'),",
    '    action: answer.action,',
    '  });',
    '}',
    "ctx.log.info('Confirmed by the user');",
  ];
}

/** `ctx.requestInput`: the first round asks; the retried call reads the answer off ctx.inputs. */
function requestInputLines(message: string): string[] {
  return [
    "const view = ctx.inputs.view('confirm');",
    "if (view.kind === 'missing') {",
    '  // First round: ask. The client shows the form and calls again with the answer on ctx.inputs.',
    '  return ctx.requestInput({',
    '    inputRequests: {',
    '      confirm: inputRequired.elicit({',
    `        message: \`${message}\`,`,
    '        requestedSchema: Confirmation,',
    '      }),',
    '    },',
    '  });',
    '}',
    '// An answer is final: asking again would only loop. It is client input, so accepted()',
    '// checks it against the form.',
    "const answer = ctx.inputs.accepted('confirm', Confirmation);",
    'if (!answer?.confirm) {',
    "  const action = view.kind === 'elicit' ? view.action : view.kind;",
    '  throw ctx.fail(',
    "    'not_confirmed',",
    `    \`Not confirmed (\${answer ? 'answered no' : action}): nothing was done.\`,`,
    "    { ...ctx.recoveryFor('not_confirmed'), action },",
    '  );',
    '}',
    "ctx.log.info('Confirmed by the user');",
  ];
}

const PLAIN: VariantCode = {
  builder: 'tool',
  mainImports: ['tool', 'z'],
  preface: [],
  options: [],
  errors: [],
  before: [],
  beforeReturn: [],
  awaits: false,
  jsonFirst: false,
};

/** The errors a variant declares: how a confirm tool can fail to get a yes. */
export function variantErrors(variant: VariantChoice): ErrorEntry[] {
  if (variant?.kind !== 'confirm') return [];
  return variant.api === 'elicit' ? [UNAVAILABLE, NOT_CONFIRMED] : [NOT_CONFIRMED];
}

/**
 * The variant's code. `question` starts the confirm question; `key` is the input it names (the
 * id of the record acted on), when the tool has one.
 */
export function variantCode(variant: VariantChoice, question: string, key: string | undefined): VariantCode {
  if (variant === undefined) return PLAIN;
  switch (variant.kind) {
    case 'confirm': {
      const message = `${question}${key ? ` \${input.${key}}` : ''}? This cannot be undone.`;
      const elicit = variant.api === 'elicit';
      return {
        ...PLAIN,
        mainImports: elicit ? ['tool', 'z'] : ['inputRequired', 'tool', 'z'],
        preface: [CONFIRMATION],
        errors: variantErrors(variant),
        before: elicit ? elicitLines(message) : requestInputLines(message),
        awaits: elicit,
      };
    }
    case 'task':
      return {
        ...PLAIN,
        options: [
          '// The framework runs the handler as a background task: the client can poll it or wait for it,',
          '// and the handler gets ctx.progress.',
          'task: true,',
        ],
        before: ['await ctx.progress?.setTotal(1);', "await ctx.progress?.update('Working');"],
        beforeReturn: ['await ctx.progress?.increment();'],
        awaits: true,
      };
    case 'app':
      return {
        ...PLAIN,
        builder: 'appTool',
        mainImports: ['appTool', 'z'],
        preface: [
          `/** The UI resource a host fetches and shows in a sandboxed iframe. Registered with this tool. */\nconst UI_RESOURCE_URI = ${tsString(variant.uiUri)};`,
        ],
        options: ['resourceUri: UI_RESOURCE_URI,'],
        jsonFirst: true,
      };
  }
}
