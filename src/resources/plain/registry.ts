import { screensOf } from './screens';
import type { PlainSpec } from './spec';

// Every `src/resources/<name>/resource.ts` is a plain resource named after its folder.
const declared = import.meta.glob<PlainSpec<Record<string, unknown>>>('../*/resource.ts', {
  eager: true,
  import: 'default',
});

/** The plain resources: `<Resource name={name} {...props} />` each, and a menu link. */
export const plainResources = Object.entries(declared).map(([file, spec]) => {
  const name = file.split('/')[1] ?? file;
  return { name, spec, props: screensOf({ name, spec }) };
});
