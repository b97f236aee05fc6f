/**
 * Drag and drop in the template builder, with pointer events (a finger on a phone, a mouse or a
 * pen on a desktop; no library): a question or a section is taken by its handle, the place it
 * would land is shown while it moves, and it is dropped where the pointer is let go. The handle
 * captures the pointer, so the moves and the release reach it wherever they happen; its
 * `touch-action: none` keeps the browser from scrolling instead, and the page scrolls by itself
 * while the pointer is near the top or the bottom of the screen (a long template on a phone).
 *
 * The places are read from the page: a question's item carries `data-drag-question="s:q"`, a
 * section `data-drag-section="s"`. Positions are the screen's before the move (template-draft's
 * dropQuestion / dropSection take them so). The up / down buttons stay the keyboard's and the
 * screen reader's way; the handle is hidden from them.
 */
import { useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';

export type DragSubject = { kind: 'question'; s: number; q: number } | { kind: 'section'; s: number };
/** Where a drop lands: before the question at `position` of section `s` (its length: the end), or before section `position`. */
export type DropPlace = { kind: 'question'; s: number; position: number } | { kind: 'section'; position: number };

/** How close to the screen's top or bottom (px) the pointer scrolls the page, and by how much a move. */
const EDGE_PX = 56;
const SCROLL_STEP_PX = 24;
/** A press that moves less than this (px) is no drag (a tap on the handle). */
const SLOP_PX = 4;

const pair = (value: string | undefined): [number, number] | null => {
  const [a, b] = (value ?? '').split(':').map(Number);
  return Number.isInteger(a) && Number.isInteger(b) ? [a!, b!] : null;
};
const below = (element: Element, y: number) => {
  const box = element.getBoundingClientRect();
  return y > box.top + box.height / 2;
};

/** The place under the point (x, y) for what is dragged; null: nowhere it can land. */
export function placeAt(subject: DragSubject, x: number, y: number, root: Document = document): DropPlace | null {
  const hit = root.elementFromPoint(x, y);
  if (hit === null) return null;
  const section = hit.closest<HTMLElement>('[data-drag-section]');
  const s = Number(section?.dataset.dragSection);
  if (section === null || !Number.isInteger(s)) return null;
  if (subject.kind === 'section') return { kind: 'section', position: below(section, y) ? s + 1 : s };
  const item = hit.closest<HTMLElement>('[data-drag-question]');
  const at = pair(item?.dataset.dragQuestion);
  if (item && at) return { kind: 'question', s: at[0], position: below(item, y) ? at[1] + 1 : at[1] };
  // On the section but not on a question: its top (above its first question) or its end.
  const items = section.querySelectorAll('[data-drag-question]');
  const firstQuestion = items[0];
  return { kind: 'question', s, position: firstQuestion !== undefined && y < firstQuestion.getBoundingClientRect().top ? 0 : items.length };
}

/** The nearest ancestor that scrolls vertically (the page's own scroller otherwise). */
function scrollerOf(element: Element): Element | null {
  for (let node = element.parentElement; node !== null; node = node.parentElement) {
    const overflow = getComputedStyle(node).overflowY;
    if ((overflow === 'auto' || overflow === 'scroll') && node.scrollHeight > node.clientHeight) return node;
  }
  return document.scrollingElement;
}

export interface DragState {
  subject: DragSubject;
  place: DropPlace | null;
}

/**
 * The drag's state (null: none) and the handlers a handle spreads on itself. `onDrop` is called
 * once per drag that landed somewhere.
 */
export function useDragReorder(onDrop: (subject: DragSubject, place: DropPlace) => void) {
  const [drag, setDrag] = useState<DragState | null>(null);
  const current = useRef<{ pointerId: number; startY: number; moved: boolean; state: DragState } | null>(null);
  const update = (state: DragState) => {
    if (current.current) current.current.state = state;
    setDrag(state);
  };
  const end = (drop: boolean) => {
    const taken = current.current;
    current.current = null;
    setDrag(null);
    if (drop && taken?.moved && taken.state.place !== null) onDrop(taken.state.subject, taken.state.place);
  };
  const handleProps = (subject: DragSubject) => ({
    onPointerDown: (event: ReactPointerEvent<HTMLElement>) => {
      if (event.button !== 0 || current.current !== null) return;
      event.preventDefault();
      event.currentTarget.setPointerCapture(event.pointerId);
      const state: DragState = { subject, place: null };
      current.current = { pointerId: event.pointerId, startY: event.clientY, moved: false, state };
      setDrag(state);
    },
    onPointerMove: (event: ReactPointerEvent<HTMLElement>) => {
      const taken = current.current;
      if (taken === null || taken.pointerId !== event.pointerId) return;
      if (!taken.moved && Math.abs(event.clientY - taken.startY) < SLOP_PX) return;
      taken.moved = true;
      if (event.clientY < EDGE_PX || event.clientY > window.innerHeight - EDGE_PX) {
        scrollerOf(event.currentTarget)?.scrollBy(0, event.clientY < EDGE_PX ? -SCROLL_STEP_PX : SCROLL_STEP_PX);
      }
      const place = placeAt(subject, event.clientX, event.clientY);
      const last = taken.state.place;
      if (JSON.stringify(place) !== JSON.stringify(last)) update({ subject, place });
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

/** The classes that show where the drag would land: on the question item, the section, or none. */
export function dropMarks(drag: DragState | null, counts: readonly number[]) {
  const place = drag?.place ?? null;
  return {
    question(s: number, q: number): string {
      if (place?.kind !== 'question' || place.s !== s) return '';
      if (place.position === q) return ' builder-drop-before';
      return place.position === counts[s] && q === counts[s] - 1 ? ' builder-drop-after' : '';
    },
    section(s: number): string {
      if (drag?.subject.kind === 'section' && drag.subject.s === s) return ' builder-dragging';
      if (place?.kind === 'question') return place.s === s && counts[s] === 0 ? ' builder-drop-into' : '';
      if (place?.kind !== 'section') return '';
      if (place.position === s) return ' builder-drop-before';
      return place.position === counts.length && s === counts.length - 1 ? ' builder-drop-after' : '';
    },
    dragging(s: number, q: number): boolean {
      return drag?.subject.kind === 'question' && drag.subject.s === s && drag.subject.q === q;
    },
  };
}
