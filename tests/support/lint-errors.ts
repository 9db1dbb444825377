import type { ESLint } from 'eslint';

/**
 * The messages ESLint gives `text` linted as the file at `filePath` with the project's config, as
 * `<rule id> <message>` lines: those of the rules `ruleMatches` picks, and any fatal parse error (as
 * `fatal <message>`), so that a probe that does not parse fails its test instead of passing in silence.
 */
export async function lintErrors(
  eslint: ESLint,
  text: string,
  filePath: string,
  ruleMatches: (ruleId: string) => boolean,
): Promise<string[]> {
  return (await eslint.lintText(text, { filePath }))
    .flatMap((result) => result.messages)
    .filter((message) => (message.ruleId !== null && ruleMatches(message.ruleId)) || message.fatal)
    .map((message) => `${message.ruleId ?? 'fatal'} ${message.message}`);
}
