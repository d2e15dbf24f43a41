// The icons the product uses, imported one file each. Importing '@ant-design/icons' as a
// whole would load every icon (~190 KB gzip); these files are the very modules antd
// itself imports, so they cost next to nothing. Need another icon? Add it here: remotes
// get exactly this set for `import { … } from '@ant-design/icons'` (remote-shares/icons.js),
// and a module manifest's sidebar icon must be one of them (kit/test/remoteShares).
//
// antd draws an icon as `<span role="img" aria-label="eye-invisible">`: a screen reader
// reads the icon's English file name. `quietIcon(Icon)` is the icon hidden from assistive
// technology (`aria-hidden`) unless it is named (`aria-label` or `aria-labelledby`): an
// icon beside a text adds nothing to it, and an icon alone in a control names nothing in
// the page's language (the control takes a translated `aria-label`, or the icon one:
// `<SettingOutlined aria-label={t('Settings')} />`). The set below is made of these; the
// host gives antd's own icons the same treatment (host-web/src/antdIcons.jsx).
import { createElement, forwardRef } from 'react';
import AppstoreIcon from '@ant-design/icons/AppstoreOutlined';
import BellIcon from '@ant-design/icons/BellOutlined';
import CheckSquareIcon from '@ant-design/icons/CheckSquareOutlined';
import DashboardIcon from '@ant-design/icons/DashboardOutlined';
import DeleteIcon from '@ant-design/icons/DeleteOutlined';
import EditIcon from '@ant-design/icons/EditOutlined';
import FileTextIcon from '@ant-design/icons/FileTextOutlined';
import LogoutIcon from '@ant-design/icons/LogoutOutlined';
import PlusIcon from '@ant-design/icons/PlusOutlined';
import ProjectIcon from '@ant-design/icons/ProjectOutlined';
import SettingIcon from '@ant-design/icons/SettingOutlined';
import TeamIcon from '@ant-design/icons/TeamOutlined';
import UserIcon from '@ant-design/icons/UserOutlined';
import WarningIcon from '@ant-design/icons/WarningOutlined';

const HIDDEN = { role: undefined, 'aria-label': undefined, 'aria-hidden': true };

/** The icon hidden from assistive technology unless named. */
export function quietIcon(Icon) {
  const Quiet = forwardRef(function Quiet(props, ref) {
    const named = props['aria-label'] || props['aria-labelledby'];
    return createElement(Icon, named ? { ...props, ref } : { ...HIDDEN, ...props, ref });
  });
  Quiet.displayName = `Quiet(${Icon.displayName || 'Icon'})`;
  return Quiet;
}

const AppstoreOutlined = quietIcon(AppstoreIcon);
const BellOutlined = quietIcon(BellIcon);
const CheckSquareOutlined = quietIcon(CheckSquareIcon);
const DashboardOutlined = quietIcon(DashboardIcon);
const DeleteOutlined = quietIcon(DeleteIcon);
const EditOutlined = quietIcon(EditIcon);
const FileTextOutlined = quietIcon(FileTextIcon);
const LogoutOutlined = quietIcon(LogoutIcon);
const PlusOutlined = quietIcon(PlusIcon);
const ProjectOutlined = quietIcon(ProjectIcon);
const SettingOutlined = quietIcon(SettingIcon);
const TeamOutlined = quietIcon(TeamIcon);
const UserOutlined = quietIcon(UserIcon);
const WarningOutlined = quietIcon(WarningIcon);

export const ICONS = {
  AppstoreOutlined,
  BellOutlined,
  CheckSquareOutlined,
  DashboardOutlined,
  DeleteOutlined,
  EditOutlined,
  FileTextOutlined,
  LogoutOutlined,
  PlusOutlined,
  ProjectOutlined,
  SettingOutlined,
  TeamOutlined,
  UserOutlined,
  WarningOutlined,
};

export {
  AppstoreOutlined,
  BellOutlined,
  CheckSquareOutlined,
  DashboardOutlined,
  DeleteOutlined,
  EditOutlined,
  FileTextOutlined,
  LogoutOutlined,
  PlusOutlined,
  ProjectOutlined,
  SettingOutlined,
  TeamOutlined,
  UserOutlined,
  WarningOutlined,
};

/**
 * An icon by its @ant-design/icons name (a module manifest's sidebar icon); a name outside
 * the set above gives AppstoreOutlined (the full icon package is never downloaded).
 */
export async function loadIcon(name) {
  return ICONS[name] || AppstoreOutlined;
}
