/**
 * The statechart report (`npm run report:statecharts`, scripts/test/report-statecharts.ts) read from
 * run records written the way the runners write them (tests/support/model/run-record.ts): a passing
 * Chromium paths run, a Firefox sessions run with a failed session, no WebKit run. It paints each
 * engine's result on the right state, transition and property, draws ELK's layout with every state
 * inside its parent and apart from its siblings, and is one file with nothing to fetch.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEMPORAL_PROPERTIES } from '@machines/temporal-properties';
import { storefront } from '@support/model/storefront-model';
import { PropertyViolationError } from '@support/model/temporal-checks';
import { failedTest, runRecordFile, writeRunRecord } from '@support/model/run-record';
import { statechartsReport } from '../../../../scripts/test/report-statecharts';
import { layoutChart } from '../../../../scripts/test/statecharts-report/chart-layout';
import { reportPage, type ReportData } from '../../../../scripts/test/statecharts-report/report-page';
import { overallStatus } from '../../../../scripts/test/statecharts-report/run-results';

const OPEN = 'cart.closed: cart.open → cart.open';
const PROPERTY = TEMPORAL_PROPERTIES[0]!;
const LIVE = 'http://localhost:5173/?replay=eyJ9&step=2';

let folder: string;
let report: ReportData;
let page: string;

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'statecharts-report-'));
  const paths = join(folder, 'engines');
  const sessions = join(folder, 'sessions');
  writeRunRecord(runRecordFile(paths, 'chromium', 'paths'), {
    reach: {
      storefront: {
        items: ['state cart', 'state cart.closed', 'state cart.open', 'state cart.open.browsing', OPEN],
        configurations: [],
        pairs: [`${OPEN} ⇒ cart.open: cart.close → cart.closed`],
      },
    },
    propertyChecks: TEMPORAL_PROPERTIES.length * 2 * 10,
    failures: [],
  });
  // A session that broke a property when its second step opened the cart.
  const broken = new PropertyViolationError(PROPERTY, 'page', 'step 2', {} as never);
  writeRunRecord(runRecordFile(sessions, 'firefox', 'sessions'), {
    reach: { storefront: { items: ['state cart', 'state cart.closed'], configurations: [], pairs: [] } },
    propertyChecks: TEMPORAL_PROPERTIES.length * 2 * 3,
    failures: [
      failedTest(
        storefront,
        'storefront session',
        [{ type: 'quantity.increment' }, { type: 'cart.open' }],
        2,
        new Error('session failed', { cause: broken }),
        `storefront session failed at step 2\nLive, one step at a time (npm run dev): ${LIVE}`,
      ),
    ],
  });
  const out = join(folder, 'report', 'index.html');
  report = await statechartsReport({ paths: [paths], sessions: [sessions] }, out, new Date(0));
  page = reportPage(report);
}, 60_000);
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const state = (id: string) =>
  report.states.find((entry) => entry.machine === 'storefront' && entry.id === id)!;

describe('a failed test in the run records', () => {
  it('keeps the items of its failing step apart from those of the steps before', () => {
    const failure = failedTest(
      storefront,
      'a path',
      [{ type: 'cart.open' }, { type: 'cart.close' }],
      1,
      null,
      '',
    );
    expect(failure.failing).toEqual(
      expect.arrayContaining([OPEN, 'state cart.open', 'state cart.open.browsing']),
    );
    expect(failure.failing).not.toContain('state cart.closed');
    expect(failure.property).toBeNull();
  });

  it('names what its failing step did even when an earlier step did the same', () => {
    const again = [{ type: 'cart.open' }, { type: 'cart.close' }, { type: 'cart.open' }];
    const failure = failedTest(storefront, 'a session', again, 3, null, '');
    expect(failure.failing).toEqual(expect.arrayContaining([OPEN, 'state cart.open.browsing']));
    expect(failure.failing).not.toContain('cart.open: cart.close → cart.closed');
  });

  it('fails before its first step on the initial states', () => {
    const failure = failedTest(storefront, 'a path', [{ type: 'cart.open' }], 0, null, '');
    expect(failure.failing).toContain('state cart.closed');
    expect(failure.failing).not.toContain('state cart.open');
  });
});

describe('the statechart report', () => {
  it('gives each state its status in each engine, and the runs that covered it', () => {
    expect(state('cart.open.browsing').statuses).toEqual([
      { status: 'passed', via: ['paths'] },
      { status: 'failed', via: [] },
      { status: 'not-run', via: [] },
    ]);
    expect(state('cart.closed').statuses.map((entry) => entry.status)).toEqual([
      'passed',
      'passed',
      'not-run',
    ]);
    expect(state('toast.visible').statuses.map((entry) => entry.status)).toEqual([
      'missed',
      'missed',
      'not-run',
    ]);
    expect(state('cart.open').transitions).toContainEqual({
      key: 'cart.open: cart.close → cart.closed',
      statuses: [
        { status: 'missed', via: [] },
        { status: 'missed', via: [] },
        { status: 'not-run', via: [] },
      ],
    });
  });

  it("paints the chart: a failed state red, a covered edge green, each engine's square", () => {
    expect(page).toMatch(/<a href="#state-storefront-cart-open-browsing" class="state failed">/);
    expect(page).toMatch(/<a href="#state-storefront-toast-visible" class="state missed">/);
    expect(page).toContain(
      `<g class="edge failed"><title>${OPEN}\nchromium: passed\nfirefox: failed\nwebkit: not-run</title>`,
    );
    expect(page).toMatch(/<g class="engine passed"><rect [^>]*\/><text [^>]*>C<\/text><\/g>/);
  });

  it('shows a state its pictures, requirements, tests and live link', () => {
    const details = state('cart.open.checkoutUnavailable');
    expect(details.pictures).toHaveLength(2);
    expect(details.pictures[0]!.thumbnail).toMatch(/^data:image\/webp;base64,/);
    expect(details.pictures[0]!.href).toBe(
      relative(join(folder, 'report'), 'docs/states/storefront-cart-open-checkoutUnavailable-375x812.png'),
    );
    expect(details.requirements.map((requirement) => requirement.id).length).toBeGreaterThan(0);
    expect(details.tests.map((test) => test.file)).toEqual(
      expect.arrayContaining(['tests/model/model-paths.node-test.ts', 'tests/visual/states.spec.ts']),
    );
    expect(details.live).toEqual({
      href: 'http://localhost:5173/?state=storefront.cart.open.checkoutUnavailable',
      held: 'http://localhost:5173/?state=storefront.cart.open.checkoutUnavailable&hold',
    });
    expect(page).toContain('id="state-storefront-cart-open-checkoutunavailable"');
  });

  it('lists the transition pairs, the temporal properties and the failures in views of their own', () => {
    const taken = report.pairs.filter((pair) => pair.statuses[0] === 'passed');
    expect(taken.map((pair) => pair.pair)).toEqual([`${OPEN} ⇒ cart.open: cart.close → cart.closed`]);
    expect(report.pairs.length).toBeGreaterThan(100);
    const property = report.properties.find((entry) => entry.id === PROPERTY.id)!;
    expect(property.statuses).toEqual([
      { status: 'passed', checks: 20 },
      { status: 'failed', checks: 6 },
      { status: 'not-run', checks: 0 },
    ]);
    expect(report.failures).toEqual([
      expect.objectContaining({
        engine: 'firefox',
        kind: 'sessions',
        test: 'storefront session',
        property: PROPERTY.id,
      }),
    ]);
    expect(page).toContain(`<a href="${LIVE.replace('&', '&#38;')}">`);
    for (const view of ['pairs', 'properties', 'failures'])
      expect(page).toContain(`<section id="${view}" class="view">`);
  });

  it('is one file with nothing to fetch: no script, style sheet or image from elsewhere', () => {
    expect(page).not.toMatch(/<script|<link |<iframe|@import|url\((?!#)/i);
    for (const [, source] of page.matchAll(/<img [^>]*src="([^"]*)"/g))
      expect(source).toMatch(/^data:image\/webp;base64,/);
  });
});

describe('the chart layout (ELK)', () => {
  it('puts every state inside its parent and apart from its siblings', async () => {
    const { boxes, edges } = await layoutChart(storefront.anatomy);
    const byId = new Map(boxes.map((box) => [box.state.id, box]));
    for (const box of boxes) {
      const parent = box.state.parentId === null ? undefined : byId.get(box.state.parentId);
      if (parent) {
        expect(box.x, box.state.id).toBeGreaterThanOrEqual(parent.x);
        expect(box.y, box.state.id).toBeGreaterThanOrEqual(parent.y);
        expect(box.x + box.width, box.state.id).toBeLessThanOrEqual(parent.x + parent.width);
        expect(box.y + box.height, box.state.id).toBeLessThanOrEqual(parent.y + parent.height);
      }
      for (const other of boxes.filter(
        (sibling) => sibling !== box && sibling.state.parentId === box.state.parentId,
      )) {
        const apart =
          box.x + box.width <= other.x ||
          other.x + other.width <= box.x ||
          box.y + box.height <= other.y ||
          other.y + other.height <= box.y;
        expect(apart, `${box.state.id} and ${other.state.id}`).toBe(true);
      }
    }
    expect(edges.length).toBe(
      storefront.anatomy.transitions.filter((transition) => transition.targetIds.length > 0).length,
    );
    for (const edge of edges) expect(edge.points.length, edge.transition.key).toBeGreaterThanOrEqual(2);
  });

  it('sums up the engines: failed wins, all covered is passed, some is partial', () => {
    expect(overallStatus(['passed', 'failed', 'passed'])).toBe('failed');
    expect(overallStatus(['passed', 'passed', 'passed'])).toBe('passed');
    expect(overallStatus(['passed', 'missed', 'not-run'])).toBe('partial');
    expect(overallStatus(['missed', 'not-run', 'missed'])).toBe('missed');
    expect(overallStatus(['not-run', 'not-run', 'not-run'])).toBe('not-run');
  });
});
