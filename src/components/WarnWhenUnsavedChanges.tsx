import { useContext, useEffect, useRef, useState } from 'react';
import { useBlocker, useCanBlock, useTranslate } from 'react-admin';
import { DirtyFormsContext } from './dirtyForms';

/** Going to another page of the console asks first, with react-admin's own question. */
const BlockLeaving = ({ dirtyForms }: { dirtyForms: Set<object> }) => {
  const translate = useTranslate();
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirtyForms.size > 0 && currentLocation.pathname !== nextLocation.pathname,
  );
  // The blocker is a new object on each render: the effect runs once per blocked navigation.
  const latest = useRef(blocker);
  latest.current = blocker;
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    const { proceed, reset } = latest.current;
    if (window.confirm(translate('ra.message.unsaved_changes'))) proceed?.();
    else reset?.();
  }, [blocker.state, translate]);
  return null;
};

/**
 * What react-admin's `warnWhenUnsavedChanges` does for its own forms, for a form that keeps its
 * values itself: while `dirty`, leaving the page (a link, Back, closing or reloading the tab)
 * asks before the edits are lost.
 */
export const WarnWhenUnsavedChanges = ({ dirty }: { dirty: boolean }) => {
  const canBlock = useCanBlock();
  const [form] = useState(() => ({}));
  // without a console around it (a form rendered alone), the form asks about itself only
  const [own] = useState(() => new Set<object>());
  const dirtyForms = useContext(DirtyFormsContext) ?? own;
  useEffect(() => {
    if (!dirty) return;
    dirtyForms.add(form);
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => {
      dirtyForms.delete(form);
      window.removeEventListener('beforeunload', warn);
    };
  }, [dirty, form, dirtyForms]);
  // Blocking needs a data router (the app's); without one only the tab's own warning is left.
  return canBlock ? <BlockLeaving dirtyForms={dirtyForms} /> : null;
};
