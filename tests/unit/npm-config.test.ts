/**
 * The registry and offline setting init reads off the environment when npm started the run,
 * checked against real npm: a process started by `npm exec` is handed what `npm config get`
 * says, for npm's defaults and for settings given in the environment.
 */

import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { configFromLaunchingNpm, DEFAULT_REGISTRY } from '../../src/init/registry.js';
import { tempDir } from '../helpers/temp.js';

const REGISTRY = path.resolve(import.meta.dirname, '../../dist/init/registry.js');

/** The environment without what an npm that started this test handed on. */
function withoutNpm(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^npm_/i.test(k)));
  return { ...env, npm_config_update_notifier: 'false', ...extra };
}

/** What the built module reads in a process `npm exec` starts, and what `npm config get` says there. */
function bothWays(env: NodeJS.ProcessEnv) {
  const cwd = tempDir();
  const script = `import(${JSON.stringify(pathToFileURL(REGISTRY).href)}).then((m) => process.stdout.write(JSON.stringify(m.configFromLaunchingNpm(process.env) ?? null)))`;
  const handed = execFileSync('npm', ['exec', '--yes', '--', 'node', '-e', script], { cwd, env, encoding: 'utf8' });
  const said = execFileSync('npm', ['config', 'get', 'registry', 'offline'], { cwd, env, encoding: 'utf8' });
  const value = (key: string) => new RegExp(`^${key}=(.*)$`, 'm').exec(said)?.[1]?.trim();
  return { handed: JSON.parse(handed), said: { registry: value('registry'), offline: value('offline') === 'true' } };
}

describe('npm settings handed on by the npm that started the run', () => {
  it.each<[string, NodeJS.ProcessEnv]>([
    ["npm's own settings", {}],
    [
      'a registry and offline in the environment',
      { npm_config_registry: 'http://127.0.0.1:9/', NPM_CONFIG_OFFLINE: 'true' },
    ],
  ])('%s: the same as npm config get says', (_what, extra) => {
    const { handed, said } = bothWays(withoutNpm(extra));
    expect(handed).toEqual(said);
  });

  it('is not trusted when npm did not start the run, or a value is not one npm hands on', () => {
    const npm = { npm_config_user_agent: 'npm/11.0.0 node/v20', npm_config_global_prefix: '/usr' };
    expect(configFromLaunchingNpm({})).toBeUndefined();
    expect(configFromLaunchingNpm({ ...npm, npm_config_user_agent: 'pnpm/9.0.0' })).toBeUndefined();
    expect(configFromLaunchingNpm(npm)).toEqual({ registry: DEFAULT_REGISTRY, offline: false });
    expect(configFromLaunchingNpm({ ...npm, npm_config_offline: 'yes' })).toBeUndefined();
    expect(configFromLaunchingNpm({ ...npm, npm_config_registry: 'file:///x' })).toBeUndefined();
    expect(
      configFromLaunchingNpm({ ...npm, npm_config_registry: 'https://a/', NPM_CONFIG_REGISTRY: 'https://b/' }),
    ).toBeUndefined();
  });
});
