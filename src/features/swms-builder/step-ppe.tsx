import * as builder from '../../../machines/swms-builder.selectors';
import { PpeToggles } from '../../components/ppe/ppe-toggles';
import { builderText } from './strings';
import { TextField } from './text-field';
import { useBuilder, useDraftChange } from './use-builder';

/** Step 5: the spec's PPE list with its icons, and any other PPE. */
export function PpeStep() {
  const task = useBuilder((snapshot) => builder.draft(snapshot).task);
  const change = useDraftChange();
  return (
    <>
      <PpeToggles label={builderText.ppe.toggles} value={task.ppe} onChange={(ppe) => change({ task: { ppe } })} />
      <TextField
        label={builderText.ppe.other}
        hint={builderText.ppe.otherHint}
        value={task.otherPpe}
        multiline={false}
        onChange={(otherPpe) => change({ task: { otherPpe } })}
      />
    </>
  );
}
