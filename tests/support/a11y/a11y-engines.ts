import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';

/**
 * The two accessibility engines the shop is checked with besides axe-core (a11y.ts): IBM Equal
 * Access's checker engine and HTML_CodeSniffer. Both ship their rules inside one script, so nothing is
 * downloaded: the script is evaluated in the page the way @axe-core/playwright injects axe, through
 * the browser's DevTools protocol, which the page's Content Security Policy and Trusted Types do not
 * block.
 */

const resolve = createRequire(import.meta.url).resolve;
const equalAccessSource = readFileSync(resolve('accessibility-checker-engine/ace.js'), 'utf8');
const htmlCodeSnifferSource = readFileSync(resolve('html_codesniffer/build/HTMLCS.js'), 'utf8');

/** One problem an engine found: which rule, what it says, and on which element. */
export interface Finding {
  rule: string;
  message: string;
  /** The element: an XPath (IBM) or the start of its markup (HTML_CodeSniffer). */
  where: string;
}

/** IBM Equal Access's verdict on a page; see {@link checkWithEqualAccess}. */
export interface EqualAccessResults {
  /** Rule results that are certain failures of a requirement (value `['VIOLATION', 'FAIL']`). */
  violations: Finding[];
  /** Rule results that passed. */
  passes: number;
  /** Possible violations the engine cannot decide alone (`['VIOLATION', 'POTENTIAL']`): for a person to review. */
  potentialViolations: number;
}

/**
 * The IBM rule set checked: 'IBM Accessibility', the checker tools' default, WCAG 2.2 A and AA
 * (the shop's target, docs/accessibility.md) plus IBM's own requirements.
 */
const EQUAL_ACCESS_POLICY = 'IBM_Accessibility';

/** Runs IBM Equal Access's checker engine (accessibility-checker-engine) on the whole page. */
export async function checkWithEqualAccess(page: Page): Promise<EqualAccessResults> {
  await page.evaluate(equalAccessSource);
  const results = await page.evaluate(async (policy) => {
    interface Issue {
      ruleId: string;
      value: [string, string];
      path: Record<string, string>;
      message: string;
    }
    const { ace } = window as unknown as {
      ace: {
        Checker: new () => { check(root: Document, policies: string[]): Promise<{ results: Issue[] }> };
      };
    };
    const report = await new ace.Checker().check(document, [policy]);
    return report.results.map(({ ruleId, value, path, message }) => ({
      rule: ruleId,
      message,
      where: path.dom ?? '',
      value: value.join(' '),
    }));
  }, EQUAL_ACCESS_POLICY);
  const count = (value: string) => results.filter((result) => result.value === value).length;
  return {
    violations: results
      .filter(({ value }) => value === 'VIOLATION FAIL')
      .map(({ rule, message, where }) => ({ rule, message, where })),
    passes: results.filter(({ value }) => value.endsWith(' PASS')).length,
    potentialViolations: count('VIOLATION POTENTIAL'),
  };
}

/** HTML_CodeSniffer's verdict on a page; see {@link checkWithHtmlCodeSniffer}. */
export interface HtmlCodeSnifferResults {
  /** Messages of type ERROR: failures of a WCAG 2 A or AA success criterion. */
  errors: Finding[];
  /** Messages of type WARNING and NOTICE: things for a person to check. */
  warnings: number;
  notices: number;
}

/** HTML_CodeSniffer's message types (`HTMLCS.ERROR`, `.WARNING`, `.NOTICE`). */
const ERROR = 1;
const WARNING = 2;
const NOTICE = 3;

/** Runs HTML_CodeSniffer's WCAG 2 AA standard (html_codesniffer) on the whole page. */
export async function checkWithHtmlCodeSniffer(page: Page): Promise<HtmlCodeSnifferResults> {
  await page.evaluate(htmlCodeSnifferSource);
  const messages = await page.evaluate(
    () =>
      new Promise<Array<{ type: number; code: string; message: string; where: string }>>(
        (resolveMessages, reject) => {
          interface Message {
            type: number;
            code: string;
            msg: string;
            element: Element | Document;
          }
          const { HTMLCS } = window as unknown as {
            HTMLCS: {
              process(
                standard: string,
                root: Document,
                done: () => void,
                failed: () => void,
                language: string,
              ): void;
              getMessages(): Message[];
            };
          };
          HTMLCS.process(
            'WCAG2AA',
            document,
            () =>
              resolveMessages(
                HTMLCS.getMessages().map(({ type, code, msg, element }) => ({
                  type,
                  code,
                  message: msg,
                  where: element instanceof Element ? element.outerHTML.slice(0, 160) : 'the document',
                })),
              ),
            () => reject(new Error('HTML_CodeSniffer could not load its WCAG2AA standard')),
            'en',
          );
        },
      ),
  );
  const count = (type: number) => messages.filter((message) => message.type === type).length;
  return {
    errors: messages
      .filter(({ type }) => type === ERROR)
      .map(({ code, message, where }) => ({ rule: code, message, where })),
    warnings: count(WARNING),
    notices: count(NOTICE),
  };
}
