import { SaveButton, type SaveButtonProps } from 'react-admin';

/**
 * The Save of every react-admin form, under the console's one rule for forms: enabled from the
 * start, as the settings pages' 'Save changes' is (react-admin's own waits for a change); a click
 * validates, and a refusal names the fields that need attention.
 */
export const FormSaveButton = (props: SaveButtonProps) => (
  <SaveButton label="Save" {...props} alwaysEnable />
);
