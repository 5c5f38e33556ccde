/**
 * An input's maxlength, as MUI (and react-admin's inputs) take it: the browser stops typing at
 * the API's limit (contract/limits.ts), so an admin meets it in the field, not after saving.
 */
export const maxLengthProps = (maxLength: number) => ({ slotProps: { htmlInput: { maxLength } } });
