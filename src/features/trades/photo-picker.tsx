import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useEffectEvent, useId, useRef, useState } from 'react';
import { fromPromise } from 'xstate';
import { fileUploadMachine, type UploadInput } from '../../../machines/file-upload.machine';
import { ApiError } from '../../api/client';
import { uploadFile } from '../../api/upload-file';
import type { FileReference } from '../../domain/file';
import { readFileStart } from '../../domain/file-signatures';
import type { PhotoReference } from '../../domain/trades';
import { Button } from '../../ui/button';
import { Progress } from '../../ui/progress';
import { resizePhotoFile } from '../../components/photo/resize-photo';
import { photoText } from './strings';

export interface PhotoPickerProps {
  readonly label: string;
  readonly hint?: string;
  readonly value: PhotoReference | null;
  /** A read url of the photo the server already holds. */
  readonly storedUrl: string | null;
  readonly onChange: (photo: PhotoReference | null) => void;
  readonly onBusyChange: (busy: boolean) => void;
  readonly error?: string | undefined;
  readonly disabled?: boolean;
}

const toPhoto = (reference: FileReference): PhotoReference => ({ friendlyName: reference.friendlyName, fileKey: reference.fileKey, type: 'photo' });

function useLocalPreview() {
  const [preview, setPreview] = useState<{ fileKey: string; url: string } | null>(null);
  useEffect(() => () => {
    if (preview) URL.revokeObjectURL(preview.url);
  }, [preview]);
  return [preview, setPreview] as const;
}

/** A photo from the phone camera (`capture`) or the gallery, resized, then sent to blob storage with a progress bar. */
export function PhotoPicker({ label, hint, value, storedUrl, onChange, onBusyChange, error, disabled = false }: PhotoPickerProps) {
  const id = useId();
  const cameraRef = useRef<HTMLInputElement>(null);
  const galleryRef = useRef<HTMLInputElement>(null);
  const [preparing, setPreparing] = useState(false);
  const [localPreview, setLocalPreview] = useLocalPreview();
  const actor = useActorRef(
    fileUploadMachine.provide({
      actors: {
        upload: fromPromise<FileReference, UploadInput>(({ input, signal }) =>
          uploadFile(input.file, input.type, { onProgress: input.onProgress, signal }).catch((failure: unknown) => {
            throw failure instanceof ApiError ? failure : new Error(photoText.retry, { cause: failure });
          }),
        ),
      },
    }),
    { input: { type: 'photo' } },
  );
  const uploading = useSelector(actor, (snapshot) => snapshot.hasTag('busy'));
  const failed = useSelector(actor, (snapshot) => snapshot.hasTag('failed'));
  const file = useSelector(actor, (snapshot) => snapshot.context.file);
  const percent = useSelector(actor, (snapshot) => Math.round(snapshot.context.fraction * 100));
  const uploadError = useSelector(actor, (snapshot) => snapshot.context.error);
  const busy = preparing || uploading;

  const uploaded = useEffectEvent((reference: FileReference, chosen: File) => {
    setLocalPreview({ fileKey: reference.fileKey, url: URL.createObjectURL(chosen) });
    onChange(toPhoto(reference));
  });
  useEffect(() => {
    const subscription = actor.on('upload.done', ({ reference, file: chosen }) => uploaded(reference, chosen));
    return () => subscription.unsubscribe();
  }, [actor]);

  const busyChanged = useEffectEvent((isBusy: boolean) => onBusyChange(isBusy));
  useEffect(() => {
    busyChanged(busy);
  }, [busy]);

  const choose = async (chosen: File | undefined) => {
    if (!chosen) return;
    setPreparing(true);
    const prepared = await resizePhotoFile(chosen);
    setPreparing(false);
    actor.send({ type: 'file.choose', file: prepared, start: await readFileStart(prepared) });
  };

  const imageUrl = value ? (localPreview?.fileKey === value.fileKey ? localPreview.url : storedUrl) : null;
  const message = uploadError ?? error;
  const labelId = `${id}-label`;
  const messageId = `${id}-message`;

  return (
    <div className="photo-picker" data-slot="photo-picker" role="group" aria-labelledby={labelId} aria-describedby={message ? messageId : undefined}>
      <span id={labelId} className="field-label">
        {label}
      </span>
      {hint ? <p className="field-hint">{hint}</p> : null}
      <div className="photo-picker-box" data-invalid={message ? '' : undefined}>
        <div className="photo-picker-thumb">
          {imageUrl ? <img src={imageUrl} alt={label} /> : <span className="photo-picker-empty">{value ? photoText.attached : photoText.noPhoto}</span>}
        </div>
        <div className="photo-picker-actions">
          <input
            ref={cameraRef}
            type="file"
            accept="image/*"
            capture="environment"
            className="visually-hidden"
            tabIndex={-1}
            aria-hidden="true"
            onChange={(event) => {
              void choose(event.target.files?.[0]);
              event.target.value = '';
            }}
          />
          <input
            ref={galleryRef}
            type="file"
            accept="image/png,image/jpeg,.png,.jpg"
            className="visually-hidden"
            tabIndex={-1}
            aria-hidden="true"
            onChange={(event) => {
              void choose(event.target.files?.[0]);
              event.target.value = '';
            }}
          />
          <Button size="lg" variant="secondary" disabled={disabled || busy} onClick={() => cameraRef.current?.click()}>
            {value ? photoText.replace : photoText.takePhoto}
          </Button>
          <Button size="lg" variant="ghost" disabled={disabled || busy} onClick={() => galleryRef.current?.click()}>
            {photoText.choosePhoto}
          </Button>
          {value && !busy ? (
            <Button size="lg" variant="ghost" disabled={disabled} onClick={() => onChange(null)}>
              {photoText.remove}
            </Button>
          ) : null}
        </div>
      </div>
      {preparing ? (
        <p className="field-hint" role="status">
          {photoText.preparing}
        </p>
      ) : null}
      {uploading && file ? (
        <div className="photo-picker-progress">
          <Progress value={percent} aria-label={photoText.uploading(file.name)} />
          <span className="photo-picker-percent" aria-live="polite">
            {percent}%
          </span>
          <Button variant="ghost" onClick={() => actor.send({ type: 'upload.cancel' })}>
            {photoText.cancel}
          </Button>
        </div>
      ) : null}
      {message ? (
        <div className="photo-picker-error">
          <p id={messageId} role="alert" className="field-error">
            {message}
          </p>
          {failed ? (
            <Button variant="secondary" onClick={() => actor.send({ type: 'upload.retry' })}>
              {photoText.retry}
            </Button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
