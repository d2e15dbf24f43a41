// The names antd leaves in English on controls set up per component (the host names the
// rest once, in its theme: host-web/src/antdIcons.jsx). Spread or pass them where the
// control is drawn:
// - Tabs' overflow button ('…', shown when the tabs do not fit) is named by its icon's
//   file name, 'ellipsis', and its list 'expanded dropdown':
//   `<Tabs {...useTabsNames()} items={…} />` (TabbedPage does);
// - a clear button (`allowClear`) holds only an icon, 'close-circle' (an Input), or is
//   named 'Clear' in English (a Select): `<Input.Search allowClear={useClearButton()} />`.
import { useMemo } from 'react';
import CloseCircleFilled from '@ant-design/icons/CloseCircleFilled';
import EllipsisOutlined from '@ant-design/icons/EllipsisOutlined';
import { useT } from './i18n';

/** Props for antd's Tabs: the overflow button and its list named 'More tabs'. */
export function useTabsNames() {
  const t = useT('kit');
  return useMemo(
    () => ({
      more: { icon: <EllipsisOutlined aria-label={t('More tabs')} /> },
      locale: { dropdownAriaLabel: t('More tabs') },
    }),
    [t],
  );
}

/** `allowClear` for an antd Input or Select: its clear button named 'Clear'. */
export function useClearButton() {
  const t = useT('kit');
  return useMemo(() => ({ clearIcon: <CloseCircleFilled aria-label={t('Clear')} />, label: t('Clear') }), [t]);
}
