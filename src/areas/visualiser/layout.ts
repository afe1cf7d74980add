import type { ElkExtendedEdge, ElkNode, ElkPoint } from 'elkjs/lib/elk-api';
import type { Chart, ChartEdge, ChartNode } from './chart';

// Places a chart with elk's layered algorithm, hierarchy included: nested states lie inside their
// parents, and edges and their labels are routed across levels without overlapping the nodes.

/** What the layout needs of elk (its worker in the browser, elk.bundled.js in tests). */
export type Layouter = { layout(graph: ElkNode): Promise<ElkNode> };

/** The width of `text` in the drawing's font (canvas in the browser, an estimate in tests). */
export type Measure = (text: string, bold: boolean) => number;

export type Box = { x: number; y: number; width: number; height: number };
export type PlacedNode = Box & { node: ChartNode; depth: number };
export type PlacedEdge = { id: string; source: string; target: string; lines: string[]; points: ElkPoint[]; label?: Box };
export type Placed = { width: number; height: number; nodes: PlacedNode[]; edges: PlacedEdge[]; initials: Box[] };

/** Sizes the drawing uses (px): names are bold, other lines small. */
export const metrics = { name: 14, small: 12, line: 18, padX: 12, padY: 8, marker: 12 } as const;

/** Characters times an average width: good enough where there is no canvas (unit tests). */
export const estimate: Measure = (text, bold) => text.length * (bold ? 8.4 : 7);

const initialId = (parent: string) => `${parent}#initial`;

/**
 * The layered algorithm's settings, given to every compound state (elk reads most of them from the
 * node whose children it places). Depth-first cycle breaking keeps a machine's main flow top-down and
 * the chart narrow enough to fit a page, with labels spread over the layers. (elk 0.12 fails on some
 * machines when model-order options are added to these.)
 */
const layered = {
  'elk.algorithm': 'layered',
  'elk.direction': 'DOWN',
  'elk.edgeRouting': 'ORTHOGONAL',
  'elk.layered.cycleBreaking.strategy': 'DEPTH_FIRST',
  'elk.layered.edgeLabels.centerLabelPlacementStrategy': 'SPACE_EFFICIENT_LAYER',
  'elk.layered.spacing.nodeNodeBetweenLayers': '40',
  'elk.layered.spacing.edgeNodeBetweenLayers': '16',
  'elk.layered.spacing.edgeEdgeBetweenLayers': '12',
  'elk.spacing.nodeNode': '36',
  'elk.spacing.edgeNode': '16',
  'elk.spacing.edgeEdge': '12',
  'elk.spacing.edgeLabel': '4',
};

const isContainer = (node: ChartNode) => node.children.length > 0;

function elkNode(node: ChartNode, measure: Measure, edges: ElkExtendedEdge[]): ElkNode {
  const { line, padX, padY } = metrics;
  const textWidth = Math.max(measure(node.name, true), ...node.lines.map((l) => measure(l, false)));
  const width = Math.ceil(textWidth + 2 * padX);
  const header = padY + line * (1 + node.lines.length);
  if (!isContainer(node)) {
    return { id: node.id, width: Math.max(width, 80), height: header + padY };
  }
  const children = node.children.map((child) => elkNode(child, measure, edges));
  if (node.initial) {
    children.unshift({ id: initialId(node.id), width: metrics.marker, height: metrics.marker });
    edges.push({ id: `edge:${initialId(node.id)}`, sources: [initialId(node.id)], targets: [node.initial] });
  }
  return {
    id: node.id,
    children,
    layoutOptions: {
      ...layered,
      'elk.padding': `[top=${header + 10},left=16,bottom=16,right=16]`,
      'elk.nodeSize.constraints': 'MINIMUM_SIZE',
      'elk.nodeSize.minimum': `(${width}, ${header + 20})`,
    },
  };
}

function labelOf(edge: ChartEdge, measure: Measure) {
  const width = Math.ceil(Math.max(...edge.lines.map((l) => measure(l, false))) + 8);
  return { text: edge.lines.join('\n'), width, height: edge.lines.length * metrics.line + 4 };
}

export async function layoutChart(chart: Chart, measure: Measure, elk: Layouter): Promise<Placed> {
  const edges: ElkExtendedEdge[] = [];
  const root = elkNode(chart.root, measure, edges);
  for (const edge of chart.edges) {
    edges.push({
      id: edge.id,
      sources: [edge.source],
      targets: [edge.target],
      labels: [{ ...labelOf(edge, measure), layoutOptions: { 'elk.edgeLabels.placement': 'CENTER' } }],
    });
  }
  const graph: ElkNode = {
    id: '#graph',
    layoutOptions: {
      ...layered,
      'elk.hierarchyHandling': 'INCLUDE_CHILDREN',
      'elk.padding': '[top=8,left=8,bottom=8,right=8]',
      // Every coordinate relative to the drawing, so nodes and edges draw without offsets.
      'elk.json.shapeCoords': 'ROOT',
      'elk.json.edgeCoords': 'ROOT',
    },
    children: [root],
    edges,
  };
  const out = await elk.layout(graph);

  const byId = new Map<string, ChartNode>();
  const index = (n: ChartNode) => {
    byId.set(n.id, n);
    n.children.forEach(index);
  };
  index(chart.root);

  const nodes: PlacedNode[] = [];
  const initials: Box[] = [];
  const collect = (n: ElkNode, depth: number) => {
    const box = { x: n.x ?? 0, y: n.y ?? 0, width: n.width ?? 0, height: n.height ?? 0 };
    const node = byId.get(n.id);
    if (node) nodes.push({ ...box, node, depth });
    else if (n.id.endsWith('#initial')) initials.push(box);
    n.children?.forEach((c) => collect(c, depth + 1));
  };
  out.children?.forEach((c) => collect(c, 0));

  const chartEdges = new Map(chart.edges.map((e) => [e.id, e]));
  const placedEdges: PlacedEdge[] = (out.edges ?? []).map((e) => {
    const points = (e.sections ?? []).flatMap((s) => [s.startPoint, ...(s.bendPoints ?? []), s.endPoint]);
    const label = e.labels?.[0];
    const source = chartEdges.get(e.id);
    return {
      id: e.id,
      source: e.sources[0],
      target: e.targets[0],
      lines: source?.lines ?? [],
      points,
      label: label && source ? { x: label.x ?? 0, y: label.y ?? 0, width: label.width ?? 0, height: label.height ?? 0 } : undefined,
    };
  });
  return { width: out.width ?? 0, height: out.height ?? 0, nodes, edges: placedEdges, initials };
}
