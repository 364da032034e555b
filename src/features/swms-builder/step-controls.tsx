import * as builder from '../../../machines/swms-builder.selectors';
import { PhotoField } from './photo-field';
import { builderText } from './strings';
import { TextField } from './text-field';
import { useBuilder, useDraftChange } from './use-builder';

/** Step 4: control measures, a photo, and how they are implemented, monitored and reviewed (WHS Regulation 299). */
export function ControlsStep() {
  const task = useBuilder((snapshot) => builder.draft(snapshot).task);
  const change = useDraftChange();
  return (
    <>
      <TextField
        label={builderText.controls.text}
        hint={builderText.controls.textHint}
        value={task.controlText}
        onChange={(controlText) => change({ task: { controlText } })}
      />
      <PhotoField slot="controlPhoto" label={builderText.controls.photo} />
      <TextField
        label={builderText.controls.implementation}
        value={task.controlImplementation}
        onChange={(controlImplementation) => change({ task: { controlImplementation } })}
      />
      <TextField
        label={builderText.controls.monitoring}
        value={task.controlMonitoring}
        onChange={(controlMonitoring) => change({ task: { controlMonitoring } })}
      />
      <TextField
        label={builderText.controls.review}
        value={task.controlReview}
        onChange={(controlReview) => change({ task: { controlReview } })}
      />
    </>
  );
}
