import { useEffect, useRef } from 'react';
import { useDataProvider } from 'react-admin';
import type { AppDataProvider } from '../dataProvider';
import type { LiveCallback } from './connection';

/**
 * Calls `callback` for each event of `topic` while the component is mounted (ra-realtime's
 * useSubscribe); no topic, no subscription. The latest callback is called: no resubscribe.
 */
export const useSubscribe = (topic: string | undefined, callback: LiveCallback): void => {
  const dataProvider = useDataProvider<AppDataProvider>();
  const latest = useRef(callback);
  useEffect(() => {
    latest.current = callback;
  });
  useEffect(() => {
    if (!topic) return;
    const listener: LiveCallback = (event) => latest.current(event);
    void dataProvider.subscribe(topic, listener);
    return () => {
      void dataProvider.unsubscribe(topic, listener);
    };
  }, [topic, dataProvider]);
};
