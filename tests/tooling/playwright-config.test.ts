/**
 * BASE_URL points the browser suites at a deployment: the Playwright config then starts no
 * server, tests that origin, lets the browser resolve its host, and leaves out tests tagged
 * `@local-build`; without it it serves this checkout's build with nginx (scripts/hosting/serve.ts). Its projects, the
 * e2e suite's and the visual baselines', take all of this from the config.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';

/** The Playwright config, loaded afresh with `env` set. */
async function loadConfig(env: Record<string, string | undefined>) {
  vi.resetModules();
  for (const [name, value] of Object.entries({
    CHROME_HEADLESS_SHELL_PATH: '/usr/lib/chromium/chromium-headless-shell',
    E2E_BASE_URL: undefined,
    ...env,
  }))
    vi.stubEnv(name, value as string);
  return (await import('../../playwright.config')).default;
}

/**
 * The projects (the e2e suite's two, the visual baselines'), each with its test directory: none sets
 * its own server or filter, and the one that launches Chromium its own way (the visual baselines, for
 * their fonts) keeps the config's arguments, so BASE_URL's host rules reach it too.
 */
function expectProjects(config: Awaited<ReturnType<typeof loadConfig>>) {
  expect(config.projects?.map(({ name, testDir }) => [name, testDir])).toEqual([
    ['mobile', 'tests'],
    ['desktop', 'tests'],
    ['states', 'tests/visual'],
  ]);
  for (const project of config.projects ?? []) {
    expect(project.use?.baseURL).toBeUndefined();
    expect(project.grepInvert).toBeUndefined();
    expect(project.testIgnore).toBeUndefined();
    if (project.name !== 'states') expect(project.use?.launchOptions).toBeUndefined();
    else {
      expect(project.use?.launchOptions?.args).toEqual(config.use?.launchOptions?.args);
      expect(project.use?.launchOptions?.env?.FONTCONFIG_FILE).toMatch(
        /tests\/support\/visual\/fonts\.conf$/,
      );
    }
  }
}

const resolverRules = (args: readonly string[] | undefined) =>
  args?.find((arg) => arg.startsWith('--host-resolver-rules='));

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('BASE_URL', () => {
  it('tests the deployment: no local server, its origin, its host reachable, @local-build tests and local-build specs left out', async () => {
    const config = await loadConfig({ BASE_URL: 'https://staging.example.com/shop?x=1' });
    expect(config.webServer).toBeUndefined();
    expect(config.use?.baseURL).toBe('https://staging.example.com');
    expect(resolverRules(config.use?.launchOptions?.args)).toBe(
      '--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1 , EXCLUDE staging.example.com',
    );
    const grepInvert = config.grepInvert as RegExp;
    expect(grepInvert.test('checkout.spec.ts reads dist/ @local-build')).toBe(true);
    expect(grepInvert.test('path 3: cart.add → cart.open')).toBe(false);
    expect(config.testIgnore).toEqual([
      '**/tests/hosting/edge/**',
      '**/tests/hosting/nginx/deploy.spec.ts',
      '**/tests/hosting/edge/deploy.spec.ts',
    ]);
    expectProjects(config);
  });

  it('without it, serves the local build with nginx (scripts/hosting/serve.ts)', async () => {
    const config = await loadConfig({ BASE_URL: undefined, E2E_PORT: '4273' });
    expect(config.use?.baseURL).toBe('http://127.0.0.1:4273');
    expect(config.webServer).toMatchObject({ command: expect.stringContaining('scripts/hosting/serve.ts') });
    expect(config.grepInvert).toBeUndefined();
    expect(resolverRules(config.use?.launchOptions?.args)).toBe(
      '--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1',
    );
    expect(config.testIgnore).toEqual(['**/tests/hosting/edge/**', '**/tests/hosting/nginx/**']);
    expectProjects(config);
  });

  it('must be an http(s) URL', async () => {
    await expect(loadConfig({ BASE_URL: 'ftp://staging.example.com' })).rejects.toThrow(
      'BASE_URL must be an http(s) URL',
    );
  });
});
