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
  readonly label: Box & { readonly text: string };
}

export interface PlacedInitial {
  readonly parentId: string;
  readonly marker: Box;
  readonly points: readonly { readonly x: number; readonly y: number }[];
}

export interface StatechartLayout {
  readonly width: number;
  readonly height: number;
  readonly states: readonly PlacedState[];
  readonly transitions: readonly PlacedTransition[];
  readonly initials: readonly PlacedInitial[];
}

const charWidth = 7.4;
const smallCharWidth = 6.4;
const titleHeight = 34;
const markerSize = 14;
const initialSuffix = '::initial';

/** The words on a transition's arrow: its event, then its guard in brackets. */
export const transitionText = (transition: DiagramTransition) => (transition.guard ? `${transition.label} [${transition.guard}]` : transition.label);

function stateSize(state: DiagramState): { width: number; height: number } {
  const tagLine = state.tags.length > 0 ? state.tags.map((tag) => `#${tag}`).join(' ') : '';
  const width = Math.max(110, state.key.length * charWidth + 32, tagLine.length * smallCharWidth + 32);
  return { width, height: tagLine ? 54 : 40 };
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
      'elk.nodeSize.minimum': `(${Math.max(140, state.key.length * charWidth + 40)}, 60)`,
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
  const arrows = new Map<string, { transition: DiagramTransition; targetId: string; text: string }>();
  for (const transition of model.transitions) {
    const targets = transition.targetIds.length > 0 ? transition.targetIds : [transition.sourceId];
    targets.forEach((targetId, index) => {
      const id = `${transition.id}>${index}`;
      const text = transitionText(transition);
      arrows.set(id, { transition, targetId, text });
      edges.push({
        id,
        sources: [transition.sourceId],
        targets: [targetId],
        labels: [{ id: `${id}:label`, text, width: text.length * smallCharWidth + 10, height: 18 }],
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
        label: { x: label?.x ?? 0, y: label?.y ?? 0, width: label?.width ?? 0, height: label?.height ?? 0, text: arrow.text },
      });
      continue;
    }
    const parentId = edge.id.slice(0, -`${initialSuffix}>`.length);
    const marker = markers.get(parentId);
    if (marker) initials.push({ parentId, marker, points: pointsOf(edge) });
  }
  return { width: graph.width ?? 0, height: graph.height ?? 0, states, transitions, initials };
}
