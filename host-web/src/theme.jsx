// The console's antd theme, given by `Themed` around each area that shows antd (the
// landing page, the login area's antd forms, the console, the kiosk frame, not-found):
// the shell itself renders no antd, so /login paints without downloading it.
import { useMemo, useSyncExternalStore } from 'react';
import { ConfigProvider } from 'antd';
import { onLanguage, useLanguage, useT } from '@plantdoc/kit/core';

// antd's own texts (pagination, pickers, empty lists, modal buttons) in the page's
// language: its locale file is loaded with the language (decision 104), English built in.
// The page may already be in that language when this file registers (a reload of a
// Spanish page): `Themed` then re-renders when the file arrives, not only when the
// language changes (else antd's 'No data' stayed English until the next change).
// antd's icons named or hidden (antdIcons.jsx) come with the first other language too:
// an English page keeps antd's English icon names and does not download those icons (the
// pages' weight budgets, web-tests/web-size.mjs).
const ANTD_LOCALES = { es: () => import('antd/es/locale/es_ES'), pl: () => import('antd/es/locale/pl_PL') };
const antdLocales = {};
let antdIcons = null;
const waiting = new Set();
onLanguage(async (lng) => {
  if (ANTD_LOCALES[lng] && !antdLocales[lng]) {
    const [locale, icons] = await Promise.all([ANTD_LOCALES[lng](), antdIcons ?? import('./antdIcons')]);
    antdLocales[lng] = locale.default;
    antdIcons = icons;
    waiting.forEach((rerender) => rerender());
  }
});
const subscribeLocales = (rerender) => {
  waiting.add(rerender);
  return () => waiting.delete(rerender);
};

// Every text colour keeps 4.5:1 on white (WCAG AA; axe's color-contrast rule):
// - primary and links: antd's blue-7 #0958d9 (6.2:1; the default #1677ff is 4.1:1), and
//   darker on hover and press (the mouse rests on a button after a click);
// - errors and danger buttons: red-7 #cf1322 (5.9:1; the default #ff4d4f is 3.3:1);
// - secondary texts (descriptions, empty lists, the drawer's group titles): 0.65 black
//   (antd's 0.45, and 0.25 for an empty table, fall short); placeholders 0.56 (4.9:1).
// The plain login form (public/index.html's styles) uses the same colours.
const SECONDARY = 'rgba(0, 0, 0, 0.65)';
export const theme = {
  token: {
    colorPrimary: '#0958d9',
    colorPrimaryHover: '#003eb3',
    colorPrimaryActive: '#002c8c',
    colorLink: '#0958d9',
    colorLinkHover: '#003eb3',
    colorLinkActive: '#002c8c',
    colorInfo: '#0958d9',
    colorError: '#cf1322',
    colorErrorHover: '#a8071a',
    colorErrorActive: '#820014',
    colorTextDescription: SECONDARY,
    colorTextTertiary: SECONDARY,
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.56)',
  },
  components: { Menu: { groupTitleColor: SECONDARY }, Table: { colorTextDisabled: SECONDARY } },
};

export function Themed({ children }) {
  const lng = useLanguage();
  const locale = useSyncExternalStore(subscribeLocales, () => antdLocales[lng]);
  const icons = useSyncExternalStore(subscribeLocales, () => antdIcons);
  const t = useT('host');
  const names = useMemo(() => icons?.antdIconNames(t), [icons, t]);
  return (
    <ConfigProvider theme={theme} locale={locale} {...names}>
      {children}
    </ConfigProvider>
  );
}
