import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      environment: 'jsdom',
      include: ['src/**/*.test.{ts,tsx}'],
      setupFiles: ['src/testing/setup-tests.ts'],
      restoreMocks: true,
      // Waits inside a test may take up to 5 s under load (see setup-tests.ts).
      testTimeout: 20_000,
      // A committed `.only` would silently skip the rest of the suite.
      allowOnly: false,
    },
  }),
);
