// The bundle-size baseline: the smallest react-admin app (one ListGuesser resource), built with
// the same toolchain and versions. bench/bundle.mjs loads it in Chromium beside the console,
// whose first visits must download at most 0.9x of its JavaScript and CSS (gzip).
import { Admin, type DataProvider, ListGuesser, Resource } from 'react-admin';
import { createRoot } from 'react-dom/client';

const empty = async () => ({ data: [], total: 0 }) as never;
const dataProvider = new Proxy({}, { get: () => empty }) as DataProvider;

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <Admin disableTelemetry dataProvider={dataProvider}>
      <Resource name="posts" list={ListGuesser} />
    </Admin>,
  );
}
