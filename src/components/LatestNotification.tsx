import { useEffect, useMemo, useRef, useState } from 'react';
import {
  Notification,
  NotificationContext,
  type NotificationPayload,
  useNotificationContext,
} from 'react-admin';
import { INVALID_FORM, invalidFieldLabels, invalidFormMessage } from './invalidFields';

/**
 * react-admin's 'The form is not valid. Please check for errors', sent by every form it runs
 * when a submit finds errors, names the fields instead ('2 fields need attention: Nickname,
 * Skill'): by then the form has rendered them marked invalid, under their labels.
 */
const worded = (payload: NotificationPayload): NotificationPayload =>
  payload.message === INVALID_FORM
    ? { ...payload, message: invalidFormMessage(invalidFieldLabels()) }
    : payload;

/**
 * react-admin's notification, showing only the latest outcome. react-admin queues each message
 * behind the one on screen, so an earlier 'Error saving bot' stayed up while the save that
 * followed had succeeded, and the same message sent twice showed twice. Here a new message
 * replaces the one shown and drops any still waiting. An undoable one is never cut short: its
 * change is only sent once it has gone, so later messages wait behind it as before. A form's
 * refused submit names its fields.
 */
export const LatestNotification = () => {
  const { notifications: sent, setNotifications: setSent } = useNotificationContext();
  const [waiting, setWaiting] = useState<NotificationPayload[]>([]);
  // Each replacement mounts a fresh snackbar: the one shown goes at once.
  const [generation, setGeneration] = useState(0);
  const shown = useRef<NotificationPayload | undefined>(undefined);

  useEffect(() => {
    if (sent.length === 0) return;
    setSent([]);
    if (shown.current?.notificationOptions?.undoable) {
      setWaiting((current) => [...current, ...sent.map(worded)]);
      return;
    }
    setWaiting(sent.slice(-1).map(worded));
    setGeneration((count) => count + 1);
  }, [sent, setSent]);

  // react-admin's snackbar reads its queue from this context: it gets ours.
  const context = useMemo(
    () => ({
      notifications: waiting,
      addNotification: (payload: NotificationPayload) =>
        setSent((current) => [...current, payload]),
      takeNotification: () => {
        const [next, ...rest] = waiting;
        setWaiting(rest);
        if (next) shown.current = next;
        return next;
      },
      resetNotifications: () => setWaiting([]),
      setNotifications: setWaiting,
    }),
    [waiting, setSent],
  );

  return (
    <NotificationContext.Provider value={context}>
      <Notification key={generation} />
    </NotificationContext.Provider>
  );
};
