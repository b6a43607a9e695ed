/**
 * Which arguments let the launcher start init's registry look-up early (src/startup/early-lookup.ts):
 * `init` with arguments commander accepts without fail and that reach init's action. Read here,
 * in the launcher itself, so that any other run (a version given, a help page) loads nothing more.
 */

/** init's flags and the global ones that take no value (--devcheck-timeout and --install-timeout, checked by a parser, are left out). */
export const FLAGS = new Set([
  '--dry-run',
  '--json',
  '-y',
  '--yes',
  '--force',
  '--no-devcheck',
  '--full-devcheck',
  '--verbose',
  '--no-install',
  '--no-git',
  '--no-examples',
]);
/** Those that take any value. */
export const WITH_VALUE = new Set([
  '--cwd',
  '--name',
  '-d',
  '--description',
  '--owner',
  '--prefix',
  '--repository',
  '--pm',
  '--license',
]);

/**
 * The folder and the `--cwd` of arguments (after `node script`) that are `init` with only the
 * flags above, each value given (separately, or as `--flag=value`) and not starting with `-`, and
 * at most one folder; undefined for any other arguments, so that a doubt never starts a look-up.
 */
export function plainInitArguments(args: readonly string[]): { dir: string | undefined; cwd: string } | undefined {
  if (args[0] !== 'init') return undefined;
  let dir: string | undefined;
  let cwd: string | undefined;
  for (let i = 1; i < args.length; i++) {
    const arg = args[i]!;
    if (FLAGS.has(arg)) continue;
    const eq = arg.startsWith('--') ? arg.indexOf('=') : -1;
    const name = eq > 0 ? arg.slice(0, eq) : arg;
    if (WITH_VALUE.has(name)) {
      const value = eq > 0 ? arg.slice(eq + 1) : args[++i];
      if (value === undefined || (eq < 0 && value.startsWith('-'))) return undefined;
      if (name === '--cwd') cwd = value;
    } else if (arg.startsWith('-') || dir !== undefined) return undefined;
    else dir = arg;
  }
  return { dir, cwd: cwd ?? process.cwd() };
}
