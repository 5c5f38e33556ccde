import { Alert, AlertTitle } from '@mui/material';

/** What went wrong: the spec's message as the title, the API's or the network's reason under it. */
export interface Failure {
  title: string;
  reason?: string;
}

/** A failed save, shown above its form (the form keeps all that was typed). */
export const FailureNote = ({ failure }: { failure: Failure }) => (
  <Alert severity="error">
    <AlertTitle sx={{ mb: failure.reason ? 0.5 : 0 }}>{failure.title}</AlertTitle>
    {failure.reason}
  </Alert>
);
