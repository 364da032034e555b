import { useCallback, useRef, useState, type FocusEvent, type PointerEvent, type WheelEvent } from 'react';
import type { Box } from './layout';

export interface View {
  readonly x: number;
  readonly y: number;
  readonly scale: number;
}

/** The diagram's smallest words are 12 px: at this zoom or more they show at 12 px or more (issue 55 §9). */
const readableScale = 1;
const minScale = 0.15;
const margin = 16;
const maxScale = 4;
const clamp = (scale: number) => Math.min(maxScale, Math.max(minScale, scale));

/**
 * Pan by dragging, zoom with the wheel (at the pointer) or buttons, fit the drawing to its frame, and
 * open it readable: whole when it fits at a readable zoom, else at that zoom around its start state.
 */
export function usePanZoom(content: { readonly width: number; readonly height: number; readonly start: Box | null }) {
  const [view, setView] = useState<View>({ x: 0, y: 0, scale: 1 });
  const frame = useRef<HTMLDivElement>(null);
  const drag = useRef<{ x: number; y: number; view: View } | null>(null);

  const fitted = useCallback((box: DOMRect): View => {
    const scale = clamp(Math.min(box.width / content.width, box.height / content.height, 1.5) * 0.96);
    return { scale, x: (box.width - content.width * scale) / 2, y: (box.height - content.height * scale) / 2 };
  }, [content.width, content.height]);

  const fit = useCallback(() => {
    const box = frame.current?.getBoundingClientRect();
    if (!box || content.width === 0 || content.height === 0) return;
    setView(fitted(box));
  }, [content.width, content.height, fitted]);

  const { start } = content;
  const open = useCallback(() => {
    const box = frame.current?.getBoundingClientRect();
    if (!box || content.width === 0 || content.height === 0) return;
    const whole = fitted(box);
    if (whole.scale >= readableScale || !start) {
      setView(whole);
      return;
    }
    // From the drawing's top-left corner, moved only as far as it takes to show the start state.
    const scale = readableScale;
    const along = (frameSize: number, drawn: number, from: number, size: number) => {
      if (margin + (from + size) * scale <= frameSize - margin) return margin;
      return Math.max(frameSize - margin - drawn * scale, frameSize / 3 - (from + size / 2) * scale);
    };
    setView({ scale, x: along(box.width, content.width, start.x, start.width), y: along(box.height, content.height, start.y, start.height) });
  }, [content.width, content.height, start, fitted]);

  /** A state reached with Tab comes into view. */
  const onFocus = useCallback((event: FocusEvent<HTMLDivElement>) => {
    const box = frame.current?.getBoundingClientRect();
    const state = (event.target as Element).closest('[data-state-id]')?.getBoundingClientRect();
    if (!box || !state) return;
    const inside = state.left >= box.left && state.right <= box.right && state.top >= box.top && state.bottom <= box.bottom;
    if (inside) return;
    const dx = box.left + box.width / 2 - (state.left + Math.min(state.width, box.width) / 2);
    const dy = box.top + box.height / 2 - (state.top + Math.min(state.height, box.height) / 2);
    setView((current) => ({ ...current, x: current.x + dx, y: current.y + dy }));
  }, []);

  const zoomBy = useCallback((factor: number, at?: { x: number; y: number }) => {
    const box = frame.current?.getBoundingClientRect();
    const focus = at ?? { x: (box?.width ?? 0) / 2, y: (box?.height ?? 0) / 2 };
    setView((current) => {
      const scale = clamp(current.scale * factor);
      const ratio = scale / current.scale;
      return { scale, x: focus.x - (focus.x - current.x) * ratio, y: focus.y - (focus.y - current.y) * ratio };
    });
  }, []);

  const onWheel = useCallback(
    (event: WheelEvent<HTMLDivElement>) => {
      const box = frame.current?.getBoundingClientRect();
      if (!box) return;
      zoomBy(event.deltaY < 0 ? 1.12 : 1 / 1.12, { x: event.clientX - box.left, y: event.clientY - box.top });
    },
    [zoomBy],
  );

  const onPointerDown = useCallback(
    (event: PointerEvent<HTMLDivElement>) => {
      if (event.button !== 0 || (event.target as Element).closest('[data-state-id]')) return;
      drag.current = { x: event.clientX, y: event.clientY, view };
      event.currentTarget.setPointerCapture(event.pointerId);
    },
    [view],
  );
  const onPointerMove = useCallback((event: PointerEvent<HTMLDivElement>) => {
    const start = drag.current;
    if (!start) return;
    setView({ ...start.view, x: start.view.x + event.clientX - start.x, y: start.view.y + event.clientY - start.y });
  }, []);
  const onPointerUp = useCallback(() => {
    drag.current = null;
  }, []);

  return { view, frame, fit, open, zoomBy, handlers: { onWheel, onPointerDown, onPointerMove, onPointerUp, onFocus } };
}
