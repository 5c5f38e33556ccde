import { useState } from 'react';
import { type RaRecord, useCreate, useDataProvider, useNotify, useUpdate } from 'react-admin';
import type { LegalDocument, LegalType } from '../../../contract/legal';
import type { AppDataProvider } from '../../dataProvider';
import { RESOURCE } from '../../resources/legal/legal';
import type { EditorValues } from './LegalEditor';
import { basedOn } from './LegalWriteBase';
import { type LegalAction, type Outcome, outcomeOf } from './outcome';

const asPromise = { returnPromise: true } as const;

const isVersion = (value: unknown): value is LegalDocument =>
  typeof value === 'object' && value !== null && typeof (value as RaRecord)._id === 'string';

/**
 * The legal page's changes through the resource's hooks (the editor's base, useCreate, and
 * 'Activate' as a custom call in useUpdate), each reported with the spec's message. The saved version is
 * in react-admin's cache at once; `onDone` hears which, and whether other versions may have
 * changed with it (one goes live in place of another).
 */
export const useLegalActions = (onDone: (doc: LegalDocument, othersChanged: boolean) => void) => {
  const notify = useNotify();
  const dataProvider = useDataProvider<AppDataProvider>();
  const [create] = useCreate();
  const [activate] = useUpdate(RESOURCE, undefined, {
    mutationFn: async ({ id, previousData }) => {
      const { doc } = await dataProvider.activateLegal(id ?? '', previousData?.updatedAt);
      return { ...doc, id: doc._id };
    },
  });
  const [pending, setPending] = useState<LegalAction | null>(null);

  /** Runs a call that resolves with the saved version (the hooks do, asked for a promise). */
  const run = async (action: LegalAction, call: () => Promise<unknown>, othersChanged = true) => {
    setPending(action);
    const outcome: Outcome = await outcomeOf(action, async () => {
      const saved = await call();
      if (!isVersion(saved)) throw new Error('The save resolved without the saved version');
      return saved;
    });
    setPending(null);
    notify(outcome.message, {
      type: outcome.ok ? (outcome.empty ? 'warning' : 'success') : 'error',
    });
    if (outcome.ok) onDone(outcome.doc, othersChanged);
    return outcome;
  };

  return {
    pending,
    /** POST a new version of `type` (react-admin's useCreate reloads the lists itself). */
    create: (action: LegalAction, type: LegalType, values: EditorValues, publish: boolean) =>
      run(
        action,
        () => create(RESOURCE, { data: { type, ...values, isActive: publish } }, asPromise),
        false,
      ),
    /** A save of the editor's form (its `<CreateBase>` or `<EditBase>`), reported as the others. */
    run,
    /** PATCH …/activate with If-Match. */
    activate: (doc: LegalDocument) =>
      run('activate', () =>
        activate(
          RESOURCE,
          { id: doc._id, data: { isActive: true }, previousData: basedOn(doc) },
          asPromise,
        ),
      ),
  };
};
