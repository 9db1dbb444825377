import type { Engine, EngineName } from '../driver';
import { launchChromium } from './chromium';
import { launchFirefox } from './firefox';
import { launchWebKit } from './webkit';

/** The engines by name, in the order the runner lists them. */
export const ENGINES: Record<EngineName, () => Promise<Engine>> = {
  chromium: launchChromium,
  firefox: launchFirefox,
  webkit: launchWebKit,
};

/** True when `name` is one of {@link ENGINES}. */
export function isEngineName(name: unknown): name is EngineName {
  return typeof name === 'string' && Object.hasOwn(ENGINES, name);
}

/**
 * Launches the engine `name`.
 * @throws when `name` is not an engine, or the browser cannot be started.
 */
export function launchEngine(name: unknown): Promise<Engine> {
  if (!isEngineName(name))
    throw new Error(`ENGINE must be one of ${Object.keys(ENGINES).join(', ')}, not ${String(name)}`);
  return ENGINES[name]();
}
