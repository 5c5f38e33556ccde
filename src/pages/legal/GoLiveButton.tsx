import { DisabledUnlessAllowed } from '../../access/Allowed';
import { ConfirmButton, type ConfirmButtonProps } from '../../components/ConfirmButton';
import { LEGAL_PAGE } from './page';

type GoLiveProps = Pick<
  ConfirmButtonProps,
  'children' | 'confirm' | 'description' | 'confirmLabel' | 'disabled' | 'startIcon' | 'onConfirm'
>;

/**
 * 'Publish now' and 'Activate this version': the main action, asked first, for an admin holding
 * legal:publish (disabled under a tooltip naming it otherwise).
 */
export const GoLiveButton = (props: GoLiveProps) => (
  <DisabledUnlessAllowed action="publish" resource={LEGAL_PAGE}>
    <ConfirmButton
      variant="contained"
      size="medium"
      color="primary"
      confirmColor="primary"
      {...props}
    />
  </DisabledUnlessAllowed>
);
