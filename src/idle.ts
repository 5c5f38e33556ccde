/** After this long without a key or a click, what the console asks for is not the admin's doing. */
export const IDLE_AFTER_MS = 60_000;

let lastInput = Date.now();
if (typeof window !== 'undefined') {
  for (const type of ['pointerdown', 'keydown', 'wheel', 'touchstart'] as const) {
    window.addEventListener(
      type,
      () => {
        lastInput = Date.now();
      },
      { capture: true, passive: true },
    );
  }
}

/**
 * Whether the admin has been away a while: requests then (a live refresh of an open list) carry
 * `X-Passive: 1`, and the server does not count them as activity, so the session's idle timeout
 * ends a session left open on a busy screen.
 */
export const isIdle = (): boolean => Date.now() - lastInput > IDLE_AFTER_MS;
