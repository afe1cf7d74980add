import { use } from 'react';
import type { AnyStateMachine } from 'xstate';
import { chartOf } from './chart';
import { elkInWorker } from './elkWorker';
import { estimate, layoutChart, metrics, type Layouter, type Measure, type Placed, type PlacedNode } from './layout';

// The SVG drawing of one machine, laid out once per machine. elk runs in a web worker (./elkWorker.ts),
// so its 1.6 MB neither blocks the page nor lands in any chunk.

let elk: Layouter | undefined;
const layouts = new Map<AnyStateMachine, Promise<Placed>>();

// Text is measured in the page's own font, as the SVG draws it (visualiser.css).
let canvas: { context: CanvasRenderingContext2D | null; family: string } | undefined;
const measure: Measure = (text, bold) => {
  canvas ??= { context: document.createElement('canvas').getContext('2d'), family: getComputedStyle(document.body).fontFamily };
  const { context, family } = canvas;
  if (!context) return estimate(text, bold);
  context.font = bold ? `600 ${metrics.name}px ${family}` : `${metrics.small}px ${family}`;
  return context.measureText(text).width;
};

function layoutOf(machine: AnyStateMachine): Promise<Placed> {
  let layout = layouts.get(machine);
  if (!layout) {
    elk ??= elkInWorker();
    layout = layoutChart(chartOf(machine), measure, elk);
    layouts.set(machine, layout);
  }
  return layout;
}

const pathOf = (points: { x: number; y: number }[]) => points.map((p, i) => `${i ? 'L' : 'M'}${p.x},${p.y}`).join(' ');

function StateBox({ placed, active }: { placed: PlacedNode; active: Set<string> }) {
  const { node, x, y, width, height, depth } = placed;
  const isActive = active.has(node.id);
  const leaf = node.children.length === 0;
  const classes = [
    'chart-state',
    `chart-state--${node.type}`,
    node.region && 'chart-state--region',
    depth === 0 && 'chart-state--machine',
    isActive && (leaf ? 'chart-state--current' : 'chart-state--within'),
  ].filter(Boolean);
  const { line, padX, padY } = metrics;
  return (
    <g className={classes.join(' ')} data-state-id={node.id} data-active={isActive ? 'true' : undefined}>
      <title>{`${node.id}${isActive ? ' (active)' : ''}`}</title>
      <rect x={x} y={y} width={width} height={height} rx={leaf ? 8 : 12} />
      {node.type === 'final' && <rect className="chart-state__inner" x={x + 4} y={y + 4} width={width - 8} height={height - 8} rx={5} />}
      <text x={x + padX} y={y + padY + line - 5} className="chart-state__name">
        {node.name}
      </text>
      {node.lines.map((text, i) => (
        <text key={i} x={x + padX} y={y + padY + line * (i + 2) - 5} className="chart-state__line">
          {text}
        </text>
      ))}
    </g>
  );
}

export function Diagram({ machine, active, zoom }: { machine: AnyStateMachine; active: Set<string>; zoom: number | 'fit' }) {
  const placed = use(layoutOf(machine));
  const nodes = [...placed.nodes].sort((a, b) => a.depth - b.depth);
  const { line } = metrics;
  return (
    <svg
      className="chart"
      viewBox={`0 0 ${placed.width} ${placed.height}`}
      width={zoom === 'fit' ? '100%' : placed.width * zoom}
      // Fit: the whole chart inside the canvas, scaled down to its width and to most of the window's
      // height (never enlarged past 125%); the zoom levels show it at a readable size to scroll.
      style={zoom === 'fit' ? { maxWidth: placed.width * 1.25, maxHeight: '80vh', height: 'auto' } : undefined}
      role="img"
      aria-label={`Statechart of ${machine.id}`}
    >
      <defs>
        <marker id="chart-arrow" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="8" markerHeight="8" orient="auto-start-reverse">
          <path d="M0,0 L10,5 L0,10 z" />
        </marker>
      </defs>
      {nodes.map((n) => (
        <StateBox key={n.node.id} placed={n} active={active} />
      ))}
      {placed.initials.map((b, i) => (
        <circle key={i} className="chart-initial" cx={b.x + b.width / 2} cy={b.y + b.height / 2} r={b.width / 2} />
      ))}
      {placed.edges.map((e) => (
        <g key={e.id} className="chart-edge" data-edge={`${e.source} -> ${e.target}`}>
          <path d={pathOf(e.points)} markerEnd="url(#chart-arrow)" />
          {e.label && (
            <g className="chart-edge__label">
              <rect x={e.label.x} y={e.label.y} width={e.label.width} height={e.label.height} rx={3} />
              {e.lines.map((text, i) => (
                <text key={i} x={e.label!.x + 4} y={e.label!.y + line * (i + 1) - 3}>
                  {text}
                </text>
              ))}
            </g>
          )}
        </g>
      ))}
    </svg>
  );
}
