import { useId, type KeyboardEvent, type Ref } from 'react';
import { stateLineHeight, stateLines, stateTitle, transitionLineHeight, type PlacedState, type PlacedTransition, type StatechartLayout } from './layout';

export interface DiagramMarks {
  /** Lower-case search text: what matches stays bright, the rest dims. */
  readonly query: string;
  readonly selectedId: string | null;
  /** The order in which a record passed through states (1-based), per state. */
  readonly visits: ReadonlyMap<string, readonly number[]>;
}

export interface StatechartSvgProps {
  readonly layout: StatechartLayout;
  readonly title: string;
  readonly marks: DiagramMarks;
  /** Interactive: states take focus and report selection; static (print, export): a plain picture. */
  readonly onSelect?: (stateId: string) => void;
  readonly transform?: string;
  readonly className?: string;
  /** The static drawing (print, export) hands its element out, to be saved as a file. */
  readonly svgRef?: Ref<SVGSVGElement>;
}

const path = (points: PlacedTransition['points']) => points.map((point, index) => `${index === 0 ? 'M' : 'L'}${point.x},${point.y}`).join(' ');

const matches = (query: string, ...texts: (string | null)[]) => query === '' || texts.some((text) => text?.toLowerCase().includes(query));

/** A dashed divider between the regions of each parallel state, across whichever way ELK laid them out. */
function Regions({ layout }: { readonly layout: StatechartLayout }) {
  const dividers = layout.states
    .filter((parallel) => parallel.state.kind === 'parallel')
    .flatMap((parallel) => {
      const regions = layout.states.filter((placed) => placed.state.parentId === parallel.state.id);
      const [first, second] = [...regions].sort((a, b) => a.x - b.x);
      const sideBySide = first !== undefined && second !== undefined && second.x >= first.x + first.width;
      const ordered = [...regions].sort((a, b) => (sideBySide ? a.x - b.x : a.y - b.y));
      return ordered.slice(1).map((region, index) => {
        const previous = ordered[index];
        if (!previous) return null;
        const key = `${parallel.state.id}-${region.state.id}`;
        if (sideBySide) {
          const x = (previous.x + previous.width + region.x) / 2;
          return <line key={key} className="region-divider" x1={x} x2={x} y1={parallel.y + 30} y2={parallel.y + parallel.height - 8} />;
        }
        const y = (previous.y + previous.height + region.y) / 2;
        return <line key={key} className="region-divider" x1={parallel.x + 8} x2={parallel.x + parallel.width - 8} y1={y} y2={y} />;
      });
    });
  return <g aria-hidden="true">{dividers}</g>;
}

/** A state's code names, for its SVG title: its id and its tags. */
const stateCode = (placed: PlacedState) => [placed.state.id, ...placed.state.tags.map((tag) => `#${tag}`)].join(' ');

function StateShape({ placed, marks, onSelect }: { readonly placed: PlacedState; readonly marks: DiagramMarks; readonly onSelect?: ((id: string) => void) | undefined }) {
  const { state, x, y, width, height } = placed;
  const container = state.childIds.length > 0;
  const dim = !matches(marks.query, state.label, state.id, state.description, ...state.tags);
  const visits = marks.visits.get(state.id) ?? [];
  const interactive = onSelect !== undefined;
  const onKeyDown = (event: KeyboardEvent<SVGGElement>) => {
    if (event.key !== 'Enter' && event.key !== ' ') return;
    event.preventDefault();
    onSelect?.(state.id);
  };
  const lines = stateLines(state);
  const firstLineY = container ? y + 22 : y + height / 2 - ((lines.length - 1) * stateLineHeight) / 2 + 5;
  const textX = container ? x + 14 : x + width / 2;
  return (
    <g
      className="state"
      data-state-id={state.id}
      data-kind={state.kind}
      data-container={container || undefined}
      data-region={state.region || undefined}
      data-dim={dim || undefined}
      data-selected={marks.selectedId === state.id || undefined}
      data-visited={visits.length > 0 || undefined}
      {...(interactive
        ? { tabIndex: 0, role: 'button', 'aria-label': `${stateTitle(state)}, state${state.description ? `: ${state.description}` : ''}`, 'aria-pressed': marks.selectedId === state.id, onClick: () => onSelect(state.id), onKeyDown }
        : {})}
    >
      <title>{stateCode(placed)}</title>
      <rect className="state-box" x={x} y={y} width={width} height={height} rx={container ? 14 : 10} />
      {state.kind === 'final' ? <rect className="state-final" x={x + 4} y={y + 4} width={width - 8} height={height - 8} rx={7} /> : null}
      <text className="state-name" x={textX} y={firstLineY} textAnchor={container ? 'start' : 'middle'}>
        {lines.map((line, index) => (
          <tspan key={index} x={textX} dy={index === 0 ? 0 : stateLineHeight}>
            {line}
          </tspan>
        ))}
      </text>
      {visits.map((order, index) => (
        <g key={order} className="visit" aria-hidden="true" transform={`translate(${x + width - 10 - index * 24},${y - 8})`}>
          <circle r={11} />
          <text y={4} textAnchor="middle">
            {order}
          </text>
        </g>
      ))}
    </g>
  );
}

/** The statechart as SVG: states as rounded boxes (nested, regions divided), arrows with their event and condition in words; code names in each title. */
export function StatechartSvg({ layout, title, marks, onSelect, transform, className, svgRef }: StatechartSvgProps) {
  const ordered = [...layout.states].sort((a, b) => a.depth - b.depth);
  const arrowId = `statechart-arrow-${useId().replace(/[^a-zA-Z0-9-]/g, '')}`;
  const arrow = `url(#${arrowId})`;
  return (
    <svg
      ref={svgRef}
      className={className}
      // An image when it only shows; a group of state buttons when they can be chosen (an image holds no controls).
      role={onSelect ? 'group' : 'img'}
      aria-label={`${title} statechart`}
      xmlns="http://www.w3.org/2000/svg"
      {...(transform ? { width: '100%', height: '100%' } : { viewBox: `0 0 ${layout.width} ${layout.height}`, width: layout.width, height: layout.height })}
    >
      <defs>
        <marker id={arrowId} viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
          <path d="M0,0 L10,5 L0,10 z" className="arrow-head" />
        </marker>
      </defs>
      <g transform={transform}>
        {ordered.map((placed) => (
          <StateShape key={placed.state.id} placed={placed} marks={marks} onSelect={onSelect} />
        ))}
        <Regions layout={layout} />
        {layout.initials.map((initial) => (
          <g key={initial.parentId} className="initial" aria-hidden="true">
            <circle cx={initial.marker.x + initial.marker.width / 2} cy={initial.marker.y + initial.marker.height / 2} r={6} />
            <path d={path(initial.points)} markerEnd={arrow} />
          </g>
        ))}
        {layout.transitions.map((placed) => {
          const { transition, label } = placed;
          const dim = !matches(marks.query, transition.label, transition.condition, transition.code);
          return (
            <g key={placed.id} className="transition" data-kind={transition.kind} data-dim={dim || undefined} data-transition-id={transition.id}>
              <title>{transition.code}</title>
              <path d={path(placed.points)} markerEnd={arrow} />
              <rect className="transition-label-box" x={label.x} y={label.y} width={label.width} height={label.height} rx={4} />
              <text x={label.x + 6} y={label.y + 14}>
                {label.lines.map((line, index) => (
                  <tspan key={index} className={line.condition ? 'transition-condition' : undefined} x={label.x + 6} dy={index === 0 ? 0 : transitionLineHeight}>
                    {line.text}
                  </tspan>
                ))}
              </text>
            </g>
          );
        })}
      </g>
    </svg>
  );
}
