/**
 * `--help` and `--version` without loading the CLI. The build renders every command's help page
 * with the real program (scripts/build-help.mjs) into `dist/help.json`, for the bundle it was
 * built with; the launcher prints a page from it only where commander would print the same bytes:
 * the arguments are exactly `<command words> --help|-h` (or `--version|-v` alone), the file
 * names the bundle that would run, and the width commander would wrap to gives that page (80 when
 * stdout is not a terminal; on a terminal, its columns). Anything else is left to the CLI.
 */

import { fstatSync, readFileSync } from 'node:fs';
import { readBundleId } from './bundle.js';

/** One command's help page as commander prints it. */
export interface HelpPage {
  /** At 80 columns: stdout not a terminal, or a terminal 80 wide (or of unknown width). */
  narrow: string;
  /** At any terminal width from `wideFrom` up, where commander wraps nothing any more. */
  wide: string;
  wideFrom: number;
}

export interface Prerendered {
  /** The id of the bundle whose program rendered the pages. */
  bundle: string;
  /** By command words: '' the root, 'add tool'. */
  pages: Record<string, HelpPage>;
}

const HELP_FLAGS = new Set(['--help', '-h']);
const VERSION_FLAGS = new Set(['--version', '-v']);

/**
 * The width of the terminal stdout is, or undefined when it is none. A pipe or a file is no
 * character device, and is told so without process.stdout, which would make a stream of it.
 */
export function stdoutColumns(): number | undefined {
  return fstatSync(1).isCharacterDevice() && process.stdout.isTTY ? process.stdout.columns : undefined;
}

/** The page for a terminal this wide (undefined: not a terminal), if commander would print exactly it. */
function pageFor(page: HelpPage, columns: number | undefined): string | undefined {
  if (columns === undefined || columns === 80) return page.narrow;
  return columns >= page.wideFrom ? page.wide : undefined;
}

/** What the CLI would print on stdout for these arguments, when the build knew it; else undefined. */
export function prerenderedOutput(
  args: string[],
  files: { help: string; bundle: string; packageJson: string },
  columns: () => number | undefined = stdoutColumns,
): string | undefined {
  try {
    if (args.length === 1 && VERSION_FLAGS.has(args[0]!)) {
      return `${(JSON.parse(readFileSync(files.packageJson, 'utf8')) as { version: string }).version}\n`;
    }
    const last = args.at(-1);
    if (last === undefined || !HELP_FLAGS.has(last)) return undefined;
    const words = args.slice(0, -1);
    if (words.some((w) => w.startsWith('-'))) return undefined;
    const prerendered = JSON.parse(readFileSync(files.help, 'utf8')) as Prerendered;
    const page = Object.hasOwn(prerendered.pages, words.join(' ')) ? prerendered.pages[words.join(' ')] : undefined;
    if (!page || prerendered.bundle !== readBundleId(files.bundle)) return undefined;
    return pageFor(page, columns());
  } catch {
    return undefined; // no file, or not one the build wrote: the CLI answers
  }
}
