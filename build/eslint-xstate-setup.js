/**
 * eslint-plugin-xstate 3 for machines written as XState 5 recommends,
 * `setup({ … }).createMachine({ … })`, so the plugin's rules check the machines Stately's editor reads.
 *
 * The plugin's rules look for machine configs only inside calls whose callee is the NAME `createMachine`
 * (or `Machine`): every rule prefixes its selectors with
 * `CallExpression[callee.name=/^createMachine$|^Machine$/] ` (lib/utils/getSelectorPrefix.js). In
 * `setup(…).createMachine(…)` the callee is a member expression, so the rules would silently check
 * nothing. The plugin's own way out, a `/* eslint-plugin-xstate-include *\/` comment, checks every object
 * of the file as a possible machine config, and then misreads `setup({ types, actions, guards, … })` as
 * the root state node (`no-invalid-state-props` reports `actions`, `guards`, `delays`) and crashes on a
 * computed key (`prefer-predictable-action-arguments`).
 *
 * This wraps each rule and rewrites that selector prefix to also match a `createMachine` member call, so
 * the rules check exactly the machine config of `setup(…).createMachine(…)`, as the plugin checks the
 * config of `createMachine(…)`. Nothing else about a rule changes.
 */

const PLUGIN_PREFIX = 'CallExpression[callee.name=/^createMachine$|^Machine$/]';
const SETUP_AWARE_PREFIX =
  'CallExpression:matches([callee.name=/^createMachine$|^Machine$/], [callee.type="MemberExpression"][callee.property.name="createMachine"])';

/**
 * The rule, with its visitors' selectors matching `x.createMachine(…)` too.
 * @param {import('eslint').Rule.RuleModule} rule
 * @returns {import('eslint').Rule.RuleModule}
 */
function setupAware(rule) {
  return {
    ...rule,
    create(context) {
      const visitors = rule.create(context);
      return Object.fromEntries(
        Object.entries(visitors).map(([selector, visit]) => [
          selector.split(PLUGIN_PREFIX).join(SETUP_AWARE_PREFIX),
          visit,
        ]),
      );
    },
  };
}

/**
 * The plugin with every rule made setup-aware (see the module comment). Register it under the name
 * `xstate` so rule names and settings stay the plugin's own (`xstate/invoke-usage`, `settings.xstate`).
 * @param {{ rules: Record<string, import('eslint').Rule.RuleModule>, configs: object }} plugin eslint-plugin-xstate
 */
export function setupAwareXstatePlugin(plugin) {
  return {
    ...plugin,
    rules: Object.fromEntries(Object.entries(plugin.rules).map(([name, rule]) => [name, setupAware(rule)])),
  };
}
