import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  allows,
  covers,
  isGrantable,
  PERMISSION_AREAS,
  PERMISSION_CATALOGUE,
  PERMISSION_NAMES,
  PERMISSIONS,
} from './permissions';
import { type AreaWords, RESOURCE_AREAS } from './resource-areas';

describe('the permission catalogue', () => {
  it('names each permission area:action once, with a description', () => {
    expect(new Set(PERMISSION_NAMES).size).toBe(PERMISSION_NAMES.length);
    for (const { name, description } of PERMISSION_CATALOGUE) {
      expect(name).toMatch(/^(\*|[a-z]+:[a-z*]+)$/);
      expect(description.length, name).toBeGreaterThan(5);
    }
    expect(PERMISSION_AREAS).toEqual([
      'users',
      'withdrawals',
      'adjustments',
      'bots',
      'games',
      'decks',
      'settings',
      'integrations',
      'legal',
      'push',
      'audit',
      // then the areas of added resources, as declared
      ...Object.keys(RESOURCE_AREAS),
    ]);
  });

  it('lets wildcards, and any action of an area for its read, allow a permission', () => {
    expect(allows(['*'], 'audit:read')).toBe(true);
    expect(allows(['legal:*'], 'legal:publish')).toBe(true);
    expect(allows(['legal:*'], 'bots:read')).toBe(false);
    expect(allows(['legal:publish'], 'legal:read')).toBe(true);
    expect(allows(['users:admin'], 'users:read')).toBe(true);
    expect(allows(['users:admin'], 'users:write')).toBe(false);
    expect(allows(['withdrawals:read'], 'withdrawals:approve')).toBe(false);
    // Free text from before the catalogue gives nothing, not even its area's read.
    expect(allows(['users:edit'], 'users:read')).toBe(false);
    expect(allows([], 'users:read')).toBe(false);
  });

  it('lets only `*` cover `*`, and `*` or the area wildcard cover an area wildcard', () => {
    const areas = PERMISSION_AREAS.map((area) => `${area}:*`);
    expect(covers(areas, '*')).toBe(false);
    expect(covers(['*'], '*')).toBe(true);
    expect(covers(['bots:*'], 'bots:*')).toBe(true);
    expect(covers(['bots:write'], 'bots:*')).toBe(false);
    expect(covers(['bots:write'], 'bots:read')).toBe(true);
    expect(covers(['*'], 'made:up')).toBe(false);
    expect(isGrantable('made:up')).toBe(false);
    expect(isGrantable('push:*')).toBe(true);
  });

  it('gives each declared resource area a read and a write, in its own words', () => {
    const catalogue: Record<string, string> = PERMISSIONS;
    const declared: Record<string, AreaWords> = RESOURCE_AREAS;
    for (const [area, words] of Object.entries(declared)) {
      expect(catalogue[`${area}:read`]).toBe(words.read);
      expect(catalogue[`${area}:write`]).toBe(words.write);
    }
  });

  it('is listed in the Access control documentation, added areas by where they are declared', () => {
    const doc = fs.readFileSync(
      path.join(import.meta.dirname, '..', 'docs', 'access-control.md'),
      'utf8',
    );
    const added = new Set(Object.keys(RESOURCE_AREAS));
    for (const name of PERMISSION_NAMES) {
      if (added.has(name.split(':')[0] ?? '')) continue;
      expect(doc, name).toContain(`\`${name}\``);
    }
    expect(doc).toContain('`contract/resource-areas.ts`');
  });
});
