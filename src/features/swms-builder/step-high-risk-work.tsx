import * as builder from '../../../machines/swms-builder.selectors';
import { highRiskWorkCategories, type HighRiskWorkCode } from '../../domain/high-risk-work';
import { Checkbox } from '../../ui/checkbox';
import { PreviousSwmsDialog } from './previous-swms-dialog';
import { builderText } from './strings';
import { useBuilder, useDraftChange } from './use-builder';
import type { OwnActivity } from './use-own-activity';

/** Step 1: WHS Regulation 291 (a) to (r), in its own words; at least one. */
export function HighRiskWorkStep({ activity }: { readonly activity: OwnActivity }) {
  const chosen = useBuilder((snapshot) => builder.draft(snapshot).highRiskWork);
  const change = useDraftChange();
  const revision = useBuilder(builder.isRevision);
  const toggle = (code: HighRiskWorkCode, checked: boolean) =>
    change({ highRiskWork: checked ? [...chosen, code] : chosen.filter((candidate) => candidate !== code) });

  return (
    <>
      {revision ? null : <PreviousSwmsDialog activity={activity} />}
      <p id="hrw-hint" className="builder-hint">{builderText.highRiskWorkHint}</p>
      <ul className="check-rows" aria-describedby="hrw-hint">
        {highRiskWorkCategories.map((category) => {
          const id = `hrw-${category.code}`;
          const checked = chosen.includes(category.code);
          return (
            <li key={category.code}>
              <label className="check-row" htmlFor={id} data-checked={checked ? '' : undefined}>
                <Checkbox id={id} className="check-row-box" checked={checked} onCheckedChange={(value) => toggle(category.code, value === true)} />
                <span className="check-row-text">
                  ({category.code}) {category.text}
                </span>
              </label>
            </li>
          );
        })}
      </ul>
    </>
  );
}
