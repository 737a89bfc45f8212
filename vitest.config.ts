import { defineConfig } from 'vitest/config';
import { WxtVitest } from 'wxt/testing/vitest-plugin';

export default defineConfig({
  plugins: [WxtVitest()],
  test: {
    include: [
      'lib/**/*.test.ts',
      'components/**/*.test.{ts,tsx}',
      'hooks/**/*.test.ts',
      'e2e/servers/**/*.test.ts',
      'testing/**/*.test.ts',
    ],
    exclude: ['**/node_modules/**', '**/__fixtures__/**'],
    restoreMocks: true,
  },
});
