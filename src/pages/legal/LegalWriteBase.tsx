import type { ReactNode } from 'react';
import { CreateBase, EditBase, type SaveHandler, useSaveContext } from 'react-admin';
import type { LegalDocument } from '../../../contract/legal';
import { RESOURCE } from '../../resources/legal/legal';

/**
 * The version a change starts from: its id and version stamp (If-Match). It holds no content, so
 * a PATCH sends all three fields, as the spec says; a query of its own (meta) keeps it apart
 * from the whole version react-admin holds.
 */
export const basedOn = (doc: LegalDocument) => ({ id: doc._id, updatedAt: doc.updatedAt });
const VERSION_STAMP = { versionStamp: true } as const;

/**
 * Where the editor saves: `<CreateBase>` for a new version, `<EditBase>` (pessimistic, with
 * If-Match) for an edit of `doc`. The editor's buttons each save through it (useLegalSubmit).
 */
export const LegalWriteBase = ({
  doc,
  children,
}: {
  doc: LegalDocument | null;
  children: ReactNode;
}) =>
  doc ? (
    <EditBase
      resource={RESOURCE}
      id={doc._id}
      mutationMode="pessimistic"
      redirect={false}
      disableAuthentication
      queryOptions={{ enabled: false, initialData: basedOn(doc), meta: VERSION_STAMP }}
    >
      {children}
    </EditBase>
  ) : (
    <CreateBase resource={RESOURCE} redirect={false} disableAuthentication>
      {children}
    </CreateBase>
  );

/** Saves `data` through the enclosing base: resolves with the saved version, or rejects. */
export type LegalSubmit = (data: Record<string, unknown>) => Promise<unknown>;

/** The enclosing base's save, as a promise of its answer (each button reports its own way). */
export const useLegalSubmit = (): LegalSubmit => {
  const { save } = useSaveContext();
  return (data) =>
    new Promise((resolve, reject) => {
      const submit: SaveHandler<Record<string, unknown>> | undefined = save;
      if (!submit) {
        reject(new Error('The editor is outside <CreateBase> or <EditBase>'));
        return;
      }
      void submit(data, { onSuccess: resolve, onError: reject });
    });
};
