import { useEffect, useMemo, useState } from 'react';
import ElkApi from 'elkjs/lib/elk-api.js';
import elkWorkerUrl from 'elkjs/lib/elk-worker.min.js?url';
import { layoutStatechart, type StatechartLayout } from './layout';
import { statechartModel, type LabelledMachine, type StatechartModel } from './statechart-model';

// ELK runs in a Web Worker, and its already minified engine is served as it is (not rebuilt by Vite).
let elk: InstanceType<typeof ElkApi> | undefined;
const layoutEngine = () => (elk ??= new ElkApi({ workerUrl: elkWorkerUrl }));

export type LaidOut = { readonly status: 'loading' } | { readonly status: 'failed' } | { readonly status: 'ready'; readonly layout: StatechartLayout };

/** The machine's model in its words, and its layout once ELK has computed it. */
export function useStatechartLayout({ machine, labels }: LabelledMachine): { model: StatechartModel; laidOut: LaidOut } {
  const model = useMemo(() => statechartModel(machine, labels), [machine, labels]);
  const [laidOut, setLaidOut] = useState<{ machineId: string; value: LaidOut } | null>(null);
  useEffect(() => {
    let current = true;
    layoutStatechart(model, layoutEngine()).then(
      (layout) => current && setLaidOut({ machineId: model.machineId, value: { status: 'ready', layout } }),
      (error: unknown) => {
        console.error(error);
        if (current) setLaidOut({ machineId: model.machineId, value: { status: 'failed' } });
      },
    );
    return () => {
      current = false;
    };
  }, [model]);
  return { model, laidOut: laidOut && laidOut.machineId === model.machineId ? laidOut.value : { status: 'loading' } };
}
