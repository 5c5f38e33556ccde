import englishMessages from 'ra-language-english';
import type { I18nProvider } from 'react-admin';

type Options = Record<string, unknown>;

const lookup = (key: string): unknown =>
  key
    .split('.')
    .reduce<unknown>(
      (node, part) =>
        node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined,
      englishMessages,
    );

/** 'one |||| many': the form for `smart_count`, as polyglot picks it in English. */
const pluralOf = (text: string, options: Options) => {
  if (!text.includes('||||')) return text;
  const [one = '', many = one] = text.split('||||').map((form) => form.trim());
  return options.smart_count === 1 ? one : many;
};

/**
 * English only, which is all the console speaks: react-admin's own messages, with their
 * `%{name}` values and plurals; an unknown key (our own texts) is its `_` default, or itself.
 * In place of react-admin's default polyglot provider, which the first visit would load for
 * nothing (about 7 KiB gzip).
 */
export const i18nProvider: I18nProvider = {
  translate: (key, options: Options = {}) => {
    const found = lookup(key);
    const text =
      typeof found === 'string' ? found : typeof options._ === 'string' ? options._ : key;
    return pluralOf(text, options).replace(/%\{(\w+)\}/g, (whole, name: string) =>
      name in options ? String(options[name]) : whole,
    );
  },
  changeLocale: async () => {},
  getLocale: () => 'en',
};
