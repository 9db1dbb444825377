/**
 * The statechart report as one HTML file that opens from disk with no network and no script: the
 * machines' charts painted with the runs' results (./chart-svg.ts), and views reached by links and
 * CSS `:target` (the transition pairs, the temporal properties, the failures, each state's details).
 * Pictures come inline as data URLs; links to the full-size pictures and to the dev server's live
 * links leave the page only when followed.
 */
import { escapeHtml } from './escape-html';
import { ENGINES, type Status } from './run-results';

/** One engine's status of an element, with the kinds of run that covered it. */
export interface EngineStatus {
  readonly status: Status;
  readonly via?: readonly string[];
}

/** A transition out of a state, as its details list it. */
export interface StateTransition {
  readonly key: string;
  readonly statuses: readonly EngineStatus[];
}

/** A state's details: what selecting it on the chart shows. */
export interface StateDetails {
  readonly machine: string;
  readonly id: string;
  /** Its element id's tail: `#state-<anchor>`. */
  readonly anchor: string;
  readonly type: string;
  readonly description: string | null;
  readonly statuses: readonly EngineStatus[];
  readonly transitions: readonly StateTransition[];
  /** Its pictures: a small copy inline (a data URL), the full picture's path from the report. */
  readonly pictures: readonly { thumbnail: string; href: string; alt: string }[];
  /** When its picture is another state's, which. */
  readonly pictureOwner: string | null;
  readonly requirements: readonly { id: string; text: string }[];
  /** The test files that reach it, each with what in it does. */
  readonly tests: readonly { file: string; what: string }[];
  /** Its live link on the dev server, and the same held there. */
  readonly live: { href: string; held: string };
}

/** A transition pair of a machine and each engine's status. */
export interface PairRow {
  readonly machine: string;
  readonly pair: string;
  readonly statuses: readonly Status[];
}

/** A temporal property and each engine's status and checks. */
export interface PropertyRow {
  readonly id: string;
  readonly requirement: string;
  readonly statement: string;
  readonly statuses: readonly { status: Status; checks: number }[];
}

/** A failed test of a run. */
export interface FailureRow {
  readonly engine: string;
  readonly kind: string;
  readonly test: string;
  readonly failing: readonly string[];
  readonly property: string | null;
  /** What its runner printed: its error, steps, replay command and live link. */
  readonly report: string;
}

/** Text as HTML with each dev-server link (a failure's live link) made a link. */
const withLinks = (text: string) =>
  escapeHtml(text).replace(
    /http:\/\/localhost:5173\/\S*/g,
    (url) => `<a href="${url}">${url.length > 80 ? `${url.slice(0, 77)}…` : url}</a>`,
  );

/** Everything the page shows. */
export interface ReportData {
  /** When the report was written (ISO 8601). */
  readonly written: string;
  /** Per engine, the record files read (null: that kind did not run there). */
  readonly runs: readonly { engine: string; paths: string | null; sessions: string | null }[];
  /** Per machine, its chart's SVG. */
  readonly charts: readonly { machine: string; svg: string }[];
  readonly states: readonly StateDetails[];
  readonly pairs: readonly PairRow[];
  readonly properties: readonly PropertyRow[];
  readonly failures: readonly FailureRow[];
}

const STATUS_TEXT: Readonly<Record<Status | 'partial', string>> = {
  passed: 'covered, passed',
  failed: 'failed here',
  missed: 'not reached',
  'not-run': 'not run',
  partial: 'covered in some engines',
};
const SIGN: Readonly<Record<Status, string>> = { passed: '✓', failed: '✗', missed: '–', 'not-run': '·' };

/** A cell per engine: its sign, classed by status, with the status in words. */
const engineCells = (statuses: readonly Status[], extra: (index: number) => string = () => '') =>
  statuses
    .map(
      (status, index) =>
        `<td class="${status}" title="${ENGINES[index]}: ${STATUS_TEXT[status]}">${SIGN[status]}${extra(index)}</td>`,
    )
    .join('');

const engineHeads = ENGINES.map((engine) => `<th scope="col">${engine}</th>`).join('');

const STYLE = `
:root { color-scheme: light; --passed: #1a7f37; --failed: #cf222e; --partial: #9a6700; --missed: #6e7781; --not-run: #afb8c1; font: 14px/1.45 system-ui, sans-serif; color: #1f2328; }
body { margin: 0; }
header, main > section, nav { padding: 0 24px; }
header { border-bottom: 1px solid #d0d7de; padding-bottom: 8px; }
nav { display: flex; gap: 16px; padding-block: 8px; position: sticky; top: 0; background: #fff; border-bottom: 1px solid #d0d7de; z-index: 1; }
nav a { font-weight: 600; }
a { color: #0969da; }
.view { display: none; }
.view:target, #charts { display: block; }
body:has(.view:target) #charts { display: none; }
.chart-scroll { overflow-x: auto; border: 1px solid #d0d7de; border-radius: 6px; margin-bottom: 24px; }
svg.chart { display: block; font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, "DejaVu Sans Mono", monospace; }
svg .box { fill: #fff; stroke: var(--missed); stroke-width: 1.5; }
svg .machine .box { fill: #f6f8fa; stroke: #57606a; }
svg .parallel > .box { stroke-dasharray: 6 3; }
svg .final > .box { stroke-width: 4; }
svg .title { font-weight: 700; fill: #1f2328; }
svg text { fill: #1f2328; }
svg a.state:hover .box, svg a.state:focus .box { fill: #ddf4ff; }
svg .state.passed > .box { stroke: var(--passed); fill: #dafbe1; }
svg .state.partial > .box { stroke: var(--partial); fill: #fff8c5; stroke-dasharray: 5 3; }
svg .state.failed > .box { stroke: var(--failed); fill: #ffebe9; stroke-width: 3; }
svg .state.missed > .box { stroke: var(--missed); stroke-dasharray: 2 3; }
svg .state.not-run > .box { stroke: var(--not-run); }
svg .edge path { fill: none; stroke-width: 1.5; }
svg .edge .label { fill: #fff; opacity: 0.9; }
svg .edge.passed path { stroke: var(--passed); }
svg .edge.partial path { stroke: var(--partial); stroke-dasharray: 5 3; }
svg .edge.failed path { stroke: var(--failed); stroke-width: 3; }
svg .edge.missed path { stroke: var(--missed); stroke-dasharray: 2 3; }
svg .edge.not-run path { stroke: var(--not-run); }
svg .arrow { fill: #57606a; }
svg .inner.failed > text { fill: var(--failed); font-weight: 700; }
svg .inner.missed > text { fill: var(--missed); }
svg .engine text { font-size: 9px; font-weight: 700; text-anchor: middle; fill: #fff; }
svg .engine.passed rect { fill: var(--passed); }
svg .engine.failed rect { fill: var(--failed); }
svg .engine.missed rect { fill: #fff; stroke: var(--missed); }
svg .engine.missed text { fill: var(--missed); }
svg .engine.not-run rect { fill: #fff; stroke: var(--not-run); stroke-dasharray: 2 2; }
svg .engine.not-run text { fill: var(--not-run); }
.legend { display: flex; flex-wrap: wrap; gap: 16px; padding: 0; list-style: none; }
.legend li::before { content: ""; display: inline-block; width: 14px; height: 14px; margin-right: 6px; vertical-align: -2px; border: 2px solid; border-radius: 3px; }
.legend .passed::before { border-color: var(--passed); background: #dafbe1; }
.legend .partial::before { border: 2px dashed var(--partial); background: #fff8c5; }
.legend .failed::before { border: 3px solid var(--failed); background: #ffebe9; }
.legend .missed::before { border: 2px dotted var(--missed); }
.legend .not-run::before { border-color: var(--not-run); }
table { border-collapse: collapse; margin-bottom: 24px; }
th, td { border: 1px solid #d0d7de; padding: 2px 8px; text-align: left; vertical-align: top; }
td.passed, td.failed, td.missed, td.not-run { text-align: center; font-weight: 700; }
td.passed { color: var(--passed); } td.failed { color: #fff; background: var(--failed); } td.missed { color: var(--missed); } td.not-run { color: var(--not-run); }
td small { font-weight: 400; display: block; }
pre { white-space: pre-wrap; overflow-wrap: anywhere; margin: 0; font-size: 12px; }
code { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 12px; }
.state-details { display: none; position: fixed; top: 0; right: 0; bottom: 0; width: min(520px, 100%); overflow-y: auto; background: #fff; border-left: 1px solid #d0d7de; box-shadow: -4px 0 16px rgb(0 0 0 / 0.12); padding: 0 20px 24px; z-index: 2; }
.state-details:target { display: block; }
.state-details img { border: 1px solid #d0d7de; margin-right: 8px; }
.state-details h2 code { font-size: inherit; }
.close { float: right; margin-top: 16px; }
`;

/** The selected state's box outlined on the chart, for each state: a rule per state, by `:has()`. */
const selectedRules = (states: readonly StateDetails[]) =>
  states
    .map(
      ({ anchor }) =>
        `body:has(#state-${anchor}:target) a[href="#state-${anchor}"] > .box { stroke: #0969da; stroke-width: 4; stroke-dasharray: none; }`,
    )
    .join('\n');

/** A state's details panel. */
function statePanel(state: StateDetails): string {
  const list = <T>(items: readonly T[], item: (value: T) => string, none: string) =>
    items.length === 0
      ? `<p>${none}</p>`
      : `<ul>${items.map((value) => `<li>${item(value)}</li>`).join('')}</ul>`;
  const viaCells = (statuses: readonly EngineStatus[]) =>
    engineCells(
      statuses.map((entry) => entry.status),
      (index) => (statuses[index]!.via?.length ? `<small>${statuses[index]!.via!.join(', ')}</small>` : ''),
    );
  return `<section class="state-details" id="state-${state.anchor}" aria-labelledby="state-${state.anchor}-title">
<a class="close" href="#charts">Close</a>
<h2 id="state-${state.anchor}-title"><code>${escapeHtml(state.machine)}.${escapeHtml(state.id)}</code></h2>
<p>${escapeHtml(state.type)} state. ${escapeHtml(state.description ?? '(The machine gives no description.)')}</p>
<p><a href="${escapeHtml(state.live.href)}">Open it live</a> · <a href="${escapeHtml(state.live.held)}">held there</a> (on <code>npm run dev</code>)</p>
<h3>Results</h3>
<table><thead><tr><th scope="col">item</th>${engineHeads}</tr></thead><tbody>
<tr><th scope="row">this state</th>${viaCells(state.statuses)}</tr>
${state.transitions.map((transition) => `<tr><th scope="row"><code>${escapeHtml(transition.key)}</code></th>${viaCells(transition.statuses)}</tr>`).join('\n')}
</tbody></table>
<h3>Pictures</h3>
${state.pictureOwner ? `<p>Its screen is the picture of <code>${escapeHtml(state.pictureOwner)}</code>.</p>` : ''}
<p>${state.pictures.map((picture) => `<a href="${escapeHtml(picture.href)}"><img src="${picture.thumbnail}" alt="${escapeHtml(picture.alt)}"></a>`).join('')}</p>
<h3>Requirements</h3>
${list(state.requirements, (requirement) => `<b>${escapeHtml(requirement.id)}</b> ${escapeHtml(requirement.text)}`, 'No requirement names this state or a transition from it.')}
<h3>Tests that reach it</h3>
${list(state.tests, (test) => `<code>${escapeHtml(test.file)}</code>: ${escapeHtml(test.what)}`, 'None.')}
</section>`;
}

/** The whole page. */
export function reportPage(data: ReportData): string {
  const machines = [...new Set(data.pairs.map((pair) => pair.machine))];
  const pairTables = machines.map((machine) => {
    const rows = data.pairs.filter((pair) => pair.machine === machine);
    const totals = ENGINES.map((_, index) => rows.filter((row) => row.statuses[index] === 'passed').length);
    return `<h3>${escapeHtml(machine)}: ${rows.length} pairs the model can take</h3>
<table><thead><tr><th scope="col">first transition ⇒ the next</th>${engineHeads}</tr></thead><tbody>
<tr><th scope="row">taken</th>${totals.map((total) => `<td>${total} of ${rows.length}</td>`).join('')}</tr>
${rows.map((row) => `<tr><td><code>${escapeHtml(row.pair)}</code></td>${engineCells(row.statuses)}</tr>`).join('\n')}
</tbody></table>`;
  });
  const runRows = data.runs
    .map(
      (run) =>
        `<tr><th scope="row">${run.engine}</th><td>${run.paths ? `<code>${escapeHtml(run.paths)}</code>` : 'not run'}</td><td>${run.sessions ? `<code>${escapeHtml(run.sessions)}</code>` : 'not run'}</td></tr>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Statecharts, painted with the latest runs</title>
<style>${STYLE}${selectedRules(data.states)}</style>
</head>
<body>
<header>
<h1>Statecharts, painted with the latest runs</h1>
<p>Written ${escapeHtml(data.written)} by <code>npm run report:statecharts</code> from the covering paths' and sessions' run records:</p>
<table><thead><tr><th scope="col">engine</th><th scope="col">covering paths</th><th scope="col">sessions</th></tr></thead><tbody>
${runRows}
</tbody></table>
</header>
<nav aria-label="Views"><a href="#charts">Charts</a><a href="#pairs">Transition pairs</a><a href="#properties">Temporal properties</a><a href="#failures">Failures (${data.failures.length})</a></nav>
<main>
<section id="charts">
<h2>Charts</h2>
<p>Each state, transition and guard is painted by what the runs did with it: the squares C, F and W are Chromium, Firefox and WebKit; its colour sums them up. Select a state for its pictures, requirements, tests and live link.</p>
<ul class="legend">${(['passed', 'partial', 'failed', 'missed', 'not-run'] as const).map((status) => `<li class="${status}">${STATUS_TEXT[status]}</li>`).join('')}</ul>
${data.charts.map((chart) => `<h3>${escapeHtml(chart.machine)}</h3>\n<div class="chart-scroll">${chart.svg}</div>`).join('\n')}
</section>
<section id="pairs" class="view">
<h2>Transition pairs</h2>
<p>Two transitions taken one after the other in a passing covering path or session, of the pairs the model can take within a session's bounds.</p>
${pairTables.join('\n')}
</section>
<section id="properties" class="view">
<h2>Temporal properties</h2>
<p>Each property (machines/temporal-properties.ts) is judged after every step of the covering paths and the sessions, on the model and on the page; the counts are its checks.</p>
<table><thead><tr><th scope="col">property</th><th scope="col">requirement</th><th scope="col">statement</th>${engineHeads}</tr></thead><tbody>
${data.properties
  .map(
    (property) =>
      `<tr><th scope="row"><code>${escapeHtml(property.id)}</code></th><td>${escapeHtml(property.requirement)}</td><td>${escapeHtml(property.statement)}</td>${engineCells(
        property.statuses.map((entry) => entry.status),
        (index) => `<small>${property.statuses[index]!.checks} checks</small>`,
      )}</tr>`,
  )
  .join('\n')}
</tbody></table>
</section>
<section id="failures" class="view">
<h2>Failures</h2>
${
  data.failures.length === 0
    ? '<p>No covering path or session failed in these runs.</p>'
    : `<table><thead><tr><th scope="col">engine</th><th scope="col">run</th><th scope="col">test</th><th scope="col">its failing step reached</th><th scope="col">property broken</th></tr></thead><tbody>
${data.failures
  .map(
    (
      failure,
    ) => `<tr><td>${failure.engine}</td><td>${failure.kind}</td><td>${escapeHtml(failure.test)}</td><td>${failure.failing.map((item) => `<code>${escapeHtml(item)}</code>`).join('<br>')}</td><td>${failure.property ? `<code>${escapeHtml(failure.property)}</code>` : ''}</td></tr>
<tr><td colspan="5"><pre>${withLinks(failure.report)}</pre></td></tr>`,
  )
  .join('\n')}
</tbody></table>`
}
</section>
${data.states.map(statePanel).join('\n')}
</main>
</body>
</html>
`;
}
