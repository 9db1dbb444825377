/**
 * BASE_URL points the browser suites at a deployment: the Playwright configs then start no
 * server, test that origin, let the browser resolve its host, and leave out tests tagged
 * `@local-build`; without it they serve this checkout's build with `vite preview`.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';

/** The e2e and model configs, loaded afresh with `env` set. */
async function loadConfigs(env: Record<string, string | undefined>) {
  vi.resetModules();
  for (const [name, value] of Object.entries({
    CHROME_PATH: '/usr/bin/chromium',
    E2E_BASE_URL: undefined,
    ...env,
  }))
    vi.stubEnv(name, value as string);
  return {
    e2e: (await import('../../playwright.config')).default,
    model: (await import('../../playwright.model.config')).default,
  };
}

const resolverRules = (args: readonly string[] | undefined) =>
  args?.find((arg) => arg.startsWith('--host-resolver-rules='));

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('BASE_URL', () => {
  it('tests the deployment: no local server, its origin, its host reachable, @local-build tests and local-build specs left out', async () => {
    const { e2e, model } = await loadConfigs({ BASE_URL: 'https://staging.example.com/shop?x=1' });
    for (const config of [e2e, model]) {
      expect(config.webServer).toBeUndefined();
      expect(config.use?.baseURL).toBe('https://staging.example.com');
      expect(resolverRules(config.use?.launchOptions?.args)).toBe(
        '--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1 , EXCLUDE staging.example.com',
      );
      const grepInvert = config.grepInvert as RegExp;
      expect(grepInvert.test('checkout.spec.ts reads dist/ @local-build')).toBe(true);
      expect(grepInvert.test('path 3: cart.add → cart.open')).toBe(false);
    }
    expect(e2e.testIgnore).toEqual(['**/faults.spec.ts', '**/deploy.nginx.spec.ts']);
  });

  it('without it, serves the local build with vite preview', async () => {
    const { e2e, model } = await loadConfigs({ BASE_URL: undefined, E2E_PORT: '4273' });
    for (const config of [e2e, model]) {
      expect(config.use?.baseURL).toBe('http://127.0.0.1:4273');
      expect(config.webServer).toMatchObject({ command: expect.stringContaining('vite preview') });
      expect(config.grepInvert).toBeUndefined();
      expect(resolverRules(config.use?.launchOptions?.args)).toBe(
        '--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1',
      );
    }
    expect(e2e.testIgnore).toBe('**/*.nginx.spec.ts');
  });

  it('must be an http(s) URL', async () => {
    await expect(loadConfigs({ BASE_URL: 'ftp://staging.example.com' })).rejects.toThrow(
      'BASE_URL must be an http(s) URL',
    );
  });
});
