import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    globalSetup: ['tests/helpers/global-setup.ts'],
    pool: 'forks',
    // two cores: two files at a time, each with its own database
    maxWorkers: 2,
    // a file's fixtures (its database, services, server) are set up inside its first test, so that
    // test's time includes them: generous enough for a loaded two-core machine
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // vitest 5 counts the polled function's own time against the timeout: a browser test's
    // locator waits for its element, which takes more than the default second on a busy machine
    expect: { poll: { timeout: 15_000 } },
    reporters: ['default'],
    // in-process servers log through pino straight to stdout; a test that reads logs starts a process of its own
    env: { LOG_LEVEL: 'silent' },
  },
});
