/** Options every command takes: the global flags of the command-line contract in README.md. */

export interface GlobalOptions {
  cwd: string;
  dryRun: boolean;
  json: boolean;
  yes: boolean;
  force: boolean;
  devcheck: boolean;
  verbose: boolean;
}

export function globalOptions(raw: Record<string, unknown>): GlobalOptions {
  return {
    cwd: typeof raw.cwd === 'string' ? raw.cwd : process.cwd(),
    dryRun: raw.dryRun === true,
    json: raw.json === true,
    yes: raw.yes === true,
    force: raw.force === true,
    devcheck: raw.devcheck !== false,
    verbose: raw.verbose === true,
  };
}

/** A prompt may be shown only to a person: a TTY on both ends, and neither --yes nor --json. */
export function canPrompt(global: GlobalOptions): boolean {
  return Boolean(process.stdin.isTTY && process.stdout.isTTY && !global.yes && !global.json);
}
