import { defineConfig } from 'vitest/config';

// Layers: unit and generator tests run in-process and fast; bin tests
// spawn the built CLI; e2e tests install the real framework from the registry and talk MCP to it.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts', 'tests/generators/**/*.test.ts', 'src/**/*.test.ts'],
          // The real framework releases, installed once per run (tests/helpers/framework-installs.ts).
          globalSetup: ['tests/setup/frameworks.ts'],
          // Many of these start Biome or node; vitest's default 5 s fails them on a busy 2-core machine.
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'bin',
          include: ['tests/bin/**/*.test.ts'],
          // A test spawns the CLI several times; on 2 busy cores one spawn can take 20 s and more.
          testTimeout: 180_000,
          hookTimeout: 180_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          testTimeout: 600_000,
          hookTimeout: 900_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
