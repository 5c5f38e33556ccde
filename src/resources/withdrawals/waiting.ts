import { useEffect, useState } from 'react';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * How long something has waited, to the minute under a day and to the hour beyond:
 * '< 1 min', '45 min', '3 h 12 min', '2 d 4 h'.
 */
export const formatAge = (ms: number): string => {
  if (!Number.isFinite(ms) || ms < MINUTE) return '< 1 min';
  if (ms < HOUR) return `${Math.floor(ms / MINUTE)} min`;
  if (ms < DAY) return `${Math.floor(ms / HOUR)} h ${Math.floor((ms % HOUR) / MINUTE)} min`;
  return `${Math.floor(ms / DAY)} d ${Math.floor((ms % DAY) / HOUR)} h`;
};

/** The age of `iso` at `now`; '-' when it is no time. */
export const ageSince = (iso: string, now: number): string => {
  const since = new Date(iso).getTime();
  return Number.isNaN(since) ? '-' : formatAge(now - since);
};

/** The current time, renewed every minute: ages on screen keep up while it stays open. */
export const useNow = (): number => {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), MINUTE);
    return () => window.clearInterval(timer);
  }, []);
  return now;
};
