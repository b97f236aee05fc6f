/**
 * Drag and drop in the template builder, with pointer events (a finger on a phone, a mouse or a
 * pen on a desktop; no library): a question, a section or a choice's option is taken by its handle, the place it
 * would land is shown while it moves, and it is dropped where the pointer is let go. The handle
 * captures the pointer, so the moves and the release reach it wherever they happen; its
 * `touch-action: none` keeps the browser from scrolling instead, and the page scrolls by itself
 * while the pointer is near the top or the bottom of the screen (a long template on a phone).
 *
 * The places are read from the page: a question's item carries `data-drag-question="s:q"`, a
 * section `data-drag-section="s"`, an option `data-drag-option="s:q:o"` inside its question's
 * list `data-drag-options="s:q"` (an option moves among its question's options only: its key,
 * score and the conditions naming it belong to that question). Positions are the screen's
 * before the move (template-draft's dropQuestion / dropSection / dropOption take them so). The up / down buttons stay the keyboard's and the
 * screen reader's way; the handle is hidden from them.
 */
import { useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';

export type DragSubject = { kind: 'question'; s: number; q: number } | { kind: 'section'; s: number } | { kind: 'option'; s: number; q: number; o: number };
/**
 * Where a drop lands: before the question at `position` of section `s` (its length: the end),
 * before section `position`, or before the option at `position` of question (s, q).
 */
export type DropPlace = { kind: 'question'; s: number; position: number } | { kind: 'section'; position: number } | { kind: 'option'; s: number; q: number; position: number };

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

/** Where an option would land under `hit`: among its own question's options only. */
function optionPlace(subject: Extract<DragSubject, { kind: 'option' }>, hit: Element, y: number): DropPlace | null {
  const list = hit.closest<HTMLElement>('[data-drag-options]');
  if (list?.dataset.dragOptions !== `${subject.s}:${subject.q}`) return null;
  const place = { kind: 'option' as const, s: subject.s, q: subject.q };
  const item = hit.closest<HTMLElement>('[data-drag-option]');
  const o = Number(item?.dataset.dragOption?.split(':')[2]);
  if (item && Number.isInteger(o)) return { ...place, position: below(item, y) ? o + 1 : o };
  // On the list but between options: its top or its end.
  const items = list.querySelectorAll('[data-drag-option]');
  const firstOption = items[0];
  return { ...place, position: firstOption !== undefined && y < firstOption.getBoundingClientRect().top ? 0 : items.length };
}

/** The place under the point (x, y) for what is dragged; null: nowhere it can land. */
export function placeAt(subject: DragSubject, x: number, y: number, root: Document = document): DropPlace | null {
  const hit = root.elementFromPoint(x, y);
  if (hit === null) return null;
  if (subject.kind === 'option') return optionPlace(subject, hit, y);
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

/**
 * The classes that show where the drag would land: on the question item, the section, the
 * option, or none. `counts`: each section's number of questions; `optionCount(s, q)`: a question's options.
 */
export function dropMarks(drag: DragState | null, counts: readonly number[], optionCount: (s: number, q: number) => number = () => 0) {
  const place = drag?.place ?? null;
  return {
    option(s: number, q: number, o: number): string {
      const subject = drag?.subject;
      const dragging = subject?.kind === 'option' && subject.s === s && subject.q === q && subject.o === o ? ' builder-dragging' : '';
      if (place?.kind !== 'option' || place.s !== s || place.q !== q) return dragging;
      if (place.position === o) return `${dragging} builder-drop-before`;
      const count = optionCount(s, q);
      return place.position === count && o === count - 1 ? `${dragging} builder-drop-after` : dragging;
    },
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
