import { TOTAL_BOUND } from '../../contract/lists';
import type { Database } from './connect';

/**
 * How many rows past the bound a count goes on to read, so that it can be remembered: a
 * remembered count stays true while fewer rows than this have changed since.
 */
export const MARGIN = TOTAL_BOUND;
/** However few rows changed: a write nobody announced (a bulk load) cannot outlive this. */
const KEEP_MS = 30_000;
/** Filters remembered at once; the oldest is forgotten first. */
const MOST = 1_000;

/**
 * The lists known to hold more than TOTAL_BOUND + MARGIN rows, so that paging, re-sorting,
 * refreshing and other admins typing the same broad term do not each count ten thousand rows
 * again to answer "10,000+".
 *
 * Why a remembered count stays true: a filter's set only shrinks when one of its rows is
 * updated or deleted, and every update and delete of a table is announced (migration
 * 0014_live_updates) with the ids it touched. Each announced row takes one off every remembered
 * margin, whatever table or filter, and a margin used up forgets its count. So the memo holds
 * only while the instance hears the announcements (`hearing`); a lost LISTEN connection forgets
 * everything, and KEEP_MS bounds what an unannounced write could leave behind.
 */
export class CountMemo {
  private listeners = 0;
  /** Bumped whenever the listeners change: a count begun before cannot be vouched for. */
  private epoch = 0;
  /** Rows announced updated or deleted so far, all told. */
  private heard = 0;
  private readonly kept = new Map<string, { left: number; until: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  /** One more LISTEN connection hears every change from now on. */
  hearing(): void {
    this.listeners++;
    this.epoch++;
  }

  /** One fewer: with none left, changes may go unheard, so nothing is remembered. */
  deaf(): void {
    this.listeners = Math.max(0, this.listeners - 1);
    this.epoch++;
    if (this.listeners === 0) this.kept.clear();
  }

  /**
   * Taken before a count begins: how far it should go (past the margin only when it can be
   * remembered), and what had been heard by then, for `counted`.
   */
  mark(): CountMark {
    const remembering = this.listeners > 0;
    return {
      epoch: this.epoch,
      heard: this.heard,
      remembering,
      upTo: remembering ? TOTAL_BOUND + MARGIN + 1 : TOTAL_BOUND + 1,
    };
  }

  /** `rows` rows were updated or deleted: each may have left any remembered set. */
  changed(rows: number): void {
    this.heard += rows;
    for (const [key, entry] of this.kept) {
      entry.left -= rows;
      if (entry.left <= 0) this.kept.delete(key);
    }
  }

  /** Whether the filter `key` is known to hold more than TOTAL_BOUND rows. */
  holdsMoreThanBound(key: string): boolean {
    const entry = this.kept.get(key);
    if (!entry) return false;
    if (entry.until > this.now()) return true;
    this.kept.delete(key);
    return false;
  }

  /**
   * The filter `key` counted `count` rows, the count begun at `mark`. What was heard while it
   * ran may or may not be in it, so it takes those rows off the margin too; a count that ran
   * while a listener came or went is not remembered.
   */
  counted(key: string, count: number, mark: CountMark): void {
    const left = count - TOTAL_BOUND - (this.heard - mark.heard);
    if (!mark.remembering || mark.epoch !== this.epoch || left <= 0) return;
    if (this.kept.size >= MOST) this.kept.delete(this.kept.keys().next().value as string);
    this.kept.set(key, { left, until: this.now() + KEEP_MS });
  }
}

export interface CountMark {
  epoch: number;
  heard: number;
  remembering: boolean;
  /** The count's limit. */
  upTo: number;
}

const memos = new WeakMap<Database, CountMemo>();

/** The memo of the lists read through `db` (the live hub over the same `db` feeds it). */
export function countMemoOf(db: Database): CountMemo {
  let memo = memos.get(db);
  if (!memo) {
    memo = new CountMemo();
    memos.set(db, memo);
  }
  return memo;
}
