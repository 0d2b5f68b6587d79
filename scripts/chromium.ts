/** The Debian Chromium that e2e tests and benchmarks drive, with the quiet flags they share. */
export const CHROMIUM_PATH = '/usr/bin/chromium';

/** No sandbox (CI runs as root), no GPU, and no background traffic that would skew timings. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
