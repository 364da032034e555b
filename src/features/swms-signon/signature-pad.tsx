import SignaturePad from 'signature_pad';
import { useEffect, useRef } from 'react';
import { Button } from '../../ui/button';
import { readAndSignText } from './strings';

// Ink on white whatever the theme, so the stored PNG reads on any page it is shown on.
const ink = { penColor: '#111827', backgroundColor: '#ffffff' } as const;

/** The drawing at one pixel per CSS pixel: sharp enough for a signature and a few KB, well under the server's limit. */
function exportPng(canvas: HTMLCanvasElement): string {
  const out = document.createElement('canvas');
  out.width = canvas.clientWidth;
  out.height = canvas.clientHeight;
  const context = out.getContext('2d');
  if (!context) return canvas.toDataURL('image/png');
  context.fillStyle = ink.backgroundColor;
  context.fillRect(0, 0, out.width, out.height);
  context.drawImage(canvas, 0, 0, out.width, out.height);
  return out.toDataURL('image/png');
}

interface SignaturePadFieldProps {
  /** The drawing kept by the machine, redrawn when the pad mounts again (after 'Type your name instead', or a failed send). */
  readonly drawn: string | null;
  readonly disabled: boolean;
  readonly describedBy: string;
  readonly invalid: boolean;
  readonly onDraw: (image: string) => void;
  readonly onClear: () => void;
}

/** A finger-drawn signature (signature_pad over a canvas), with Clear; keyboard users type their name instead. */
export function SignaturePadField({ drawn, disabled, describedBy, invalid, onDraw, onClear }: SignaturePadFieldProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const padRef = useRef<SignaturePad | null>(null);
  const drawnRef = useRef(drawn);
  drawnRef.current = drawn;
  const onDrawRef = useRef(onDraw);
  onDrawRef.current = onDraw;

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return undefined;
    const pad = new SignaturePad(canvas, { ...ink, minWidth: 1, maxWidth: 3 });
    padRef.current = pad;
    const fit = () => {
      const ratio = Math.min(window.devicePixelRatio || 1, 2);
      const width = canvas.clientWidth;
      const height = canvas.clientHeight;
      canvas.width = Math.round(width * ratio);
      canvas.height = Math.round(height * ratio);
      canvas.getContext('2d')?.scale(ratio, ratio);
      pad.clear();
      if (drawnRef.current) void pad.fromDataURL(drawnRef.current, { ratio, width, height });
    };
    fit();
    const ended = () => onDrawRef.current(exportPng(canvas));
    pad.addEventListener('endStroke', ended);
    // A phone turned sideways resizes the pad; the drawing is redrawn to fit rather than lost.
    const observer = new ResizeObserver(() => fit());
    observer.observe(canvas);
    return () => {
      observer.disconnect();
      pad.removeEventListener('endStroke', ended);
      pad.off();
      padRef.current = null;
    };
  }, []);

  useEffect(() => {
    const pad = padRef.current;
    if (!pad) return;
    if (disabled) pad.off();
    else pad.on();
  }, [disabled]);

  const clear = () => {
    padRef.current?.clear();
    onClear();
  };

  return (
    <div className="signature-pad" data-invalid={invalid ? '' : undefined}>
      <canvas
        ref={canvasRef}
        className="signature-pad-canvas"
        role="img"
        aria-label={readAndSignText.padLabel}
        aria-describedby={describedBy}
        aria-invalid={invalid || undefined}
        data-testid="signature-pad"
      />
      <div className="signature-pad-actions">
        <Button type="button" variant="secondary" size="lg" onClick={clear} disabled={disabled || drawn === null}>
          {readAndSignText.clear}
        </Button>
      </div>
    </div>
  );
}
