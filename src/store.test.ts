import { describe, expect, it } from 'vitest';
import { createStore } from './store';

describe('createStore', () => {
  it('keeps the theme choice when react-admin resets the store on logout', () => {
    const store = createStore();
    store.setup();
    store.setItem('theme', 'dark');
    store.setItem('posts.listParams', { page: 3 });
    store.reset();
    expect(store.getItem('theme')).toBe('dark');
    expect(store.getItem('posts.listParams')).toBeUndefined();
    store.teardown();
  });
});
