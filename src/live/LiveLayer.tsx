import { LiveSync } from './LiveSync';
import { SessionCheck } from './SessionCheck';

/**
 * What keeps a signed-in page current: the live refreshes and the session check. The layout
 * loads it after its first render; its stream opens with it.
 */
const LiveLayer = () => (
  <>
    <LiveSync />
    <SessionCheck />
  </>
);

export default LiveLayer;
