// Debian's Chromium, as every browser of the tests and the bench runs it (headless, in a container, no network
// of its own): `npm test` installs it with apt-get when it is missing; no browser is ever downloaded.

/** The browser: CHROMIUM_PATH, or Debian's package. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Its flags: headless without a sandbox or GPU, and nothing that reaches the network on its own. */
export const ARGS_DO_CHROMIUM = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
