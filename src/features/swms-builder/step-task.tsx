import * as builder from '../../../machines/swms-builder.selectors';
import { builderText } from './strings';
import { TextField } from './text-field';
import { useBuilder, useDraftChange } from './use-builder';

/** Step 2: the task, its mobile plant and tools. */
export function TaskStep() {
  const task = useBuilder((snapshot) => builder.draft(snapshot).task);
  const change = useDraftChange();
  return (
    <>
      <TextField
        label={builderText.task.description}
        hint={builderText.task.descriptionHint}
        value={task.taskDescription}
        onChange={(taskDescription) => change({ task: { taskDescription } })}
      />
      <TextField
        label={builderText.task.mobilePlantTools}
        hint={builderText.task.mobilePlantToolsHint}
        value={task.mobilePlantTools}
        onChange={(mobilePlantTools) => change({ task: { mobilePlantTools } })}
      />
    </>
  );
}
