// The build's stamp in the service worker (docs/web.md "Installable app"): a browser
// installs a new worker only when the bytes of /sw.js change, and public/sw.js is the same file
// in every build. The build (vite.config.ts) names the worker's cache after the build's own
// files, so each deployment of another build changes /sw.js: the browser installs it beside the
// running version, the app offers to reload, and the new worker drops the old build's cache.

const CACHE_LINE = /const SHELL_CACHE = 'vfm-shell-[\w-]+';/;

/** A short, stable digest of the build's file names (FNV-1a, 32 bits, twice). */
export function buildStamp(files: readonly string[]): string {
  const text = [...files].sort().join('\n');
  let a = 0x811c9dc5;
  let b = 0x01000193;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    a = Math.imul(a ^ code, 0x01000193) >>> 0;
    b = Math.imul(b ^ code, 0x811c9dc5) >>> 0;
  }
  return a.toString(36) + b.toString(36);
}

/** The worker's source with its cache named after the build; throws if sw.js lost that line. */
export function stampServiceWorker(source: string, files: readonly string[]): string {
  if (!CACHE_LINE.test(source)) {
    throw new Error("public/sw.js has no `const SHELL_CACHE = 'vfm-shell-…';` line to stamp");
  }
  return source.replace(CACHE_LINE, `const SHELL_CACHE = 'vfm-shell-${buildStamp(files)}';`);
}
