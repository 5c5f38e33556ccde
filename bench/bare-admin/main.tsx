// The bundle-size baseline: the smallest react-admin app (one ListGuesser resource), built with
// the same toolchain. The console's first-visit JavaScript must stay under 0.9x of this.
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
