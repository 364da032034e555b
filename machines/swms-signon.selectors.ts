import type { SnapshotFrom } from 'xstate';
import { decode } from '../src/domain/decode';
import { maxDrawnSignatureBytes, SignOnSignature, swmsSignOnMessages } from '../src/domain/swms-signon';
import { signOnRequest, type swmsSignOnMachine } from './swms-signon.machine';

type Snapshot = SnapshotFrom<typeof swmsSignOnMachine>;

export const isLoading = (snapshot: Snapshot) => snapshot.hasTag('loading');
export const isFailed = (snapshot: Snapshot) => snapshot.hasTag('failed');
export const isBusy = (snapshot: Snapshot) => snapshot.hasTag('busy');
export const isTicked = (snapshot: Snapshot) => snapshot.hasTag('ticked');
export const isSent = (snapshot: Snapshot) => snapshot.hasTag('sent');
export const swms = (snapshot: Snapshot) => snapshot.context.swms;
export const loadProblem = (snapshot: Snapshot) => snapshot.context.loadProblem;
export const isUnreachable = (snapshot: Snapshot) => snapshot.context.unreachable;
export const mode = (snapshot: Snapshot) => snapshot.context.mode;
export const drawn = (snapshot: Snapshot) => snapshot.context.drawn;
export const typedName = (snapshot: Snapshot) => snapshot.context.typedName;
export const sendError = (snapshot: Snapshot) => snapshot.context.sendError;
export const result = (snapshot: Snapshot) => snapshot.context.result;
/** The revision signed went out of date while the worker read it: the newer one is on screen. */
export const newerRevision = (snapshot: Snapshot) => (snapshot.context.newerRevision ? snapshot.context.swms?.revision ?? null : null);

/** The decoded length of a base64 data URL's payload. */
const dataUrlBytes = (dataUrl: string) => Math.floor(((dataUrl.split(',', 2)[1] ?? '').replace(/=+$/, '').length * 3) / 4);

/** What the signature lacks, in the domain's words; null when it would be accepted. */
export function signatureProblem(snapshot: Snapshot): string | null {
  const { signature } = signOnRequest(snapshot.context);
  if (signature.kind === 'drawn') {
    if (!signature.image) return swmsSignOnMessages.signature;
    const isPng = signature.image.startsWith('data:image/png;base64,');
    return isPng && dataUrlBytes(signature.image) <= maxDrawnSignatureBytes ? null : swmsSignOnMessages.drawnSignature;
  }
  const decoded = decode(SignOnSignature, signature);
  return decoded.ok ? null : signature.name === '' ? swmsSignOnMessages.signature : decoded.issues[0].message;
}

/** After a 'Send' with something missing: what the form names beside the tick and the signature. */
export function problems(snapshot: Snapshot): { readonly confirm: string | null; readonly signature: string | null } {
  if (!snapshot.context.attempted) return { confirm: null, signature: null };
  return { confirm: isTicked(snapshot) ? null : swmsSignOnMessages.confirm, signature: signatureProblem(snapshot) };
}
