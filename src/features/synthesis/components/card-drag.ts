/**
 * A dashboard's cards moved by dragging their handle, with pointer events (a mouse, a pen or a
 * finger; no library): the card under the pointer is where the dragged one would land (shown
 * while it moves), and it lands there when the pointer is let go. The handle captures the
 * pointer, so the moves and the release reach it wherever they happen; its `touch-action: none`
 * keeps the browser from scrolling instead. The cards are read from the page: each carries
 * `data-card-index`. The move up / move down buttons stay the keyboard's and the screen reader's
 * way; the handle is hidden from them.
 */
import { useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';

/** A press that moves less than this (px) is no drag (a tap on the handle). */
const SLOP_PX = 4;

export interface CardDrag {
  from: number;
  /** The card it would land on (its place taken, the others shifted); null: nowhere. */
  to: number | null;
}

/** The index of the card under the point (x, y); null when none. */
export function cardAt(x: number, y: number, root: Document = document): number | null {
  const card = root.elementFromPoint(x, y)?.closest<HTMLElement>('[data-card-index]');
  const index = Number(card?.dataset.cardIndex);
  return card && Number.isInteger(index) ? index : null;
}

/** The cards' order after the one at `from` is moved to `to` (the others shifted). */
export function moved<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  if (from < 0 || from >= next.length || to < 0 || to >= next.length || from === to) return next;
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}

/** The drag's state (null: none) and the handlers a card's handle spreads on itself; `onDrop(from, to)` once per drag that landed elsewhere. */
export function useCardDrag(onDrop: (from: number, to: number) => void) {
  const [drag, setDrag] = useState<CardDrag | null>(null);
  const current = useRef<{ pointerId: number; x: number; y: number; moved: boolean; state: CardDrag } | null>(null);
  const end = (drop: boolean) => {
    const taken = current.current;
    current.current = null;
    setDrag(null);
    if (drop && taken?.moved && taken.state.to !== null && taken.state.to !== taken.state.from) onDrop(taken.state.from, taken.state.to);
  };
  const handleProps = (from: number) => ({
    onPointerDown: (event: ReactPointerEvent<HTMLElement>) => {
      if (event.button !== 0 || current.current !== null) return;
      event.preventDefault();
      event.currentTarget.setPointerCapture(event.pointerId);
      const state = { from, to: null };
      current.current = { pointerId: event.pointerId, x: event.clientX, y: event.clientY, moved: false, state };
      setDrag(state);
    },
    onPointerMove: (event: ReactPointerEvent<HTMLElement>) => {
      const taken = current.current;
      if (taken === null || taken.pointerId !== event.pointerId) return;
      if (!taken.moved && Math.hypot(event.clientX - taken.x, event.clientY - taken.y) < SLOP_PX) return;
      taken.moved = true;
      const to = cardAt(event.clientX, event.clientY);
      if (to !== taken.state.to) {
        taken.state = { from, to };
        setDrag(taken.state);
      }
    },
    onPointerUp: (event: ReactPointerEvent<HTMLElement>) => {
      if (current.current?.pointerId === event.pointerId) end(true);
    },
    onPointerCancel: () => end(false),
    // The capture lost without a release (the handle redrawn away, the window left): no drop.
    onLostPointerCapture: () => {
      if (current.current !== null) end(false);
    },
  });
  return { drag, handleProps };
}
