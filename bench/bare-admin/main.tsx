// The bundle-size baseline: the smallest react-admin app a console like ours starts from, built
// with the same toolchain and versions: one ListGuesser resource (`#/posts`) and a dashboard (`/`)
// with a lazily loaded @mui/x-charts line chart, as the console's dashboard has. bench/bundle.mjs
// loads it in Chromium beside the console: /login against the list, / signed in against the
// dashboard; each must download at most 0.9x of the JavaScript and CSS (gzip).
import { Admin, type DataProvider, ListGuesser, Resource } from 'react-admin';
import { createRoot } from 'react-dom/client';
import { Dashboard } from './Dashboard';

const empty = async () => ({ data: [], total: 0 }) as never;
const dataProvider = new Proxy({}, { get: () => empty }) as DataProvider;

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <Admin disableTelemetry dataProvider={dataProvider} dashboard={Dashboard}>
      <Resource name="posts" list={ListGuesser} />
    </Admin>,
  );
}
