// The e2e tests' browser (playwright.config.ts). Debian's headless shell (package
// chromium-headless-shell: what Playwright itself runs headless) when it is there, else the full
// chromium: the same Blink, V8 and SwiftShader without the browser's own windows — the full
// browser loads its omnibox pop-up, a WebUI page in a renderer of its own, with every test's
// window (docs/performance.md "The CI run"). CHROMIUM_PATH chooses another.
import { existsSync } from 'node:fs';

const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const FULL = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const args = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  // SwiftShader draws the map's WebGL without a GPU (Chromium asks for it explicitly)
  '--enable-unsafe-swiftshader',
];

export const launchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : FULL),
  args,
};

/** The full browser: what the headless shell lacks (a notification centre, for the push spec). */
export const fullBrowserLaunchOptions = { executablePath: FULL, args };
