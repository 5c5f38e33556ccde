/** react-admin's stock message when a submitted form has errors. */
export const INVALID_FORM = 'ra.message.invalid_form';

/** A field's label as shown, without the required mark (MUI's aria-hidden ' *'). */
const textOf = (label: Element) => {
  const copy = label.cloneNode(true) as Element;
  for (const hidden of copy.querySelectorAll('[aria-hidden="true"]')) hidden.remove();
  return (copy.textContent ?? '').replace(/\s*\*$/, '').trim();
};

const labelOf = (field: Element) => {
  const ownLabel =
    field.closest('.MuiFormControl-root')?.querySelector('.MuiFormLabel-root') ??
    (field instanceof HTMLInputElement ? field.labels?.[0] : undefined);
  if (ownLabel) return textOf(ownLabel);
  return field.getAttribute('aria-label') ?? '';
};

/**
 * The labels of the fields on screen marked invalid, in page order, each once (a select marks
 * both its button and its hidden input).
 */
export const invalidFieldLabels = (root: ParentNode = document): string[] => {
  const labels = [...root.querySelectorAll('[aria-invalid="true"]')].map(labelOf);
  return [...new Set(labels.filter((label) => label !== ''))];
};

/** '2 fields need attention: Nickname, Skill'; '1 field needs attention: Nickname'. */
export const invalidFormMessage = (labels: readonly string[]) => {
  if (labels.length === 0) return 'Some fields need attention';
  const count = labels.length === 1 ? '1 field needs' : `${labels.length} fields need`;
  return `${count} attention: ${labels.join(', ')}`;
};
