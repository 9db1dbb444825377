/**
 * The production build's steps after Vite has written the client build, as one Vite plugin, so that
 * `vite build` alone makes what deploys: the prerendered pages (./prerender.ts), the release file
 * (src/features/checkout-download/release-file.build.ts), the service worker
 * (src/features/releases/service-worker.build.ts), then the compressed copies of every text file
 * (./precompress.ts), in that order, and last the steps the configuration adds: the worker precaches the
 * prerendered pages, the copies are made of what every earlier step wrote, and the CDN's rules cover
 * every file. Each step prints what it wrote.
 */
import { relative, resolve } from 'node:path';
import type { Logger, Plugin } from 'vite';
import { writeReleaseFile } from '../src/features/checkout-download/release-file.build.ts';
import { buildServiceWorker } from '../src/features/releases/service-worker.build.ts';
import { RELEASE_FILE, SERVICE_WORKER_FILE } from '../src/lib/shared-names.ts';
import { ALIASES } from './paths.ts';
import { precompress } from './precompress.ts';
import { prerender } from './prerender.ts';

/**
 * The plugin: applies to the client build only (not to the dev server, nor to the prerender's own SSR
 * build, which reads the same configuration).
 * @param siteUrl absolute origin of the deployed shop (canonical, Open Graph and sitemap URLs)
 * @param lastSteps steps run after these on the finished build in `outDir` (vite.config.ts: the CDN's
 * rules, build/cdn-rules.ts), each returning the line it prints
 */
export function productionBuild({
  siteUrl,
  lastSteps = [],
}: {
  siteUrl: string;
  lastSteps?: readonly ((outDir: string) => string)[];
}): Plugin {
  let outDir = '';
  let logger: Logger | undefined;
  return {
    name: 'pet-ball:production-build',
    apply: (config, { command }) => command === 'build' && !config.build?.ssr,
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
      logger = config.logger;
    },
    writeBundle: {
      sequential: true,
      order: 'post',
      async handler() {
        const log = (message: string) => logger?.info(message);
        const where = relative(process.cwd(), outDir) || '.';
        const pages = await prerender({ outDir, siteUrl: siteUrl.replace(/\/+$/, '') });
        log(`prerendered ${pages.join(', ')} into ${where}`);
        writeReleaseFile(outDir);
        log(`wrote ${RELEASE_FILE}`);
        const worker = await buildServiceWorker(outDir, ALIASES);
        for (const warning of worker.warnings) logger?.warn(`service worker: ${warning}`);
        log(`service worker ${SERVICE_WORKER_FILE}: precaches ${worker.count} files, ${worker.size} bytes`);
        const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
        const totals = precompress(outDir);
        log(
          `precompressed ${totals.files} text files: ${kib(totals.bytes)} → ${kib(totals.brotli)} brotli, ${kib(totals.gzip)} gzip`,
        );
        for (const step of lastSteps) log(step(outDir));
      },
    },
  };
}
