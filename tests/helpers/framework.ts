/** Framework features as detectFrameworkFeatures reports them, for generator tests. */

import type { FrameworkFeatures } from '../../src/project/framework-features.js';

/**
 * What 0.10.17, 0.11.5 and 0.12.3 offer, as detectFrameworkFeatures reads them off the installed
 * packages (tests/e2e/framework-matrix.test.ts generates code from the real reading).
 */
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
  codeFit: { mockReturnsHandlerContext: false, contextIsRequestContext: false, expectInputRequired: false },
  evidence: [],
};

export const FEATURES_0_11: FrameworkFeatures = {
  ...FEATURES_0_10,
  version: '0.11.5',
  codeFit: { mockReturnsHandlerContext: true, contextIsRequestContext: false, expectInputRequired: false },
};

export const FEATURES_0_12: FrameworkFeatures = {
  ...FEATURES_0_10,
  version: '0.12.3',
  requestInput: true,
  elicit: false,
  tasks: false,
  mock: { elicit: false, inputResponses: true, progress: false, tenantId: true },
  codeFit: { mockReturnsHandlerContext: true, contextIsRequestContext: true, expectInputRequired: true },
};
