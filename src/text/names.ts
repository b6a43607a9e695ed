/**
 * Names are parsed and validated once, here. Every identifier, file name and MCP name a generator
 * emits is derived from the word list of one validated name.
 */

import { ScaffoldError } from '../engine/errors.js';
import { RESERVED_WORDS } from './reserved-names.js';

export interface Names {
  /** The name as the user typed it. */
  raw: string;
  words: string[];
  snake: string;
  kebab: string;
  camel: string;
  pascal: string;
  /** Set when the input was not already snake_case. */
  convertedFrom: 'kebab-case' | 'camelCase' | 'PascalCase' | undefined;
}

const MAX_TOOL_NAME_LENGTH = 64;

const SNAKE = /^[a-z][a-z0-9]*(?:_[a-z0-9]+)*$/;
const KEBAB = /^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/;
const CAMEL = /^[a-z][a-zA-Z0-9]*$/;
const PASCAL = /^[A-Z][a-zA-Z0-9]*$/;

const capitalize = (w: string) => w.charAt(0).toUpperCase() + w.slice(1);

/**
 * Splits camelCase / PascalCase, keeping acronyms together: `parseHTMLDoc` → parse, html, doc.
 * Digits stay with the word they follow (`getV2Items` → get, v2, items), so that a converted name
 * round-trips: the camelCase of get_v2_items is getV2Items, which must not become get_v_2_items.
 */
function splitCamel(s: string): string[] {
  return (s.match(/[A-Z]+(?![a-z])[0-9]*|[A-Z]?[a-z]+[0-9]*|[0-9]+/g) ?? []).map((w) => w.toLowerCase());
}

/** camelCase of a word list: find, items → findItems. */
export function camelCase(words: readonly string[]): string {
  // A loop, not map and join: add spells the export forms of every existing definition with it.
  let out = words[0] ?? '';
  for (let i = 1; i < words.length; i++) out += capitalize(words[i]!);
  return out;
}

/** PascalCase of a word list: works, item → WorksItem. */
export function pascalCase(words: readonly string[]): string {
  return capitalize(camelCase(words));
}

function fromWords(raw: string, words: string[], convertedFrom: Names['convertedFrom']): Names {
  const camel = camelCase(words);
  return {
    raw,
    words,
    snake: words.join('_'),
    kebab: words.join('-'),
    camel,
    pascal: capitalize(camel),
    convertedFrom,
  };
}

/**
 * Parses a definition name. snake_case is the canonical form; kebab-case, camelCase and PascalCase
 * are converted (the caller reports the conversion); anything else is refused.
 */
export function parseName(raw: string, what = 'tool name', maxLength = MAX_TOOL_NAME_LENGTH): Names {
  const accepted = `use snake_case letters and digits starting with a letter, e.g. acme_find_items (kebab-case and camelCase are converted)`;
  const invalid = (why: string) => {
    const form = acceptedForm(raw, maxLength);
    const proposal = form ? `; did you mean ${form}?` : '.';
    return new ScaffoldError('NAME_INVALID', `Invalid ${what} ${JSON.stringify(raw)}: ${why}${proposal}`, {
      hint: `A ${what} must ${accepted}, at most ${maxLength} characters.`,
    });
  };
  if (raw.trim() === '') throw invalid('it is empty');
  if (raw !== raw.trim()) throw invalid('it has leading or trailing white space');
  if (/[/\\]|\.\./.test(raw)) throw invalid('it looks like a path');
  if (/^[0-9]/.test(raw)) throw invalid('it starts with a digit');

  let names: Names;
  if (SNAKE.test(raw)) names = fromWords(raw, raw.split('_'), undefined);
  else if (KEBAB.test(raw)) names = fromWords(raw, raw.split('-'), 'kebab-case');
  else if (CAMEL.test(raw)) names = fromWords(raw, splitCamel(raw), 'camelCase');
  else if (PASCAL.test(raw)) names = fromWords(raw, splitCamel(raw), 'PascalCase');
  else {
    const foreign = [...new Set(raw.replace(/[a-zA-Z0-9_-]/g, ''))].map((c) => JSON.stringify(c));
    throw invalid(foreign.length > 0 ? `it contains ${foreign.join(' ')}` : separatorProblem(raw));
  }
  if (names.snake.length > maxLength) {
    throw invalid(`it is ${names.snake.length} characters long`);
  }
  return names;
}

/** Why a name of letters, digits, `_` and `-` that fits no accepted form fits none: what its separators do. */
function separatorProblem(raw: string): string {
  const separators = [...new Set(raw.replace(/[a-zA-Z0-9]/g, ''))];
  const quoted = separators.map((c) => JSON.stringify(c)).join(' and ');
  if (separators.length > 1) return `it mixes ${quoted}`;
  if (/^[_-]|[_-]$|[_-]{2}/.test(raw)) return `it has an empty word (${quoted} at an end, or two in a row)`;
  const form = separators[0] === '_' ? 'snake_case' : 'kebab-case';
  return `it has capitals beside ${quoted} (${form} is lower case)`;
}

/**
 * The snake_case name a refused one most likely meant (`acme find items` → acme_find_items), or
 * undefined when none would be accepted either (it starts with a digit, it is too long).
 */
function acceptedForm(raw: string, maxLength: number): string | undefined {
  const words = raw
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .split(/[^a-zA-Z0-9]+/)
    .flatMap(splitCamel);
  const snake = words.join('_');
  return SNAKE.test(snake) && snake.length <= maxLength && snake !== raw ? snake : undefined;
}

/** Title Case words, e.g. for a default tool title. */
export function titleCase(words: string[]): string {
  return words.map(capitalize).join(' ');
}

/**
 * `id`, or `id` + `suffix` when it is a reserved word or one of `imported` (a kind's reserved
 * names): a derived identifier that hits one gets a suffix instead of breaking the file.
 */
export function safeIdentifier(id: string, suffix = 'Def', imported: readonly string[] = []): string {
  return RESERVED_WORDS.has(id) || imported.includes(id) ? `${id}${suffix}` : id;
}
