import { useEffect, useRef, useState } from 'react';
import { type Identifier, useDataProvider } from 'react-admin';
import { PRESENCE_INTERVAL_MS, presenceTopic, type Viewer } from '../../contract/live';
import { statusOf } from '../apiErrors';
import type { AppDataProvider } from '../dataProvider';
import { getStoredUser } from '../storage';
import { live } from './connection';
import { useLiveStatus } from './status';
import { useSubscribe } from './useSubscribe';

const NOBODY: Viewer[] = [];

let queue: Promise<unknown> = Promise.resolve();
/**
 * Presence calls go out one after another: a leave never overtakes the arrival it ends, nor an
 * arrival the leave before it (a page left and opened again).
 */
const inTurn = <T>(call: () => Promise<T>): Promise<T> => {
  const turn = queue.then(call);
  queue = turn.catch(() => {});
  return turn;
};

/**
 * Leaves the server never heard (it was down, or a proxy answered 5xx), by record: each is sent
 * again once the live stream is back, or the other admins' pages would name this one until the
 * 30 s drop-off. Arriving at the record again forgets its leave.
 */
const unsentLeaves = new Map<string, () => Promise<unknown>>();
const placeOf = (resource: string, id: Identifier) => `${resource}/${String(id)}`;

const leave = (place: string, send: () => Promise<unknown>) => {
  unsentLeaves.delete(place);
  inTurn(send).catch((error: unknown) => {
    const status = statusOf(error) ?? 0;
    if (status === 0 || status >= 500) unsentLeaves.set(place, send);
  });
};

live.onReconnect(() => {
  for (const [place, send] of unsentLeaves) leave(place, send);
});

/**
 * Announces that this admin views the record, now and every PRESENCE_INTERVAL_MS, until the
 * page is left; answers the other admins viewing it. A failed announcement is silent: presence
 * is a courtesy, and the next one retries.
 */
export const useOtherViewers = (resource: string, id: Identifier | undefined): Viewer[] => {
  const dataProvider = useDataProvider<AppDataProvider>();
  const [me] = useState(() => getStoredUser()?._id);
  const [viewers, setViewers] = useState<Viewer[]>(NOBODY);
  // Counts the presence events heard: an announcement's answer read before one of them (an
  // admin left meanwhile) is older than what the event said, and must not bring them back.
  const heard = useRef(0);

  useSubscribe(id === undefined ? undefined : presenceTopic(resource, String(id)), (event) => {
    if (event.type !== 'presence') return;
    heard.current += 1;
    setViewers(event.payload.viewers);
  });

  // Arrivals announced while this tab's stream was down (the page just loaded, or a gap) were
  // not heard: once it is up, ask again who is here.
  const announceNow = useRef<() => void>(undefined);
  const status = useLiveStatus();
  const wasLive = useRef(status === 'live');
  useEffect(() => {
    const isLive = status === 'live';
    if (isLive && !wasLive.current) announceNow.current?.();
    wasLive.current = isLive;
  }, [status]);

  useEffect(() => {
    if (id === undefined) return;
    let here = true;
    const place = placeOf(resource, id);
    const announce = () => {
      let asked = heard.current;
      inTurn(() => {
        unsentLeaves.delete(place);
        asked = heard.current;
        return dataProvider.announcePresence(resource, id);
      }).then(
        (answer) => {
          if (here && heard.current === asked) setViewers(answer.viewers);
        },
        () => {},
      );
    };
    // The tab is going away: a request that outlives the page.
    const onPageHide = () => {
      dataProvider.leavePresence(resource, id, true).catch(() => {});
    };
    // back from the browser's page cache: the leave went out, so arrive again
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) announce();
    };
    announce();
    announceNow.current = announce;
    const beat = setInterval(announce, PRESENCE_INTERVAL_MS);
    window.addEventListener('pagehide', onPageHide);
    window.addEventListener('pageshow', onPageShow);
    return () => {
      here = false;
      announceNow.current = undefined;
      clearInterval(beat);
      window.removeEventListener('pagehide', onPageHide);
      window.removeEventListener('pageshow', onPageShow);
      setViewers(NOBODY);
      leave(place, () => dataProvider.leavePresence(resource, id));
    };
  }, [resource, id, dataProvider]);

  return viewers.filter((viewer) => viewer.adminId !== me);
};
