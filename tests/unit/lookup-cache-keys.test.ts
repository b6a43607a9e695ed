/**
 * The pieces of init's look-up cache that decide without a network: the key of npm's answer
 * (what changes it, what makes it unsure) on this machine's real npm, and the HTTP freshness
 * rules a registry's headers give.
 */

import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cacheControl, freshnessOf, worthKeeping } from '../../src/init/http-freshness.js';
import { npmConfigKey } from '../../src/init/npm-config-key.js';
import { tempDir } from '../helpers/temp.js';

const headers = (h: Record<string, string>) => ({ get: (name: string) => h[name.toLowerCase()] ?? null });

/** A shell's environment with its own home (an empty user npmrc) and no npm settings. */
function shellEnv(home: string, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^npm_/i.test(k) && k !== 'PREFIX'));
  return { ...env, HOME: home, ...extra };
}

describe("the key of npm's answer", () => {
  const place = () => {
    const root = tempDir();
    const home = path.join(root, 'home');
    const cwd = path.join(root, 'work');
    mkdirSync(home);
    mkdirSync(cwd);
    return { home, cwd };
  };

  it('is the same while nothing npm reads changed, and changes with a project .npmrc, an npm_config_ variable, a referenced one', () => {
    const { home, cwd } = place();
    const key = npmConfigKey(cwd, shellEnv(home));
    expect(key).toBeTypeOf('string');
    expect(npmConfigKey(cwd, shellEnv(home, { UNRELATED: 'x' }))).toBe(key);
    expect(npmConfigKey(cwd, shellEnv(home, { NPM_CONFIG_REGISTRY: 'http://a/' }))).not.toBe(key);
    writeFileSync(path.join(cwd, '.npmrc'), '//r/:_authToken=${TOKEN}\n');
    const withNpmrc = npmConfigKey(cwd, shellEnv(home));
    expect(withNpmrc).not.toBe(key);
    expect(npmConfigKey(cwd, shellEnv(home, { TOKEN: 'other' }))).not.toBe(withNpmrc);
    writeFileSync(path.join(home, '.npmrc'), 'registry=http://b/\n');
    expect(npmConfigKey(cwd, shellEnv(home))).not.toBe(withNpmrc);
  });

  it('is not given where npm would be told with certainty only by running it', () => {
    const { home, cwd } = place();
    expect(npmConfigKey(cwd, shellEnv(home, { PATH: `.${path.delimiter}${process.env.PATH}` }))).toBeUndefined();
    expect(npmConfigKey(cwd, shellEnv(home, { npm_config_userconfig: 'relative/npmrc' }))).toBeUndefined();
    expect(npmConfigKey(cwd, shellEnv(home, { npm_config_prefix: '~/npm' }))).toBeUndefined();
    expect(
      npmConfigKey(cwd, shellEnv(home, { npm_config_registry: 'http://a/', NPM_CONFIG_REGISTRY: 'http://b/' })),
    ).toBeUndefined();
    writeFileSync(path.join(home, '.npmrc'), 'globalconfig=/elsewhere/npmrc\n');
    expect(npmConfigKey(cwd, shellEnv(home))).toBeUndefined();
    writeFileSync(path.join(home, '.npmrc'), '');
    writeFileSync(path.join(cwd, '.npmrc'), 'registry=http://c/\n');
    writeFileSync(path.join(path.dirname(cwd), 'package.json'), '{ "workspaces": ["work"] }\n');
    expect(npmConfigKey(cwd, shellEnv(home))).toBeUndefined();
  });
});

describe('HTTP freshness of a registry answer', () => {
  const now = 1_000_000;
  it('max-age less Age; no-cache and no max-age revalidate; no-store keeps nothing', () => {
    expect(cacheControl('public, Max-Age="300", no-transform').get('max-age')).toBe('300');
    expect(freshnessOf(headers({ 'cache-control': 'public, max-age=300', age: '100' }), now).freshUntil).toBe(
      now + 200_000,
    );
    expect(freshnessOf(headers({ 'cache-control': 'max-age=300', age: '400' }), now).freshUntil).toBe(now);
    expect(freshnessOf(headers({ 'cache-control': 'no-cache, max-age=300' }), now).freshUntil).toBe(now);
    const none = freshnessOf(headers({}), now);
    expect(worthKeeping(none, {}, now)).toBe(false);
    expect(worthKeeping(none, { etag: '"x"' }, now)).toBe(true);
    expect(
      worthKeeping(freshnessOf(headers({ 'cache-control': 'no-store, max-age=300' }), now), { etag: '"x"' }, now),
    ).toBe(false);
  });
});
