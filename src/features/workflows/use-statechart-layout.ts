import { useEffect, useMemo, useState } from 'react';
import type { AnyStateMachine } from 'xstate';
import { layoutStatechart, type StatechartLayout } from './layout';
import { statechartModel, type StatechartModel } from './statechart-model';

export type LaidOut = { readonly status: 'loading' } | { readonly status: 'failed' } | { readonly status: 'ready'; readonly layout: StatechartLayout };

/** The machine's model, and its layout once ELK has computed it. */
export function useStatechartLayout(machine: AnyStateMachine | undefined): { model: StatechartModel | null; laidOut: LaidOut } {
  const model = useMemo(() => (machine ? statechartModel(machine) : null), [machine]);
  const [laidOut, setLaidOut] = useState<{ machineId: string; value: LaidOut } | null>(null);
  useEffect(() => {
    if (!model) return;
    let current = true;
    layoutStatechart(model).then(
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
  return { model, laidOut: laidOut && laidOut.machineId === model?.machineId ? laidOut.value : { status: 'loading' } };
}
