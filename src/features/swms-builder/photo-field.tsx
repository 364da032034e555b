import { useEffect, useId, useRef, useState } from 'react';
import * as builder from '../../../machines/swms-builder.selectors';
import type { PendingPhoto, PhotoSlot } from '../../domain/swms-draft';
import { Button } from '../../ui/button';
import { CheckIcon } from '../../ui/icons';
import { Progress } from '../../ui/progress';
import { CameraIcon, ImageIcon } from './builder-icons';
import { builderText } from './strings';
import { useBuilder, useBuilderSend } from './use-builder';

/** A preview of the photo on the phone, kept once it has gone up (the draft then holds only its reference). */
function usePhotoPreview(pending: PendingPhoto | undefined, uploaded: boolean): string | null {
  const [preview, setPreview] = useState<{ readonly photo: PendingPhoto; readonly url: string } | null>(null);
  const created = useRef<string[]>([]);
  useEffect(() => () => created.current.forEach((url) => URL.revokeObjectURL(url)), []);
  useEffect(() => {
    if (!pending) return;
    const url = URL.createObjectURL(new Blob([pending.bytes], { type: pending.type }));
    created.current.push(url);
    setPreview({ photo: pending, url });
  }, [pending]);
  if (pending) return preview?.photo === pending ? preview.url : null;
  return uploaded ? (preview?.url ?? null) : null;
}

/** A photo from the camera (capture) or the gallery: resized on the phone, uploaded with a progress bar. */
export function PhotoField({ slot, label }: { readonly slot: PhotoSlot; readonly label: string }) {
  const id = useId();
  const status = useBuilder(builder.photoStatus(slot), (a, b) => a.state === b.state && a.percent === b.percent && a.name === b.name && a.message === b.message);
  const pending = useBuilder((snapshot) => snapshot.context.photos[slot]);
  const busy = useBuilder(builder.isPhotoBusy);
  const send = useBuilderSend();
  const camera = useRef<HTMLInputElement>(null);
  const gallery = useRef<HTMLInputElement>(null);
  const preview = usePhotoPreview(pending, status.state === 'uploaded');

  const choose = (file: File | undefined) => {
    if (file) send({ type: 'photo.choose', slot, file });
  };
  const picker = (ref: typeof camera, capture: boolean, name: string) => (
    <input
      ref={ref}
      type="file"
      accept="image/*"
      capture={capture ? 'environment' : undefined}
      className="visually-hidden"
      tabIndex={-1}
      aria-label={name}
      disabled={busy}
      onChange={(event) => {
        choose(event.target.files?.[0]);
        event.target.value = '';
      }}
    />
  );
  const hasPhoto = status.state !== 'empty' && status.state !== 'preparing';
  const statusText = {
    empty: builderText.photo.none,
    preparing: builderText.photo.preparing,
    uploading: builderText.photo.uploading(status.name ?? ''),
    onPhone: builderText.photo.onPhone,
    uploaded: builderText.photo.uploaded,
    failed: status.name ? builderText.photo.onPhone : builderText.photo.none,
  }[status.state];

  return (
    <div className="photo-field" role="group" aria-labelledby={`${id}-label`} data-state={status.state}>
      <span id={`${id}-label`} className="field-label">
        {label}
      </span>
      <div className="photo-box">
        <div className="photo-thumb" aria-hidden={preview ? undefined : true}>
          {preview ? <img src={preview} alt={status.name ?? label} /> : <ImageIcon width={28} height={28} />}
        </div>
        <div className="photo-summary" aria-live="polite">
          {status.name ? <span className="photo-name">{status.name}</span> : null}
          <span className="photo-status">
            {status.state === 'uploaded' ? <CheckIcon width={16} height={16} /> : null}
            {statusText}
          </span>
        </div>
      </div>
      {status.message ? (
        <p className="field-error" role="alert">
          {status.message}
        </p>
      ) : null}
      {status.state === 'uploading' ? (
        <div className="photo-progress">
          <Progress value={status.percent} aria-label={builderText.photo.uploading(status.name ?? label)} />
          <span className="photo-percent">{status.percent}%</span>
        </div>
      ) : null}
      <div className="photo-actions">
        {picker(camera, true, `${label}: ${builderText.photo.take}`)}
        {picker(gallery, false, `${label}: ${builderText.photo.choose}`)}
        <Button variant="secondary" size="lg" disabled={busy} onClick={() => camera.current?.click()}>
          <CameraIcon />
          {hasPhoto ? builderText.photo.newPhoto : builderText.photo.take}
        </Button>
        <Button variant="secondary" size="lg" disabled={busy} onClick={() => gallery.current?.click()}>
          <ImageIcon />
          {builderText.photo.choose}
        </Button>
        {status.state === 'failed' && pending ? (
          <Button variant="secondary" size="lg" onClick={() => send({ type: 'photo.retry' })}>
            {builderText.photo.retry}
          </Button>
        ) : null}
        {hasPhoto ? (
          <Button variant="ghost" size="lg" onClick={() => send({ type: 'photo.remove', slot })}>
            {builderText.photo.remove}
          </Button>
        ) : null}
      </div>
    </div>
  );
}
