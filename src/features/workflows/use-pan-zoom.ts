import { useCallback, useRef, useState, type PointerEvent, type WheelEvent } from 'react';

export interface View {
  readonly x: number;
  readonly y: number;
  readonly scale: number;
}

const minScale = 0.15;
const maxScale = 4;
const clamp = (scale: number) => Math.min(maxScale, Math.max(minScale, scale));

/** Pan by dragging, zoom with the wheel (at the pointer) or buttons, and fit the drawing to its frame. */
export function usePanZoom(content: { width: number; height: number }) {
  const [view, setView] = useState<View>({ x: 0, y: 0, scale: 1 });
  const frame = useRef<HTMLDivElement>(null);
  const drag = useRef<{ x: number; y: number; view: View } | null>(null);

  const fit = useCallback(() => {
    const box = frame.current?.getBoundingClientRect();
    if (!box || content.width === 0 || content.height === 0) return;
    const scale = clamp(Math.min(box.width / content.width, box.height / content.height, 1.5) * 0.96);
    setView({ scale, x: (box.width - content.width * scale) / 2, y: (box.height - content.height * scale) / 2 });
  }, [content.width, content.height]);

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

  return { view, frame, fit, zoomBy, handlers: { onWheel, onPointerDown, onPointerMove, onPointerUp } };
}
