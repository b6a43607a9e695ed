/**
 * Framework features as detectFrameworkFeatures reports them, for generator tests that need no
 * installed package. Each is the reading of a real release, checked against that package by
 * tests/unit/framework-features.test.ts (only packageDir and evidence differ).
 */

import type { FrameworkFeatures } from '../../src/project/framework-features.js';

const FAKE_DIR = '/fake/node_modules/@cyanheads/mcp-ts-core';

/** What 0.10.17 offers: ctx.elicit, tasks, apps; no typed mock errors, no 0.11 test helpers. */
export const FEATURES_0_10: FrameworkFeatures = {
  packageDir: FAKE_DIR,
  version: '0.10.17',
  nodeEngine: '>=24.0.0',
  requestInput: false,
  elicit: true,
  tasks: true,
  fail: true,
  enrichment: true,
  apps: true,
  promptTitle: true,
  inMemoryStorage: 'createInMemoryStorage',
  mock: { elicit: true, inputResponses: false, requestState: false, progress: true, tenantId: true, errors: false },
  expectInputRequired: false,
  testing: { createMockSession: false, createFetchMock: false, runToolContract: false, toolContractSuite: false },
  utilsTakeCtx: false,
  storageTakesCtx: false,
  evidence: [],
};

/** What 0.11.5 offers: 0.10's APIs plus typed `{ errors }`, the 0.11.1 test helpers, utils that take ctx. */
export const FEATURES_0_11: FrameworkFeatures = {
  ...FEATURES_0_10,
  version: '0.11.5',
  mock: { ...FEATURES_0_10.mock, errors: true },
  testing: { createMockSession: true, createFetchMock: true, runToolContract: true, toolContractSuite: true },
  utilsTakeCtx: true,
};

/** What 0.12.3 offers: ctx.requestInput instead of ctx.elicit, no tasks, inputResponses in tests, storage that takes ctx. */
export const FEATURES_0_12: FrameworkFeatures = {
  ...FEATURES_0_11,
  version: '0.12.3',
  requestInput: true,
  elicit: false,
  tasks: false,
  mock: { elicit: false, inputResponses: true, requestState: true, progress: false, tenantId: true, errors: true },
  expectInputRequired: true,
  storageTakesCtx: true,
};
