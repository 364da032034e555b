import type { ELK, ElkExtendedEdge, ElkNode } from 'elkjs/lib/elk-api';
import type { DiagramState, DiagramTransition, StatechartModel } from './statechart-model';

export interface Box {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

export interface PlacedState extends Box {
  readonly state: DiagramState;
  readonly depth: number;
}

export interface PlacedTransition {
  readonly id: string;
  readonly transition: DiagramTransition;
  /** The state the arrow ends at: the source itself for a transition that stays. */
  readonly targetId: string;
  readonly points: readonly { readonly x: number; readonly y: number }[];
  readonly label: Box & { readonly lines: readonly ArrowLine[] };
}

/** One line of an arrow's words: the event's, or the condition's (drawn quieter). */
interface ArrowLine {
  readonly text: string;
  readonly condition: boolean;
}

interface PlacedInitial {
  readonly parentId: string;
  readonly marker: Box;
  readonly points: readonly { readonly x: number; readonly y: number }[];
}

export interface StatechartLayout {
  readonly width: number;
  readonly height: number;
  /** The state the machine starts in (the first region's, in a parallel machine): where a large drawing opens. */
  readonly start: Box | null;
  readonly states: readonly PlacedState[];
  readonly transitions: readonly PlacedTransition[];
  readonly initials: readonly PlacedInitial[];
}

const charWidth = 7.6;
const smallCharWidth = 6.6;
/** Lines of a state's name and of an arrow's words, as the SVG draws them (13 px and 12 px text). */
export const stateLineHeight = 17;
export const transitionLineHeight = 15;
const titleHeight = 34;
const markerSize = 14;
const initialSuffix = '::initial';
const stateLineChars = 22;
const transitionLineChars = 30;

/** Words broken into lines of at most `max` characters (a longer word keeps a line to itself). */
function wrapWords(text: string, max: number): string[] {
  const lines: string[] = [];
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const last = lines.at(-1);
    if (last !== undefined && last.length + 1 + word.length <= max) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  return lines;
}

/** A parallel state says so after its name. */
export const stateTitle = (state: DiagramState) => (state.kind === 'parallel' ? `${state.label} (in parallel)` : state.label);

/** A state box's lines: a simple state's name wraps; a container's stays one title line. */
export const stateLines = (state: DiagramState) => (state.childIds.length > 0 ? [stateTitle(state)] : wrapWords(stateTitle(state), stateLineChars));

/** The words on a transition's arrow: its event, then its condition, each wrapped. */
const transitionLines = (transition: DiagramTransition): ArrowLine[] => [
  ...wrapWords(transition.label, transitionLineChars).map((text) => ({ text, condition: false })),
  ...wrapWords(transition.condition ?? '', transitionLineChars).map((text) => ({ text, condition: true })),
];

const longest = (lines: readonly (string | ArrowLine)[]) => Math.max(0, ...lines.map((line) => (typeof line === 'string' ? line : line.text).length));

function stateSize(state: DiagramState): { width: number; height: number } {
  const lines = stateLines(state);
  return { width: Math.max(110, longest(lines) * charWidth + 28), height: lines.length * stateLineHeight + 22 };
}

function elkNode(state: DiagramState, byId: ReadonlyMap<string, DiagramState>): ElkNode {
  const children = state.childIds.flatMap((id) => {
    const child = byId.get(id);
    return child ? [elkNode(child, byId)] : [];
  });
  if (children.length === 0) return { id: state.id, ...stateSize(state) };
  const hasInitial = state.kind !== 'parallel' && state.childIds.some((id) => byId.get(id)?.initial);
  return {
    id: state.id,
    layoutOptions: {
      'elk.padding': `[top=${titleHeight + 6},left=18,bottom=18,right=18]`,
      'elk.nodeSize.constraints': 'MINIMUM_SIZE',
      'elk.nodeSize.minimum': `(${Math.max(140, stateTitle(state).length * charWidth + 40)}, 60)`,
    },
    children: hasInitial ? [{ id: `${state.id}${initialSuffix}`, width: markerSize, height: markerSize }, ...children] : children,
  };
}

/** The shape of a screen or an A4 page in landscape: the drawing that comes closest reads best. */
const targetAspect = 1.5;
const aspectDistance = (layout: StatechartLayout) => Math.abs(Math.log(layout.width / Math.max(1, layout.height) / targetAspect));

/** Lays the model out top-down and left-right, and keeps whichever fits a landscape page better. */
export async function layoutStatechart(model: StatechartModel, elk: ELK): Promise<StatechartLayout> {
  const [down, right] = await Promise.all([layoutIn(elk, model, 'DOWN'), layoutIn(elk, model, 'RIGHT')]);
  return aspectDistance(down) <= aspectDistance(right) ? down : right;
}

/** Lays the model out with ELK's layered algorithm, nested states inside their parents, in root coordinates. */
async function layoutIn(elk: ELK, model: StatechartModel, direction: 'DOWN' | 'RIGHT'): Promise<StatechartLayout> {
  const byId = new Map(model.states.map((state) => [state.id, state]));
  const root = byId.get(model.rootId);
  if (!root) throw new Error(`No root state in ${model.machineId}`);

  const edges: ElkExtendedEdge[] = [];
  const arrows = new Map<string, { transition: DiagramTransition; targetId: string; lines: readonly ArrowLine[] }>();
  for (const transition of model.transitions) {
    const targets = transition.targetIds.length > 0 ? transition.targetIds : [transition.sourceId];
    targets.forEach((targetId, index) => {
      const id = `${transition.id}>${index}`;
      const lines = transitionLines(transition);
      arrows.set(id, { transition, targetId, lines });
      edges.push({
        id,
        sources: [transition.sourceId],
        targets: [targetId],
        labels: [{ id: `${id}:label`, text: lines.map((line) => line.text).join(' '), width: longest(lines) * smallCharWidth + 12, height: lines.length * transitionLineHeight + 6 }],
      });
    });
  }
  for (const state of model.states) {
    const initial = state.kind === 'parallel' ? undefined : state.childIds.find((id) => byId.get(id)?.initial);
    if (initial) edges.push({ id: `${state.id}${initialSuffix}>`, sources: [`${state.id}${initialSuffix}`], targets: [initial] });
  }

  const graph: ElkNode = await elk.layout({
    id: '__diagram',
    layoutOptions: {
      'elk.algorithm': 'layered',
      'elk.direction': direction,
      'elk.hierarchyHandling': 'INCLUDE_CHILDREN',
      'elk.edgeRouting': 'ORTHOGONAL',
      'elk.layered.spacing.nodeNodeBetweenLayers': '46',
      'elk.spacing.nodeNode': '36',
      'elk.spacing.edgeLabel': '4',
      'elk.edgeLabels.inline': 'false',
      'elk.json.shapeCoords': 'ROOT',
      'elk.json.edgeCoords': 'ROOT',
      'elk.padding': '[top=12,left=12,bottom=12,right=12]',
    },
    children: [elkNode(root, byId)],
    edges,
  });

  const states: PlacedState[] = [];
  const markers = new Map<string, Box>();
  const collect = (node: ElkNode, depth: number) => {
    const box = { x: node.x ?? 0, y: node.y ?? 0, width: node.width ?? 0, height: node.height ?? 0 };
    if (node.id.endsWith(initialSuffix)) markers.set(node.id.slice(0, -initialSuffix.length), box);
    const state = byId.get(node.id);
    if (state) states.push({ ...box, state, depth });
    for (const child of node.children ?? []) collect(child, depth + 1);
  };
  for (const child of graph.children ?? []) collect(child, 0);

  const pointsOf = (edge: ElkExtendedEdge) =>
    (edge.sections ?? []).flatMap((section) => [section.startPoint, ...(section.bendPoints ?? []), section.endPoint]);
  const transitions: PlacedTransition[] = [];
  const initials: PlacedInitial[] = [];
  for (const edge of (graph.edges ?? []) as ElkExtendedEdge[]) {
    const arrow = arrows.get(edge.id);
    if (arrow) {
      const label = edge.labels?.[0];
      transitions.push({
        id: edge.id,
        transition: arrow.transition,
        targetId: arrow.targetId,
        points: pointsOf(edge),
        label: { x: label?.x ?? 0, y: label?.y ?? 0, width: label?.width ?? 0, height: label?.height ?? 0, lines: arrow.lines },
      });
      continue;
    }
    const parentId = edge.id.slice(0, -`${initialSuffix}>`.length);
    const marker = markers.get(parentId);
    if (marker) initials.push({ parentId, marker, points: pointsOf(edge) });
  }
  const startId = startStateId(model, byId);
  const start = states.find((placed) => placed.state.id === startId) ?? null;
  return { width: graph.width ?? 0, height: graph.height ?? 0, start, states, transitions, initials };
}

/** The simple state the machine enters first, following each parent's initial child (a parallel state's first region). */
function startStateId(model: StatechartModel, byId: ReadonlyMap<string, DiagramState>): string {
  let current = byId.get(model.rootId);
  while (current && current.childIds.length > 0) {
    const children = current.childIds.flatMap((id) => byId.get(id) ?? []);
    current = current.kind === 'parallel' ? children[0] : (children.find((child) => child.initial) ?? children[0]);
  }
  return current?.id ?? model.rootId;
}
