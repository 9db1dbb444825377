/**
 * scripts/hosting/nginx.ts's main config: the browser suites and the bench get one small worker as before,
 * and the capacity bench gets production's sizing, which can hold 1,000 connections.
 */
import { describe, expect, it } from 'vitest';
import { PRODUCTION_WORKERS, mainConfig } from '../../../../scripts/hosting/nginx';

const directives = (config: string) =>
  config.match(/^\s*(worker_\w+|events) .*$/gm)?.map((line) => line.trim());

describe('mainConfig', () => {
  it('gives the test servers one worker of 256 connections, with the open-files limit nginx inherits', () => {
    expect(directives(mainConfig('/tmp/prefix', '/etc/nginx/mime.types', []))).toEqual([
      'worker_processes 1;',
      'events { worker_connections 256; }',
    ]);
  });

  it('sizes the capacity bench as production: a worker per core, 4096 connections and 8192 files each', () => {
    expect(directives(mainConfig('/tmp/prefix', '/etc/nginx/mime.types', [], PRODUCTION_WORKERS))).toEqual([
      'worker_processes auto;',
      'worker_rlimit_nofile 8192;',
      'events { worker_connections 4096; }',
    ]);
  });
});
