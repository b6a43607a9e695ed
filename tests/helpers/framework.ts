/** Framework features as detectFrameworkFeatures reports them, for generator tests. */

import type { FrameworkFeatures } from '../../src/project/framework-features.js';

/** What 0.10.17 offers, as read off the installed package (see tests/unit/framework-features.test.ts). */
export const FEATURES_0_10: FrameworkFeatures = {
  packageDir: '/fake/node_modules/@cyanheads/mcp-ts-core',
  version: '0.10.17',
  requestInput: false,
  elicit: true,
  tasks: true,
  apps: true,
  promptTitle: true,
  inMemoryStorage: 'createInMemoryStorage',
  mock: { elicit: true, inputResponses: false, progress: true, tenantId: true },
  evidence: [],
};
