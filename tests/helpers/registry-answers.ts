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
