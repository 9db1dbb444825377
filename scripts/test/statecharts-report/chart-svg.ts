/**
 * A laid-out machine (./chart-layout.ts) drawn as inline SVG, painted with its runs' results: each
 * state box, edge and inner transition line is classed by its overall status (./run-results.ts) and
 * carries one small square per engine (C, F, W) classed by that engine's status, with the statuses in
 * its tooltip. A state box links to its details (`#state-<anchor>`). The colours live in the page's
 * style sheet (./report-page.ts), so the SVG holds no style of its own.
 */
import { stateItemKey } from '@support/model/model-suite';
import type { TransitionInfo } from '@support/model/machine-anatomy';
import {
  FONT_PX,
  LINE_PX,
  MARKS_PX,
  innerText,
  stateTitle,
  textWidth,
  type ChartLayout,
} from './chart-layout';
import { escapeHtml } from './escape-html';
import { ENGINES, overallStatus, type Status } from './run-results';

const SQUARE_PX = 12;
const round = (value: number) => Math.round(value * 10) / 10;

/** One engine's square at (x, y) with its letter, classed by its status. */
const square = (x: number, y: number, engine: string, status: Status) =>
  `<g class="engine ${status}"><rect x="${round(x)}" y="${round(y)}" width="${SQUARE_PX}" height="${SQUARE_PX}" rx="2"/><text x="${round(x + SQUARE_PX / 2)}" y="${round(y + SQUARE_PX - 3)}">${engine[0]!.toUpperCase()}</text></g>`;

/** The engines' squares in a row from (x, y). */
const squares = (x: number, y: number, statuses: readonly Status[]) =>
  statuses.map((status, index) => square(x + index * (SQUARE_PX + 2), y, ENGINES[index]!, status)).join('');

/** A tooltip: what it is, then each engine's status. */
const tooltip = (what: string, statuses: readonly Status[]) =>
  `<title>${escapeHtml([what, ...statuses.map((status, index) => `${ENGINES[index]}: ${status}`)].join('\n'))}</title>`;

/**
 * The SVG of one machine: its layout, each coverage item's statuses per engine in {@link ENGINES}'
 * order (`statuses`), and each state's anchor (`anchorOf`, for its link).
 */
export function chartSvg(
  machine: string,
  layout: ChartLayout,
  statuses: (item: string) => readonly Status[],
  anchorOf: (stateId: string) => string,
): string {
  const width = Math.ceil(layout.width);
  const height = Math.ceil(layout.height);
  const transitionStatuses = (transition: TransitionInfo) => statuses(transition.key);
  const boxes = layout.boxes.map((box) => {
    // The root is no coverage item (the machine is always in it), nor something to select.
    const isRoot = box.state.parentId === null;
    const own = isRoot ? [] : statuses(stateItemKey(box.state.id));
    const lines = box.inner.map((transition, index) => {
      const line = transitionStatuses(transition);
      const y = box.y + 8 + (index + 2) * LINE_PX - 4;
      return `<g class="inner ${overallStatus(line)}">${tooltip(transition.key, line)}<text x="${round(box.x + 8)}" y="${round(y)}">${escapeHtml(innerText(transition))}</text>${squares(box.x + 12 + textWidth(innerText(transition)), y - SQUARE_PX + 2, line)}</g>`;
    });
    const kind = box.state.type === 'parallel' ? ' parallel' : box.state.type === 'final' ? ' final' : '';
    return [
      isRoot
        ? '<g class="machine">'
        : `<a href="#state-${anchorOf(box.state.id)}" class="state ${overallStatus(own)}${kind}">${tooltip(`state ${box.state.id}`, own)}`,
      `<rect class="box" x="${round(box.x)}" y="${round(box.y)}" width="${round(box.width)}" height="${round(box.height)}" rx="6"/>`,
      `<text class="title" x="${round(box.x + 8)}" y="${round(box.y + 8 + LINE_PX - 4)}">${escapeHtml(stateTitle(box.state))}</text>`,
      isRoot ? '' : squares(box.x + box.width - MARKS_PX, box.y + 5, own),
      isRoot ? '</g>' : '</a>',
      ...lines,
    ].join('');
  });
  const edges = layout.edges.map((edge) => {
    const line = transitionStatuses(edge.transition);
    const d = edge.points
      .map((point, index) => `${index ? 'L' : 'M'}${round(point.x)} ${round(point.y)}`)
      .join(' ');
    const { label } = edge;
    return `<g class="edge ${overallStatus(line)}">${tooltip(edge.transition.key, line)}<path d="${d}" marker-end="url(#arrow-${machine})"/><rect class="label" x="${round(label.x - 2)}" y="${round(label.y)}" width="${round(label.width + 4)}" height="${label.height}"/><text x="${round(label.x)}" y="${round(label.y + label.height - 4)}">${escapeHtml(label.text)}</text>${squares(label.x + textWidth(label.text) + 4, label.y + 1.5, line)}</g>`;
  });
  return [
    `<svg class="chart" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="group" aria-label="The ${machine} machine, coloured by its runs' results: each state a link to its details" style="font-size:${FONT_PX}px">`,
    `<defs><marker id="arrow-${machine}" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0 0L10 5L0 10z" class="arrow"/></marker></defs>`,
    ...boxes,
    ...edges,
    '</svg>',
  ].join('\n');
}
