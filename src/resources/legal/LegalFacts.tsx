import { Facts } from '../../components/Facts';
import { formatDateTime } from '../../format';
import { LegalStatus } from './LegalStatus';
import { type LegalVersionRecord, TYPE_LABELS } from './legal';

/** A version's metadata: type, version, status and its dates. */
export const LegalFacts = ({ record }: { record: LegalVersionRecord }) => (
  <Facts
    facts={[
      ['Type', TYPE_LABELS[record.type] ?? record.type],
      ['Version', `v${record.version}`],
      ['Status', <LegalStatus key="status" record={record} />],
      ['Published', formatDateTime(record.publishedAt)],
      ['Created', formatDateTime(record.createdAt)],
      ['Updated', formatDateTime(record.updatedAt)],
    ]}
  />
);
