/**
 * Part of every push key the tests save, and of nothing else: `npm test` searches every log it
 * captured (each tier's output, the API tests' server log, the end-to-end servers' logs) for it,
 * so a key that reached a log line fails the run. A masked key shows only its last 4 characters,
 * which never include the marker.
 */
export const SECRET_MARKER = 'qx7-secret-qx7';

/** A key shaped like the provider's, holding the marker; its mask shows the end of `name`. */
export const testPushKey = (name: string) => `os_v2_app_${SECRET_MARKER}_${name}`;
