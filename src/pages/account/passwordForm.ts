/** Where 'Change password' leads: My account's password form, its first field focused. */
export const PASSWORD_FORM_ID = 'change-password';

/** Focuses the password form on My account, once it is on the page. */
export const focusPasswordForm = () => {
  const form = document.getElementById(PASSWORD_FORM_ID);
  form?.scrollIntoView?.({ block: 'center' });
  form?.querySelector('input')?.focus();
};
