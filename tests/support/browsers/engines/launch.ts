import type { Engine, EngineName, EngineOptions, Viewport } from '@support/browsers/driver';
import { launchChromium } from '@support/browsers/engines/chromium';
import { launchFirefox } from '@support/browsers/engines/firefox';
import { launchWebKit } from '@support/browsers/engines/webkit';

/**
 * The engines by name, in the order the runner lists them. WebKitGTK's WebDriver has no touch input,
 * so its taps are a mouse's whatever the options say.
 */
export const ENGINES: Record<EngineName, (viewport?: Viewport, options?: EngineOptions) => Promise<Engine>> =
  {
    chromium: launchChromium,
    firefox: (viewport, options) => launchFirefox({}, viewport, options),
    webkit: (viewport) => launchWebKit(viewport),
  };

/** True when `name` is one of {@link ENGINES}. */
export function isEngineName(name: unknown): name is EngineName {
  return typeof name === 'string' && Object.hasOwn(ENGINES, name);
}

/**
 * Launches the engine `name`, its pages at `viewport` (CSS px; default the suite's 390 × 844), with
 * `options` (a finger's taps).
 * @throws when `name` is not an engine, or the browser cannot be started.
 */
export function launchEngine(name: unknown, viewport?: Viewport, options?: EngineOptions): Promise<Engine> {
  if (!isEngineName(name))
    throw new Error(`ENGINE must be one of ${Object.keys(ENGINES).join(', ')}, not ${String(name)}`);
  return ENGINES[name](viewport, options);
}
