/**
 * The agent-plugin manifests the framework's own init writes (Claude Code's and Codex's), in its
 * shape, so that the server can be listed as a plugin: the unscoped name everywhere a name is
 * shown, the full package name where `npx -y` installs it (an unscoped one 404s for a scoped
 * package), and a description on every card. The framework's packaging lint checks each of these.
 */

import { formatJson, type Json, type ManifestData } from './manifests.js';
import { shortDescription } from './naming.js';

type PluginData = ManifestData & { author: string };

/** How a plugin starts the server: the published package over stdio. */
const serverEntry = (d: PluginData): Json => ({
  command: 'npx',
  args: ['-y', d.packageName],
  env: { MCP_TRANSPORT_TYPE: 'stdio' },
});

/** Each manifest's text by its path in the project. */
export function pluginManifests(d: PluginData, lineWidth?: number): Map<string, string> {
  const homepage = d.repository?.url ?? '';
  const common = {
    name: d.unscopedName,
    version: d.version,
    description: shortDescription(d.description),
  };
  const claude = {
    ...common,
    author: { name: d.author },
    homepage,
    repository: homepage,
    license: d.license,
    mcpServers: { [d.unscopedName]: serverEntry(d) },
  };
  const codex = {
    ...common,
    author: { name: d.author, email: '', url: '' },
    homepage,
    repository: homepage,
    license: d.license,
    keywords: ['mcp', 'mcp-server', 'model-context-protocol'],
    mcpServers: './.codex-plugin/mcp.json',
    interface: {
      displayName: d.unscopedName,
      shortDescription: shortDescription(d.description),
      longDescription: d.description,
      developerName: d.author,
      category: '',
      capabilities: ['Read'],
      websiteURL: homepage,
      defaultPrompt: [],
    },
  };
  return new Map([
    ['.claude-plugin/plugin.json', formatJson(claude, lineWidth)],
    ['.codex-plugin/plugin.json', formatJson(codex, lineWidth)],
    ['.codex-plugin/mcp.json', formatJson({ [d.unscopedName]: serverEntry(d) }, lineWidth)],
  ]);
}
