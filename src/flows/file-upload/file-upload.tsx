/**
 * FileUpload: picks one file, checks its type (spec §5), asks POST file for a SAS URL and uploads the
 * bytes straight to blob storage with a progress bar; the form gets a FileReference once stored.
 *
 * Props
 * - `type` (FileType): what the file is for; sets the accepted extensions and the POST file type.
 * - `label` (string): the field label, e.g. 'Logo' or 'Site Safety Plan'.
 * - `value` (FileReference | null): the attached file, owned by the form (an existing file or the last upload).
 * - `onChange(value, file)`: called with the new reference and its File once an upload completes, and
 *   with (null, null) on Remove. A cancelled or failed upload keeps the previous value.
 * - `previewUrl?` (string | null): a read url of the attached existing file (image preview or 'View' link).
 * - `onBusyChange?(busy)`: true while an upload runs; disable the form's submit meanwhile.
 * - `hint?` (string): extra help under the label.
 * - `error?` (string | null): the form's message for this field (a refused save), shown beside it.
 * - `disabled?` (boolean).
 * - `upload?` (Uploader): replaces the real upload (POST file + blob storage), e.g. in tests.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useEffectEvent, useId, useMemo, useRef, useState, type DragEvent } from 'react';
import { fromPromise } from 'xstate';
import { ApiError } from '../../api/client';
import { uploadFile } from '../../api/upload-file';
import { acceptAttribute, type FileReference, type FileType } from '../../domain/file';
import { readFileStart } from '../../domain/file-signatures';
import { Button } from '../../ui/button';
import { cx } from '../../ui/cx';
import { Progress } from '../../ui/progress';
import { fileUploadMachine, type UploadInput } from '../../../machines/file-upload.machine';
import { fileUploadText } from './strings';
import './file-upload.css';

type Uploader = (
  file: File,
  type: FileType,
  options: { readonly onProgress: (fraction: number) => void; readonly signal: AbortSignal },
) => Promise<FileReference>;

export interface FileUploadProps {
  readonly type: FileType;
  readonly label: string;
  readonly value: FileReference | null;
  readonly onChange: (value: FileReference | null, file: File | null) => void;
  readonly previewUrl?: string | null;
  readonly onBusyChange?: (busy: boolean) => void;
  readonly hint?: string;
  readonly error?: string | null;
  readonly disabled?: boolean;
  readonly upload?: Uploader;
}

const isImageType = (type: FileType) => type === 'photo' || type === 'companyProfile';

function useLocalPreview() {
  const [preview, setPreview] = useState<{ fileKey: string; url: string } | null>(null);
  useEffect(() => () => {
    if (preview) URL.revokeObjectURL(preview.url);
  }, [preview]);
  return [preview, setPreview] as const;
}

export function FileUpload({ type, label, value, onChange, previewUrl, onBusyChange, hint, error: formError = null, disabled = false, upload = uploadFile }: FileUploadProps) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const [localPreview, setLocalPreview] = useLocalPreview();

  const logic = useMemo(
    () =>
      fileUploadMachine.provide({
        actors: {
          upload: fromPromise<FileReference, UploadInput>(({ input, signal }) =>
            upload(input.file, input.type, { onProgress: input.onProgress, signal }).catch((error: unknown) => {
              throw error instanceof ApiError ? error : new Error(fileUploadText.failed, { cause: error });
            }),
          ),
        },
      }),
    [upload],
  );
  const actor = useActorRef(logic, { input: { type } });
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const failed = useSelector(actor, (s) => s.hasTag('failed'));
  const file = useSelector(actor, (s) => s.context.file);
  const percent = useSelector(actor, (s) => Math.round(s.context.fraction * 100));
  const pickerError = useSelector(actor, (s) => s.context.error);
  const error = pickerError ?? formError;

  const uploaded = useEffectEvent((reference: FileReference, chosen: File) => {
    if (isImageType(type)) setLocalPreview({ fileKey: reference.fileKey, url: URL.createObjectURL(chosen) });
    onChange(reference, chosen);
  });
  useEffect(() => {
    const subscription = actor.on('upload.done', ({ reference, file: chosen }) => uploaded(reference, chosen));
    return () => subscription.unsubscribe();
  }, [actor]);

  const busyChanged = useEffectEvent((isBusy: boolean) => onBusyChange?.(isBusy));
  useEffect(() => {
    busyChanged(busy);
  }, [busy]);

  const errorRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (pickerError) errorRef.current?.scrollIntoView({ block: 'nearest' });
  }, [pickerError]);

  const choose = async (chosen: File | undefined) => {
    if (chosen) actor.send({ type: 'file.choose', file: chosen, start: await readFileStart(chosen) });
  };
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    if (!disabled) void choose(event.dataTransfer.files[0]);
  };

  const accept = acceptAttribute(type);
  const labelId = `${id}-label`;
  const chooseId = `${id}-choose`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const imageUrl = value ? (localPreview?.fileKey === value.fileKey ? localPreview.url : (previewUrl ?? null)) : null;
  const viewUrl = value && !isImageType(type) ? (previewUrl ?? null) : null;

  return (
    <div
      data-slot="file-upload"
      className={cx('file-upload', dragging && 'file-upload-dragging')}
      data-state={busy ? 'uploading' : failed ? 'failed' : value ? 'attached' : 'empty'}
      data-invalid={error ? '' : undefined}
      onDragOver={(event) => {
        event.preventDefault();
        if (!disabled) setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
    >
      <span id={labelId} className="field-label">{label}</span>
      <div className="file-upload-box">
        {isImageType(type) ? (
          <div className="file-upload-thumb" aria-hidden={imageUrl ? undefined : true}>
            {imageUrl ? <img src={imageUrl} alt={value?.friendlyName ?? ''} /> : <span className="file-upload-thumb-empty" />}
          </div>
        ) : null}
        <div className="file-upload-summary">
          <span className="file-upload-name">
            {busy && file ? file.name : value ? value.friendlyName : fileUploadText.noFile}
          </span>
          <span id={hintId} className="field-hint">
            {hint ?? fileUploadText.accepts(accept.split(',').join(', '))}
            <span className="file-upload-drop-hint"> · {fileUploadText.dropHint}</span>
          </span>
          {viewUrl ? (
            <a href={viewUrl} target="_blank" rel="noreferrer" className="file-upload-view">
              {fileUploadText.view}
            </a>
          ) : null}
        </div>
        <div className="file-upload-actions">
          <input
            ref={inputRef}
            id={`${id}-input`}
            type="file"
            className="visually-hidden"
            tabIndex={-1}
            accept={accept}
            disabled={disabled}
            aria-labelledby={labelId}
            aria-describedby={cx(hintId, error ? errorId : null) || undefined}
            aria-invalid={error ? true : undefined}
            onChange={(event) => {
              void choose(event.target.files?.[0]);
              event.target.value = '';
            }}
          />
          <Button
            id={chooseId}
            variant="secondary"
            size="sm"
            disabled={disabled}
            aria-labelledby={`${chooseId} ${labelId}`}
            aria-describedby={cx(hintId, error ? errorId : null) || undefined}
            aria-invalid={error ? true : undefined}
            onClick={() => inputRef.current?.click()}
          >
            {value || busy ? fileUploadText.replace : fileUploadText.choose}
          </Button>
          {value && !busy ? (
            <Button variant="ghost" size="sm" disabled={disabled} onClick={() => onChange(null, null)}>
              {fileUploadText.remove}
            </Button>
          ) : null}
        </div>
      </div>
      {busy && file ? (
        <div className="file-upload-progress">
          <Progress value={percent} aria-label={fileUploadText.uploading(file.name)} />
          <span className="file-upload-percent" aria-live="polite">{percent}%</span>
          <Button variant="ghost" size="sm" onClick={() => actor.send({ type: 'upload.cancel' })}>
            {fileUploadText.cancel}
          </Button>
        </div>
      ) : null}
      {error ? (
        <div ref={errorRef} className="file-upload-error">
          <p id={errorId} role="alert" className="field-error">{error}</p>
          {failed ? (
            <>
              <Button variant="secondary" size="sm" onClick={() => actor.send({ type: 'upload.retry' })}>{fileUploadText.retry}</Button>
              <Button variant="ghost" size="sm" onClick={() => actor.send({ type: 'upload.cancel' })}>{fileUploadText.cancel}</Button>
            </>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
