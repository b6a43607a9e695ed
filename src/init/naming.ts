/**
 * What a new server is called, everywhere it is called something: the npm package name (npm's
 * rules, scoped names included), the folder, the tool-name prefix, the URI scheme, the MCP
 * Registry name in server.json (`owner/project`, owner in reverse-DNS form) and the repository.
 */

import validateNpmName from 'validate-npm-package-name';
import { ScaffoldError } from '../engine/errors.js';
import { unscoped } from '../project/package-names.js';
import { prefixFromPackageName } from '../registration/definitions.js';
import { parseName } from '../text/names.js';

/** Longer prefixes push the starter definitions' first lines past Biome's 100 columns. */
const MAX_PREFIX_LENGTH = 20;

/** What validate-npm-package-name finds, in our words, in the order a person should hear it. */
const IN_OUR_WORDS: [RegExp, (name: string) => string][] = [
  [/length must be greater than zero/, () => 'it is empty'],
  [/more than 214 characters/, (name) => `it is ${name.length} characters long (npm allows 214)`],
  [/leading or trailing spaces/, () => 'it has leading or trailing white space'],
  [/capital letters/, () => 'it has capital letters'],
  [/start with a period|start with an underscore/, () => 'it starts with a dot or an underscore'],
  [/is not a valid package name/, (name) => `"${name}" is reserved`],
  [/core module/, (name) => `"${name}" is a Node.js core module`],
  [/URL-friendly|special characters/, characterProblem],
];

function characterProblem(name: string): string {
  if (name.startsWith('@') && !/^@[^/]+\/[^/]+$/.test(name)) return 'a scoped name is @scope/name';
  const bad = [...new Set(name.replace(/[a-z0-9\-._~@/]/g, ''))].map((c) => JSON.stringify(c));
  return bad.length > 0 ? `it contains ${bad.join(' ')}` : 'it is not a valid npm package name';
}

/**
 * npm's rules for a new package name (its warnings, such as capitals, count: npm refuses them for
 * a new package); returns why not, or undefined when it is fine.
 */
export function npmNameProblem(name: string): string | undefined {
  const base = unscoped(name);
  // `init @acme/node_modules` would make a folder named node_modules.
  if (base !== name && (base === 'node_modules' || base === 'favicon.ico')) return `"${base}" is reserved`;
  const { errors = [], warnings = [] } = validateNpmName(name);
  // The library does not look at the scope: `@x*/srv` passes, and would close the /** */ comment
  // the name lands in. The scope takes the characters the name may have.
  const scope = scopeOf(name);
  if (scope !== undefined && !/^[a-zA-Z0-9\-._~]+$/.test(scope)) return characterProblem(name);
  // A `~` is let through: npm installs and runs such a package; the warning is about publishing one.
  const tildeOnly = !/['!()*]/.test(base);
  const findings = [...errors, ...warnings].filter((f) => !(tildeOnly && /special characters/.test(f)));
  for (const [finding, words] of IN_OUR_WORDS) {
    if (findings.some((f) => finding.test(f))) return words(name);
  }
  return findings[0];
}

export function validatePackageName(name: string, flag = '--name'): string {
  const problem = npmNameProblem(name);
  if (problem) {
    throw new ScaffoldError('NAME_INVALID', `Invalid package name ${JSON.stringify(name)}: ${problem}.`, {
      hint: `Pass ${flag} with an npm package name: lowercase letters, digits, "-", "." or "_", optionally scoped (@acme/weather-server).`,
    });
  }
  return name;
}

export { unscoped };

function scopeOf(name: string): string | undefined {
  return /^@([^/]+)\//.exec(name)?.[1];
}

/** A folder name made into a package name npm would accept (the suggestion, not a silent fix). */
export function packageNameFromFolder(folder: string): string {
  const cleaned = folder
    // Accented letters keep their base letter (sérveur → serveur, not s-rveur).
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9\-._~]+/g, '-')
    .replace(/^[-._~]+|[-._~]+$/g, '');
  return cleaned.length > 0 ? cleaned : 'mcp-server';
}

/**
 * The tool-name prefix: `--prefix` when given (validated), else the brand part of the package
 * name (`@acme/weather-mcp-server` gives `weather`), shortened to its first word when too long.
 */
export function resolvePrefix(packageName: string, explicit: string | undefined): string {
  if (explicit !== undefined) {
    const names = parseName(explicit, 'server prefix', MAX_PREFIX_LENGTH);
    return names.snake;
  }
  const derived = prefixFromPackageName(packageName);
  if (!derived) {
    throw new ScaffoldError(
      'MISSING_INPUT',
      `No tool-name prefix can be derived from the package name ${JSON.stringify(packageName)}: pass --prefix.`,
      { hint: 'Pass --prefix <word>, e.g. --prefix acme (tools become acme_echo_message, …).' },
    );
  }
  if (derived.length <= MAX_PREFIX_LENGTH) return derived;
  const first = derived.split('_')[0]!;
  return first.length <= MAX_PREFIX_LENGTH ? first : first.slice(0, MAX_PREFIX_LENGTH);
}

/** The prefix as a URI scheme (RFC 3986 allows no underscore): acme_labs → acme-labs. */
export function schemeOf(prefix: string): string {
  return prefix.replaceAll('_', '-');
}

const GITHUB_HANDLE = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})$/;
const REVERSE_DNS = /^[a-zA-Z0-9-]+(?:\.[a-zA-Z0-9-]+)+$/;

/**
 * The owner part of the MCP Registry name. A GitHub handle becomes `io.github.<handle>`; a
 * reverse-DNS namespace (`com.acme`, `io.github.acme`) is used as it is.
 */
export function registryNamespace(owner: string): string {
  if (REVERSE_DNS.test(owner)) return owner;
  if (GITHUB_HANDLE.test(owner)) return `io.github.${owner}`;
  throw new ScaffoldError(
    'OPTION_INVALID',
    `Invalid --owner ${JSON.stringify(owner)}: not a GitHub handle or reverse-DNS namespace.`,
    {
      hint: 'Pass --owner with a GitHub user or organization (acme) or a reverse-DNS namespace you control (com.acme).',
    },
  );
}

/** `io.github.acme/weather-server`: what server.json and package.json's mcpName carry. */
export function registryName(owner: string, packageName: string): string {
  const project = unscoped(packageName).replace(/[^a-zA-Z0-9._-]/g, '-');
  return `${registryNamespace(owner)}/${project}`;
}

/** A default owner when none is given: the package scope, else the user's login, made valid. */
export function defaultOwner(packageName: string, username: string | undefined): string {
  const scope = scopeOf(packageName);
  if (scope && GITHUB_HANDLE.test(scope)) return scope;
  const login = (username ?? '')
    .replace(/[^A-Za-z0-9-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 39);
  return login.length > 0 ? login : 'example';
}

export interface Repository {
  url: string;
  /** server.json's `repository.source`: the hosting service. */
  source: string;
}

/**
 * A repository URL as server.json wants it (https, no `.git`), from what a person or git config
 * says: `git@github.com:acme/x.git`, `https://github.com/acme/x.git`, `github.com/acme/x`.
 */
export function normalizeRepository(raw: string): Repository | undefined {
  const text = raw.trim();
  let host: string | undefined;
  let pathPart: string | undefined;
  const scp = /^(?:ssh:\/\/)?[\w.-]+@([\w.-]+)[:/](.+)$/.exec(text);
  const web = /^(?:git\+)?(?:https?|git):\/\/(?:[^@/]+@)?([\w.-]+)(?::\d+)?\/(.+)$/.exec(text);
  const bare = /^([\w-]+(?:\.[\w-]+)+)\/(.+)$/.exec(text);
  for (const m of [web, scp, bare]) {
    if (m) {
      host = m[1];
      pathPart = m[2];
      break;
    }
  }
  if (!host || !pathPart) return undefined;
  const cleanPath = pathPart.replace(/\.git$/, '').replace(/\/+$/, '');
  if (!/^[\w.-]+(?:\/[\w.-]+)+$/.test(cleanPath)) return undefined;
  const source =
    host
      .replace(/^www\./, '')
      .split('.')
      .slice(-2, -1)[0] ?? host;
  return { url: `https://${host.replace(/^www\./, '')}/${cleanPath}`, source };
}

/** A description that fits server.json's 100 characters: the first sentence, else cut at a word. */
export function shortDescription(description: string, max = 100): string {
  const oneLine = description.replace(/\s+/g, ' ').trim();
  if (oneLine.length <= max) return oneLine;
  const sentence = /^(.+?[.!?])(?:\s|$)/.exec(oneLine)?.[1];
  if (sentence && sentence.length <= max) return sentence;
  const cut = oneLine.slice(0, max - 1);
  const atWord = cut.replace(/\s+\S*$/, '');
  return `${(atWord.length > max / 2 ? atWord : cut).replace(/[\s,;:.]+$/, '')}…`;
}
