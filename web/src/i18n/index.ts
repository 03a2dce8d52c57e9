import i18next from 'i18next';
import { useEffect, useState } from 'preact/hooks';
import { LANGS, type Lang, messages } from './messages.js';

const STORAGE = 'stammtisch:lang';

/** The language a visitor chose before, else the browser's first German or English preference, else German. */
function initialLang(): Lang {
  const stored = localStorage.getItem(STORAGE);
  if (stored === 'de' || stored === 'en') return stored;
  for (const l of navigator.languages ?? []) {
    const base = l.slice(0, 2) as Lang;
    if (LANGS.includes(base)) return base;
  }
  return 'de';
}

void i18next.init({
  resources: messages,
  lng: initialLang(),
  fallbackLng: 'en',
  interpolation: { escapeValue: false },
  initAsync: false,
});
document.documentElement.lang = i18next.language;

export const i18n = i18next;

export function lang(): Lang {
  return i18next.language === 'en' ? 'en' : 'de';
}

export function setLang(next: Lang): void {
  localStorage.setItem(STORAGE, next);
  void i18next.changeLanguage(next);
  document.documentElement.lang = next;
}

/** `t` that re-renders the component when the language changes. */
export function useT(): typeof i18next.t {
  const [, bump] = useState(0);
  useEffect(() => {
    const changed = (): void => bump((n) => n + 1);
    i18next.on('languageChanged', changed);
    return () => i18next.off('languageChanged', changed);
  }, []);
  return i18next.t;
}

export { LANGS, type Lang };
