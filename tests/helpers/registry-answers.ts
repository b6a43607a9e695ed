/**
 * What a local test registry serves for the framework, in the shapes registry.npmjs.org gives
 * (checked with curl): at `/-/package/@cyanheads%2fmcp-ts-core/dist-tags` the tags alone
 * (`{"latest":"0.10.17"}`), at any other path the package's document with its `dist-tags`.
 */
export const DIST_TAGS_PATH = '/-/package/@cyanheads%2fmcp-ts-core/dist-tags';
export const DOCUMENT_PATH = '/@cyanheads%2fmcp-ts-core';

export function frameworkAnswer(path: string | undefined, latest: string): string {
  return path === DIST_TAGS_PATH
    ? JSON.stringify({ latest })
    : JSON.stringify({ name: '@cyanheads/mcp-ts-core', 'dist-tags': { latest } });
}

/**
 * The package's abbreviated document (what npm asks for with `Accept:
 * application/vnd.npm.install-v1+json`), listing `versions`, the last of them `latest`.
 */
export function frameworkDocument(versions: string[]): string {
  const entry = (version: string) => ({
    name: '@cyanheads/mcp-ts-core',
    version,
    dist: { tarball: `https://registry.example/@cyanheads/mcp-ts-core/-/mcp-ts-core-${version}.tgz` },
  });
  return JSON.stringify({
    name: '@cyanheads/mcp-ts-core',
    'dist-tags': { latest: versions.at(-1) },
    versions: Object.fromEntries(versions.map((v) => [v, entry(v)])),
    modified: '2026-01-01T00:00:00.000Z',
  });
}
