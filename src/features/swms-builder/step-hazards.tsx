import * as builder from '../../../machines/swms-builder.selectors';
import { consequenceScale, likelihoodScale } from '../../domain/risk';
import { LevelPicker } from './level-picker';
import { PhotoField } from './photo-field';
import { RiskRating } from './risk-rating';
import { builderText } from './strings';
import { TextField } from './text-field';
import { useBuilder, useDraftChange } from './use-builder';

/** Step 3: hazards and risks, a photo, and consequence × likelihood on the spec's 5 × 5 scale. */
export function HazardsStep() {
  const draft = useBuilder(builder.draft);
  const change = useDraftChange();
  return (
    <>
      <TextField
        label={builderText.hazards.text}
        hint={builderText.hazards.textHint}
        value={draft.task.riskText}
        onChange={(riskText) => change({ task: { riskText } })}
      />
      <PhotoField slot="riskPhoto" label={builderText.hazards.photo} />
      <LevelPicker
        legend={builderText.hazards.consequence}
        scale={consequenceScale}
        value={draft.riskConsequenceLevel}
        onChange={(riskConsequenceLevel) => change({ riskConsequenceLevel })}
      />
      <LevelPicker
        legend={builderText.hazards.likelihood}
        scale={likelihoodScale}
        value={draft.riskLikelihoodLevel}
        onChange={(riskLikelihoodLevel) => change({ riskLikelihoodLevel })}
      />
      <RiskRating consequence={draft.riskConsequenceLevel} likelihood={draft.riskLikelihoodLevel} />
    </>
  );
}
