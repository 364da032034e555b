import type { SignOnState } from '../../domain/swms-signon';
import { CheckIcon, AlertIcon } from '../../ui/icons';
import { signOnStateLabels } from './strings';

/** A worker's standing on a SWMS, in words and colour with an icon, so colour is never the only cue. */
export function SignOnStateBadge({ state }: { readonly state: SignOnState }) {
  return (
    <span className="signon-badge" data-state={state}>
      {state === 'current' ? <CheckIcon width={16} height={16} aria-hidden="true" /> : <AlertIcon width={16} height={16} aria-hidden="true" />}
      {signOnStateLabels[state]}
    </span>
  );
}
