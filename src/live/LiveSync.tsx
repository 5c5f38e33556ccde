import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useDataProvider } from 'react-admin';
import { resourceTopic, STATS_TOPIC } from '../../contract/live';
import type { AppDataProvider } from '../dataProvider';
import { type Batch, ChangeBatch } from './changeBatch';
import { type LiveCallback, live } from './connection';
import { refreshAfterGap, refreshResource, refreshStats } from './refresh';
import { useReadableLiveResources } from './useReadableLiveResources';

const TOPIC_PREFIX = 'resource/';

/** Calls `callback` each time the stream is back after a loss (what it missed is unknown). */
const useOnReconnect = (callback: () => void): void => {
  const latest = useRef(callback);
  useEffect(() => {
    latest.current = callback;
  });
  useEffect(() => live.onReconnect(() => latest.current()), []);
};

/**
 * Keeps what is on screen current (mounted once, in the layout): listens to the resources the
 * admin may read and to the dashboard's figures, and reloads, once per burst, the queries that
 * show what changed; after a gap in the stream, everything on screen.
 */
export const LiveSync = () => {
  const dataProvider = useDataProvider<AppDataProvider>();
  const queryClient = useQueryClient();
  const readable = useReadableLiveResources();
  const batch = useRef<ChangeBatch | null>(null);
  batch.current ??= new ChangeBatch(({ resources, stats }: Batch) => {
    for (const [resource, changes] of resources) refreshResource(queryClient, resource, changes);
    if (stats) refreshStats(queryClient);
  });

  const topics = [...readable.map(resourceTopic), STATS_TOPIC].join(' ');
  useEffect(() => {
    const changes = batch.current;
    if (!changes) return;
    const listener: LiveCallback = (event) => {
      if (event.topic === STATS_TOPIC) {
        changes.addStats();
        return;
      }
      const resource = event.topic.slice(TOPIC_PREFIX.length);
      if (event.type === 'presence') return;
      const { ids } = event.payload as { ids?: string[] };
      changes.addChange(resource, event.type, ids ?? []);
    };
    const list = topics.split(' ');
    for (const topic of list) void dataProvider.subscribe(topic, listener);
    return () => {
      for (const topic of list) void dataProvider.unsubscribe(topic, listener);
    };
  }, [topics, dataProvider]);

  useEffect(() => () => batch.current?.clear(), []);

  useOnReconnect(() => {
    batch.current?.clear();
    refreshAfterGap(queryClient);
  });
  return null;
};
