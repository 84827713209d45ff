import path from 'node:path';
import { defineConfig } from 'vitest/config';

// every project first anchors LEBUHRAYA_CLOCK (the time the tests run at; tests/support/clock-setup.ts)
const clockSetup = 'tests/support/clock-setup.ts';

// same resolution as vite.config.ts: '@contract' is the index, '@contract/<module>' one contract module, '@chakra-theme/<module>'
// one module of Chakra's theme
const alias = [
  { find: /^@contract$/, replacement: path.resolve(import.meta.dirname, 'contract/index.ts') },
  { find: /^@contract\/(.*)$/, replacement: `${path.resolve(import.meta.dirname, 'contract')}/$1` },
  { find: /^@\/(.*)$/, replacement: `${path.resolve(import.meta.dirname, 'src')}/$1` },
  { find: /^@chakra-theme\/(.*)$/, replacement: `${path.resolve(import.meta.dirname, 'node_modules/@chakra-ui/react/dist/esm/theme')}/$1.js` },
];

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: { name: 'unit', include: ['tests/unit/**/*.test.{ts,tsx}'], environment: 'node', globalSetup: [clockSetup] },
      },
      {
        resolve: { alias },
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          environment: 'node',
          // a migrated template database every file starts from (tests/server/support/template.ts)
          globalSetup: [clockSetup, 'tests/server/support/template.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // each file builds its own app on its own database; two at a time suits a 2-core machine
          maxWorkers: 2,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          // one server for the files that do not need their own (tests/e2e/support/global-setup.ts)
          globalSetup: [clockSetup, 'tests/e2e/support/global-setup.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
          // a screen follows a write a moment later, and under CI load (2 cores, a server and Chromium) that moment
          // can be seconds: expect.poll's default of 1 s failed tests whose screens were right (the audit trail after
          // a save, the unsent count after a patrol step that first waits up to 3 s for a GPS fix)
          expect: { poll: { timeout: 15_000, interval: 100 } },
        },
      },
    ],
  },
});
