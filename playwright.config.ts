import { defineConfig } from '@playwright/test';
import { territoryHosts } from './e2e/support/ports';

// Debian's Chromium, never a downloaded browser (this machine has no network for that).
const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-quic', '--disable-sync'],
};

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  globalSetup: './e2e/global-setup.ts',
  timeout: 90_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 2,
  retries: 0,
  reporter: [['list']],
  use: {
    browserName: 'chromium',
    launchOptions: chromium,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  // Most specs run in both territories. What does not depend on the territory runs once: tests
  // tagged @uk-only or @australia-only run only in that project.
  projects: [
    { name: 'uk', use: { baseURL: territoryHosts.uk }, grepInvert: /@australia-only/ },
    { name: 'australia', use: { baseURL: territoryHosts.australia }, grepInvert: /@uk-only/ },
  ],
});
