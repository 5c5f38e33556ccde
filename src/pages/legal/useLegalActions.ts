import { useState } from 'react';
import { type RaRecord, useCreate, useDataProvider, useNotify, useUpdate } from 'react-admin';
import type { LegalDocument, LegalType } from '../../../contract/legal';
import type { AppDataProvider } from '../../dataProvider';
import { RESOURCE } from '../../resources/legal/legal';
import type { EditorValues } from './LegalEditor';
import { type LegalAction, type Outcome, outcomeOf } from './outcome';

const asPromise = { returnPromise: true } as const;

const isVersion = (value: unknown): value is LegalDocument =>
  typeof value === 'object' && value !== null && typeof (value as RaRecord)._id === 'string';

/** The saved version, which the hooks resolve with when asked for a promise. */
const savedFrom = async (saving: Promise<unknown>): Promise<LegalDocument> => {
  const saved = await saving;
  if (!isVersion(saved)) throw new Error('The save resolved without the saved version');
  return saved;
};

/** The version a change starts from (If-Match); all three fields go, as the spec says. */
const basedOn = (doc: LegalDocument) => ({ id: doc._id, updatedAt: doc.updatedAt });

/**
 * The legal page's changes through the resource's hooks (useCreate, useUpdate, and 'Activate'
 * as a custom call in useUpdate), each reported with the spec's message. The saved version is
 * known at once (react-admin's cache); `onDone` hears which, and whether other versions may
 * have changed with it (one goes live in place of another).
 */
export const useLegalActions = (onDone: (doc: LegalDocument, othersChanged: boolean) => void) => {
  const notify = useNotify();
  const dataProvider = useDataProvider<AppDataProvider>();
  const [create] = useCreate();
  const [update] = useUpdate();
  const [activateOne] = useUpdate(RESOURCE, undefined, {
    mutationFn: async ({ id, previousData }) => {
      const { doc } = await dataProvider.activateLegal(
        id ?? '',
        (previousData as LegalDocument | undefined)?.updatedAt,
      );
      return { ...doc, id: doc._id };
    },
  });
  const [pending, setPending] = useState<LegalAction | null>(null);

  const run = async (
    action: LegalAction,
    call: () => Promise<LegalDocument>,
    othersChanged: boolean,
  ): Promise<Outcome> => {
    setPending(action);
    const outcome = await outcomeOf(action, call);
    setPending(null);
    notify(outcome.message, {
      type: outcome.ok ? (outcome.empty ? 'warning' : 'success') : 'error',
    });
    if (outcome.ok) onDone(outcome.doc, othersChanged);
    return outcome;
  };

  return {
    pending,
    /** POST a new version of `type` (its lists reload: react-admin's useCreate). */
    create: (action: LegalAction, type: LegalType, values: EditorValues, publish: boolean) =>
      run(
        action,
        () =>
          savedFrom(create(RESOURCE, { data: { type, ...values, isActive: publish } }, asPromise)),
        false,
      ),
    /** PATCH a version with If-Match. */
    update: (action: LegalAction, doc: LegalDocument, values: EditorValues, publish: boolean) =>
      run(
        action,
        () =>
          savedFrom(
            update(
              RESOURCE,
              { id: doc._id, data: { ...values, isActive: publish }, previousData: basedOn(doc) },
              asPromise,
            ),
          ),
        publish,
      ),
    /** PATCH …/activate with If-Match. */
    activate: (doc: LegalDocument) =>
      run(
        'activate',
        () =>
          savedFrom(
            activateOne(
              RESOURCE,
              { id: doc._id, data: { isActive: true }, previousData: basedOn(doc) },
              asPromise,
            ),
          ),
        true,
      ),
  };
};
