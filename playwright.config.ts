import { defineConfig } from '@playwright/test';
import { ARGS_DO_CHROMIUM, CHROMIUM } from './scripts/chromium.mjs';

/**
 * Two workers, each with its own server and embedded database (e2e/global-setup.ts starts one per worker), so a
 * spec that counts rows sees only its own worker's. Worker i's server listens on E2E_PORT + 10·i; the specs' own
 * listeners sit at +3..+8 of their worker's port. `E2E_WORKERS=1` runs everything on one server.
 */
export const E2E_WORKERS = Number(process.env.E2E_WORKERS ?? 2);
export const portaDoWorker = (indice: number) => Number(process.env.E2E_PORT ?? 3210) + 10 * indice;
/** This worker's index (Playwright sets it in each worker process before it loads this file; 0 in the runner). */
export const INDICE_WORKER = Number(process.env.TEST_PARALLEL_INDEX ?? 0);
export const E2E_PORT = portaDoWorker(INDICE_WORKER);

/** Browser tests in Debian's Chromium (never a downloaded browser) against the built product. */
export default defineConfig({
  testDir: './e2e',
  testMatch: /.*\.spec\.ts/,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  workers: E2E_WORKERS,
  retries: 0,
  reporter: [['list']],
  globalSetup: './e2e/global-setup.ts',
  outputDir: '.tmp/e2e-results',
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    viewport: { width: 1366, height: 900 },
    acceptDownloads: true,
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM,
      args: [
        ...ARGS_DO_CHROMIUM,
        // The gate's camera reads a fake device, with no permission prompt.
        '--use-fake-device-for-media-stream',
        '--use-fake-ui-for-media-stream',
      ],
    },
  },
});
