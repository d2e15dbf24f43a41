// What antd's own icons say to a screen reader, given once through the theme's
// ConfigProvider (`Themed`) for every area and remote, from the first language other than
// English on (what antd takes only per component is in the kit's antdNames.jsx). antd
// names an icon by its English file name ('down', 'info-circle', 'search'); its locale
// names most of its controls (the password's Show/Hide, a picker's Clear, a dialog's
// Close) but not these:
// - decorative icons, beside a text or inside a named control, are hidden (quietIcon):
//   the select's arrow, an alert's type icon, the password's eye;
// - the search field's button holds only its icon: the icon names it ('Search').
// The icons are the very modules antd imports (one file each, no second copy).
import CheckCircleFilled from '@ant-design/icons/CheckCircleFilled';
import CloseCircleFilled from '@ant-design/icons/CloseCircleFilled';
import DownOutlined from '@ant-design/icons/DownOutlined';
import ExclamationCircleFilled from '@ant-design/icons/ExclamationCircleFilled';
import EyeInvisibleOutlined from '@ant-design/icons/EyeInvisibleOutlined';
import EyeOutlined from '@ant-design/icons/EyeOutlined';
import InfoCircleFilled from '@ant-design/icons/InfoCircleFilled';
import SearchOutlined from '@ant-design/icons/SearchOutlined';
import { quietIcon } from '@plantdoc/kit/icons';

const Down = quietIcon(DownOutlined);
const Eye = quietIcon(EyeOutlined);
const EyeInvisible = quietIcon(EyeInvisibleOutlined);
const Success = quietIcon(CheckCircleFilled);
const Info = quietIcon(InfoCircleFilled);
const Warning = quietIcon(ExclamationCircleFilled);
const Failure = quietIcon(CloseCircleFilled);

const eye = (visible) => (visible ? <Eye /> : <EyeInvisible />);
// Built once: ConfigProvider compares its props, new elements on each render re-render antd.
const QUIET = {
  select: { suffixIcon: <Down /> },
  inputPassword: { iconRender: eye },
  alert: { successIcon: <Success />, infoIcon: <Info />, warningIcon: <Warning />, errorIcon: <Failure /> },
};

/** ConfigProvider props naming antd's icons in the page's language; `t`: useT('host'). */
export function antdIconNames(t) {
  return { ...QUIET, inputSearch: { searchIcon: <SearchOutlined aria-label={t('Search')} /> } };
}
