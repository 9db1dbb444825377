/**
 * A machine laid out as a statechart by ELK's layered algorithm (elkjs): each state node a box,
 * compound and parallel states holding their children, each transition with a target an edge (one per
 * target) with its label placed by ELK, and each transition without a target (or into its own source's
 * inside) a line in its source's box, as the Stately editor lists them. Sizes in CSS px, measured for a
 * monospace font of {@link FONT_PX}, so text fits without a browser to measure it.
 */
import ELK, { type ElkExtendedEdge, type ElkNode } from 'elkjs/lib/elk.bundled.js';
import {
  triggerLabel,
  type MachineAnatomy,
  type StateNodeInfo,
  type TransitionInfo,
} from '@support/model/machine-anatomy';

/** The chart's font size and line height, px; a monospace character is 0.6 of the font size wide. */
export const FONT_PX = 11;
export const LINE_PX = 15;
const CHAR_PX = FONT_PX * 0.6;
const PAD_PX = 8;
/** The shape a parallel state's regions are packed into, width over height. */
const REGIONS_ASPECT_RATIO = 1.6;
/** Room after each text for the engines' marks (./chart-svg.ts: three 12 px squares, 2 px apart), px. */
export const MARKS_PX = 46;

/** A state's box: where it is on the chart (absolute, px), its node and the lines written in it. */
export interface ChartBox {
  readonly state: StateNodeInfo;
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
  /** The transitions written inside the box (no target, or a target inside it). */
  readonly inner: readonly TransitionInfo[];
}

/** One edge: a transition to one of its targets, its route (absolute points, px) and its label's box. */
export interface ChartEdge {
  readonly transition: TransitionInfo;
  readonly points: readonly { x: number; y: number }[];
  readonly label: { x: number; y: number; width: number; height: number; text: string };
}

/** A laid-out machine: its size (px), its boxes (parents before children) and its edges. */
export interface ChartLayout {
  readonly width: number;
  readonly height: number;
  readonly boxes: readonly ChartBox[];
  readonly edges: readonly ChartEdge[];
}

/** A transition as the chart labels it: `event [guard]`, a delay with its ms, `(re-enters)`. */
function transitionText({ trigger, guard, reenter }: TransitionInfo): string {
  const when =
    trigger.kind === 'delay' ? `${triggerLabel(trigger)} (${trigger.ms} ms)` : triggerLabel(trigger);
  return `${when}${guard ? ` [${guard}]` : ''}${reenter ? ' (re-enters)' : ''}`;
}

/** A transition written inside its source's box: its label, and where it goes when it has a target. */
export function innerText(transition: TransitionInfo): string {
  const targets = transition.targetIds.map((id) => id.split('.').at(-1)).join(', ');
  return `${transitionText(transition)}${targets ? ` → ${targets}` : ''}`;
}

/** How wide a line of text is, px. */
export const textWidth = (text: string): number => Math.ceil(text.length * CHAR_PX);

/** A state's title: its key (the root's is the machine's id). */
export const stateTitle = (state: StateNodeInfo): string => state.key;

const elk = new ELK();
/** ELK's layout of a graph, typed as a graph. */
const layout = (graph: ElkNode): Promise<ElkNode> => elk.layout(graph);
const nodeId = (stateId: string) => `state:${stateId}`;

/** A laid-out part of the chart: its size, and its boxes and edges from its own top-left corner. */
interface Part {
  width: number;
  height: number;
  boxes: ChartBox[];
  edges: ChartEdge[];
}

/** A part moved by (dx, dy). */
const moved = (part: Part, dx: number, dy: number): Pick<Part, 'boxes' | 'edges'> => ({
  boxes: part.boxes.map((box) => ({ ...box, x: box.x + dx, y: box.y + dy })),
  edges: part.edges.map((edge) => ({
    ...edge,
    points: edge.points.map((point) => ({ x: point.x + dx, y: point.y + dy })),
    label: { ...edge.label, x: edge.label.x + dx, y: edge.label.y + dy },
  })),
});

/**
 * Lays out `anatomy` (machine-anatomy.ts) with ELK. A compound state and everything inside it is one
 * layered graph, top to bottom, its hierarchy laid out as one (edges cross a compound state's
 * border). A parallel state's regions are each laid out so, then packed by ELK's rectangle packing
 * into a box near {@link REGIONS_ASPECT_RATIO}, as regions run side by side and share no edge.
 * @throws when ELK cannot lay a graph out, or a transition crosses into a parallel state's region from
 * outside it (no layout here draws that).
 */
export async function layoutChart(anatomy: MachineAnatomy): Promise<ChartLayout> {
  const byId = new Map(anatomy.states.map((state) => [state.id, state]));
  const childrenOf = (state: StateNodeInfo) => anatomy.states.filter((child) => child.parentId === state.id);
  const isInside = (id: string, ancestor: string): boolean => {
    for (let parent = byId.get(id)?.parentId; parent; parent = byId.get(parent)?.parentId)
      if (parent === ancestor) return true;
    return false;
  };
  const drawnInside = (transition: TransitionInfo) =>
    transition.targetIds.length === 0 ||
    transition.targetIds.some((target) => isInside(target, transition.sourceId));
  const inner = new Map(
    anatomy.states.map((state) => [
      state.id,
      anatomy.transitions.filter((transition) => transition.sourceId === state.id && drawnInside(transition)),
    ]),
  );
  const heading = (state: StateNodeInfo) => [stateTitle(state), ...inner.get(state.id)!.map(innerText)];
  const headingSize = (state: StateNodeInfo) => {
    const lines = heading(state);
    return {
      width: Math.max(...lines.map(textWidth)) + MARKS_PX + 2 * PAD_PX,
      height: lines.length * LINE_PX + 2 * PAD_PX,
    };
  };
  const boxOf = (state: StateNodeInfo, x: number, y: number, width: number, height: number): ChartBox => ({
    state,
    x,
    y,
    width,
    height,
    inner: inner.get(state.id)!,
  });

  /** A parallel state: its regions, each laid out, packed under its heading. */
  const layoutParallel = async (state: StateNodeInfo): Promise<Part> => {
    const regions = await Promise.all(childrenOf(state).map(layoutState));
    const heading = headingSize(state);
    const packed = await layout({
      id: 'regions',
      layoutOptions: {
        'elk.algorithm': 'rectpacking',
        'elk.aspectRatio': String(REGIONS_ASPECT_RATIO),
        'elk.spacing.nodeNode': '24',
        'elk.padding': `[top=${heading.height},left=${PAD_PX * 2},bottom=${PAD_PX * 2},right=${PAD_PX * 2}]`,
      },
      children: regions.map((region, index) => ({
        id: `region:${index}`,
        width: region.width,
        height: region.height,
      })),
    });
    const width = Math.max(packed.width ?? 0, heading.width);
    const height = packed.height ?? 0;
    const placed = regions.map((region, index) => {
      const at = packed.children![index]!;
      return moved(region, at.x ?? 0, at.y ?? 0);
    });
    return {
      width,
      height,
      boxes: [boxOf(state, 0, 0, width, height), ...placed.flatMap((part) => part.boxes)],
      edges: placed.flatMap((part) => part.edges),
    };
  };

  /**
   * A state and everything inside it as one layered graph; a parallel state inside is laid out first
   * and takes its place as a box of its size.
   */
  const layoutLayered = async (state: StateNodeInfo): Promise<Part> => {
    const nested = new Map<string, Part>();
    const toNode = async (node: StateNodeInfo): Promise<ElkNode> => {
      const children = childrenOf(node);
      if (node !== state && node.type === 'parallel') {
        const part = await layoutParallel(node);
        nested.set(node.id, part);
        return { id: nodeId(node.id), width: part.width, height: part.height };
      }
      const heading = headingSize(node);
      if (children.length === 0) return { id: nodeId(node.id), ...heading };
      return {
        id: nodeId(node.id),
        children: await Promise.all(children.map(toNode)),
        layoutOptions: {
          'elk.padding': `[top=${heading.height},left=${PAD_PX * 2},bottom=${PAD_PX * 2},right=${PAD_PX * 2}]`,
          'elk.nodeSize.minimum': `(${heading.width},${heading.height + 2 * PAD_PX})`,
          'elk.nodeSize.constraints': 'MINIMUM_SIZE',
        },
      };
    };
    const root = await toNode(state);
    const inGraph = (id: string) =>
      (id === state.id || isInside(id, state.id)) &&
      ![...nested.keys()].some((parallel) => isInside(id, parallel));
    const drawn = new Map<string, { transition: TransitionInfo; text: string }>();
    const edges: ElkExtendedEdge[] = anatomy.transitions
      .filter((transition) => !drawnInside(transition) && inGraph(transition.sourceId))
      .flatMap((transition, index) =>
        transition.targetIds.map((targetId, target) => {
          if (!inGraph(targetId))
            throw new Error(
              `Transition '${transition.key}' crosses into a parallel state's region: the chart cannot draw it.`,
            );
          const id = `edge:${index}:${target}`;
          const text = transitionText(transition);
          drawn.set(id, { transition, text });
          return {
            id,
            sources: [nodeId(transition.sourceId)],
            targets: [nodeId(targetId)],
            labels: [{ text, width: textWidth(text) + MARKS_PX, height: LINE_PX }],
          };
        }),
      );
    const graph = await layout({
      id: 'chart',
      layoutOptions: {
        'elk.algorithm': 'layered',
        'elk.direction': 'DOWN',
        'elk.hierarchyHandling': 'INCLUDE_CHILDREN',
        'elk.edgeLabels.inline': 'false',
        'elk.spacing.nodeNode': '28',
        'elk.spacing.edgeLabel': '4',
        'elk.layered.spacing.nodeNodeBetweenLayers': '36',
        'elk.layered.spacing.edgeNodeBetweenLayers': '18',
        'elk.padding': '[top=0,left=0,bottom=0,right=0]',
      },
      children: [root],
      edges,
    });

    const origin = new Map<string, { x: number; y: number }>([['chart', { x: 0, y: 0 }]]);
    const boxes: ChartBox[] = [];
    const nestedParts: Pick<Part, 'boxes' | 'edges'>[] = [];
    const place = (node: ElkNode, parent: { x: number; y: number }) => {
      const at = { x: parent.x + (node.x ?? 0), y: parent.y + (node.y ?? 0) };
      origin.set(node.id, at);
      const id = node.id.slice('state:'.length);
      const part = nested.get(id);
      if (part) nestedParts.push(moved(part, at.x, at.y));
      else boxes.push(boxOf(byId.get(id)!, at.x, at.y, node.width ?? 0, node.height ?? 0));
      for (const child of node.children ?? []) place(child, at);
    };
    for (const node of graph.children ?? []) place(node, origin.get('chart')!);
    return {
      width: graph.width ?? 0,
      height: graph.height ?? 0,
      boxes: [...boxes, ...nestedParts.flatMap((part) => part.boxes)],
      edges: [
        ...(graph.edges ?? []).map((edge): ChartEdge => {
          const { transition, text } = drawn.get(edge.id)!;
          const at = origin.get(edge.container ?? 'chart') ?? { x: 0, y: 0 };
          const shift = (point: { x: number; y: number }) => ({ x: at.x + point.x, y: at.y + point.y });
          const section = edge.sections?.[0];
          const label = edge.labels?.[0];
          return {
            transition,
            points: section
              ? [section.startPoint, ...(section.bendPoints ?? []), section.endPoint].map(shift)
              : [],
            label: {
              ...shift({ x: label?.x ?? 0, y: label?.y ?? 0 }),
              width: label?.width ?? 0,
              height: label?.height ?? 0,
              text,
            },
          };
        }),
        ...nestedParts.flatMap((part) => part.edges),
      ],
    };
  };

  const layoutState = (state: StateNodeInfo): Promise<Part> =>
    state.type === 'parallel' ? layoutParallel(state) : layoutLayered(state);

  const MARGIN_PX = 8;
  const chart = moved(
    await layoutState(anatomy.states.find((state) => state.parentId === null)!),
    MARGIN_PX,
    MARGIN_PX,
  );
  const boxes = chart.boxes;
  return {
    width: Math.max(...boxes.map((box) => box.x + box.width)) + MARGIN_PX,
    height: Math.max(...boxes.map((box) => box.y + box.height)) + MARGIN_PX,
    // Parents before children, so a child's box is drawn over its parent's.
    boxes: anatomy.states.map((state) => boxes.find((box) => box.state === state)!),
    edges: chart.edges,
  };
}
