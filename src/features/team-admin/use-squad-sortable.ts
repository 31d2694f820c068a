/**
 * Makes one squad box's member list a sortablejs list in the shared "squads" group (mouse and
 * touch). Sortable moves DOM nodes itself; on a drop into another box the node is put back where it
 * was and `onDrop` tells React, which then renders the member in its new box. A drop into the same
 * box does nothing. The dragged member shows at half opacity (.is-dragging) and the hovered box is
 * tinted (.is-drop-target).
 */
import { useEffect, useRef, type RefObject } from 'react';
import Sortable from 'sortablejs';
import type { BoxKey } from './squads';

const TARGET_CLASS = 'is-drop-target';

function clearTargets() {
  for (const el of document.querySelectorAll(`.${TARGET_CLASS}`)) el.classList.remove(TARGET_CLASS);
}

export function useSquadSortable(
  listRef: RefObject<HTMLElement | null>,
  onDrop: (username: string, from: BoxKey, to: BoxKey) => void,
  disabled: boolean,
) {
  const onDropRef = useRef(onDrop);
  const sortableRef = useRef<Sortable | null>(null);

  useEffect(() => {
    onDropRef.current = onDrop;
  }, [onDrop]);

  useEffect(() => {
    const el = listRef.current;
    if (!el) return;
    const sortable = Sortable.create(el, {
      group: 'squads',
      sort: false,
      animation: 150,
      // On touch a short press starts the drag, so a swipe still scrolls the page.
      delay: 120,
      delayOnTouchOnly: true,
      touchStartThreshold: 5,
      emptyInsertThreshold: 24,
      ghostClass: 'is-dragging',
      chosenClass: 'is-chosen',
      fallbackClass: 'is-drag-clone',
      onMove(evt) {
        clearTargets();
        if (evt.to !== evt.from) evt.to.closest('.squad-box')?.classList.add(TARGET_CLASS);
        return true;
      },
      onEnd(evt) {
        clearTargets();
        const { from, to, item, oldIndex } = evt;
        if (from === to) return;
        to.removeChild(item);
        from.insertBefore(item, from.children[oldIndex ?? 0] ?? null);
        const username = item.dataset.username;
        if (username) onDropRef.current(username, from.dataset.box as BoxKey, to.dataset.box as BoxKey);
      },
    });
    sortableRef.current = sortable;
    return () => {
      sortable.destroy();
      sortableRef.current = null;
    };
  }, [listRef]);

  useEffect(() => {
    sortableRef.current?.option('disabled', disabled);
  }, [disabled]);
}
