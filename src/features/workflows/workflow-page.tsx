import { use, useEffect, useRef, useState } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { Button } from '../../ui/button';
import { Page, PageTitle, PageToolbar } from '../../ui/page';
import { ProblemState } from '../../ui/problem-state';
import { BackLink, ErrorState, LoadingState } from '../../ui/status';
import { toast } from '../../ui/toast-store';
import { downloadPng, downloadSvg } from './diagram-export';
import type { StatechartLayout } from './layout';
import { workflowById, type Workflow } from './registry';
import { StateDetails } from './state-details';
import { StatechartSvg, type DiagramMarks } from './statechart-svg';
import { workflowText } from './strings';
import { usePanZoom } from './use-pan-zoom';
import { useStatechartLayout } from './use-statechart-layout';
import { useSwmsVisits } from './use-swms-visits';
import './workflows.css';

function Diagram({ layout, title, marks, onSelect }: { readonly layout: StatechartLayout; readonly title: string; readonly marks: DiagramMarks; readonly onSelect: (id: string) => void }) {
  const { view, frame, fit, open, zoomBy, handlers } = usePanZoom(layout);
  const printable = useRef<SVGSVGElement>(null);
  useEffect(() => open(), [open]);
  const fileName = title.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  return (
    <>
      <PageToolbar className="workflow-toolbar">
        <Button variant="secondary" size="sm" onClick={() => zoomBy(1.25)}>
          {workflowText.zoomIn}
        </Button>
        <Button variant="secondary" size="sm" onClick={() => zoomBy(0.8)}>
          {workflowText.zoomOut}
        </Button>
        <Button variant="secondary" size="sm" onClick={fit}>
          {workflowText.fit}
        </Button>
        <Button variant="secondary" size="sm" onClick={() => printable.current && downloadSvg(printable.current, `${fileName}.svg`)}>
          {workflowText.downloadSvg}
        </Button>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => printable.current && downloadPng(printable.current, `${fileName}.png`).catch(() => toast.error(workflowText.pngFailed))}
        >
          {workflowText.downloadPng}
        </Button>
        <Button variant="secondary" size="sm" onClick={() => window.print()}>
          {workflowText.print}
        </Button>
      </PageToolbar>
      <div ref={frame} className="diagram-frame" {...handlers}>
        <StatechartSvg className="statechart" layout={layout} title={title} marks={marks} onSelect={onSelect} transform={`translate(${view.x} ${view.y}) scale(${view.scale})`} />
      </div>
      <div className="diagram-print">
        <StatechartSvg className="statechart" layout={layout} title={title} marks={marks} svgRef={printable} />
      </div>
    </>
  );
}

/** Issue 9 /workflows/{machineId}: the machine drawn from its own definition, to read, search, zoom, export and print. */
export function WorkflowPage() {
  const { machineId = '' } = useParams();
  const workflow = workflowById(machineId);
  if (!workflow) {
    return (
      <Page>
        <ProblemState problem="notFound" title={workflowText.list} notFound={workflowText.notFound} backTo="/workflows" backLabel={workflowText.back} />
      </Page>
    );
  }
  return <WorkflowDiagram key={workflow.id} workflow={workflow} />;
}

/** Suspends until the machine's own chunk has arrived; a chunk that does not arrive is the route's error. */
function WorkflowDiagram({ workflow }: { readonly workflow: Workflow }) {
  const [params] = useSearchParams();
  const { model, laidOut } = useStatechartLayout(use(workflow.load()));
  const visits = useSwmsVisits(workflow.id, params.get('swms'));
  const [query, setQuery] = useState('');
  const [selectedId, setSelectedId] = useState<string | null>(null);

  const marks: DiagramMarks = { query: query.trim().toLowerCase(), selectedId, visits: visits.status === 'ready' ? visits.visits : new Map() };
  return (
    <Page className="workflow-page">
      <PageTitle>{workflow.title}</PageTitle>
      <PageToolbar>
        <BackLink to="/workflows">{workflowText.back}</BackLink>
        <label className="visually-hidden" htmlFor="workflow-search">
          {workflowText.search}
        </label>
        <input id="workflow-search" type="search" className="input" placeholder={workflowText.search} value={query} onChange={(event) => setQuery(event.target.value)} />
      </PageToolbar>
      <p className="workflow-summary">{workflow.governs}</p>
      {visits.status === 'ready' ? <p className="workflow-visits" role="status">{workflowText.visits(visits.steps)}</p> : null}
      {visits.status === 'failed' ? <p className="workflow-visits" role="alert">{workflowText.visitsFailed}</p> : null}
      {laidOut.status === 'loading' ? <LoadingState /> : null}
      {laidOut.status === 'failed' ? <ErrorState /> : null}
      {laidOut.status === 'ready' ? (
        <div className="workflow-body">
          <div>
            <Diagram layout={laidOut.layout} title={workflow.title} marks={marks} onSelect={setSelectedId} />
          </div>
          <StateDetails model={model} stateId={selectedId} />
        </div>
      ) : null}
    </Page>
  );
}
