import { type RefObject, useEffect, useRef, useState } from 'react';

export interface SideScrollEdges {
  /** Content hidden past the left edge (the box has been scrolled). */
  left: boolean;
  /** Content hidden past the right edge. */
  right: boolean;
}

const NONE: SideScrollEdges = { left: false, right: false };

/**
 * Which sides of the box matching `selector` inside `ref` hide content, kept up to date as it
 * scrolls or resizes: the cue that a table scrolls sideways. The box may come and go with the
 * data (an empty list has none), so it is looked up again after every render.
 */
export const useSideScrollEdges = <E extends HTMLElement>(
  selector: string,
): { ref: RefObject<E | null>; edges: SideScrollEdges } => {
  const ref = useRef<E>(null);
  const [edges, setEdges] = useState<SideScrollEdges>(NONE);

  useEffect(() => {
    const box = ref.current?.querySelector<HTMLElement>(selector);
    if (!box) {
      setEdges(NONE);
      return;
    }
    const update = () => {
      const left = box.scrollLeft > 1;
      const right = box.scrollLeft + box.clientWidth < box.scrollWidth - 1;
      setEdges((was) => (was.left === left && was.right === right ? was : { left, right }));
    };
    update();
    box.addEventListener('scroll', update, { passive: true });
    const resized = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update);
    resized?.observe(box);
    if (box.firstElementChild) resized?.observe(box.firstElementChild);
    return () => {
      box.removeEventListener('scroll', update);
      resized?.disconnect();
    };
  });

  return { ref, edges };
};
