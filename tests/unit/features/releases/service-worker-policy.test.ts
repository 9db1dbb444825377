/**
 * The service worker's URL through its Trusted Types policy
 * (src/features/releases/service-worker-policy.ts): where the browser has Trusted Types, the URL is
 * the policy's, and the policy refuses any other script.
 */
import { describe, expect, it } from 'vitest';
import { serviceWorkerScriptURL } from '@/features/releases/service-worker-policy';
import { SERVICE_WORKER_FILE, SERVICE_WORKER_POLICY } from '@/lib/shared-names';

describe('serviceWorkerScriptURL', () => {
  it('is the URL the shop’s policy made, and that policy refuses any other script', () => {
    const policies = new Map<string, { createScriptURL: (url: string) => string }>();
    Object.defineProperty(window, 'trustedTypes', {
      configurable: true,
      value: {
        createPolicy: (name: string, rules: { createScriptURL: (url: string) => string }) => {
          policies.set(name, rules);
          return { createScriptURL: (url: string) => ({ trusted: rules.createScriptURL(url) }) };
        },
      },
    });
    expect(serviceWorkerScriptURL()).toEqual({ trusted: `/${SERVICE_WORKER_FILE}` });
    expect(() => policies.get(SERVICE_WORKER_POLICY)!.createScriptURL('/evil.js')).toThrow(
      new TypeError("/evil.js is not the shop's service worker"),
    );
  });
});
