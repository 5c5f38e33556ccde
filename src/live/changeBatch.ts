import type { ChangeType } from '../../contract/live';
import type { ResourceChanges } from './refresh';

/** How long a burst is collected before one refresh per resource. */
export const BATCH_MS = 200;

export interface Batch {
  resources: Map<string, ResourceChanges>;
  stats: boolean;
}

/**
 * Collects the events of a burst (100 changes a second are 20 events per window, not 100
 * refetches) and hands them over once, BATCH_MS after the first.
 */
export class ChangeBatch {
  private resources = new Map<string, ResourceChanges>();
  private stats = false;
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly flush: (batch: Batch) => void,
    private readonly waitMs = BATCH_MS,
  ) {}

  addChange(resource: string, type: ChangeType, ids: readonly string[]): void {
    const changes = this.resources.get(resource) ?? { types: new Set(), ids: new Set() };
    changes.types.add(type);
    for (const id of ids) changes.ids.add(id);
    this.resources.set(resource, changes);
    this.schedule();
  }

  addStats(): void {
    this.stats = true;
    this.schedule();
  }

  /** Forgets what was collected (a refetch of everything covers it). */
  clear(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.resources = new Map();
    this.stats = false;
  }

  private schedule(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      const batch = { resources: this.resources, stats: this.stats };
      this.timer = null;
      this.resources = new Map();
      this.stats = false;
      this.flush(batch);
    }, this.waitMs);
  }
}
