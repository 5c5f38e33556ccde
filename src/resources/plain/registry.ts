import { plainScreen } from './screens';
import type { AnySpec } from './spec';

// Every `src/resources/<name>/resource.ts` is a plain resource named after its folder.
const declared = import.meta.glob<AnySpec>('../*/resource.ts', { eager: true, import: 'default' });

/** The plain resources: `<Resource {...props} />` each, and a menu link unless `menu: false`. */
export const plainResources = Object.entries(declared).map(([file, spec]) => {
  const name = file.split('/')[1] ?? file;
  return { name, spec, props: plainScreen({ name, spec }) };
});
