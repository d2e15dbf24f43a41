// The icons the product uses, imported one file each. Importing '@ant-design/icons' as a
// whole would load every icon (~190 KB gzip); these files are the very modules antd
// itself imports, so they cost next to nothing. Need another icon? Add it here: remotes
// get exactly this set for `import { … } from '@ant-design/icons'` (remote-shares/icons.js),
// and a module manifest's sidebar icon must be one of them (kit/test/remoteShares).
import AppstoreOutlined from '@ant-design/icons/AppstoreOutlined';
import BellOutlined from '@ant-design/icons/BellOutlined';
import CheckSquareOutlined from '@ant-design/icons/CheckSquareOutlined';
import DashboardOutlined from '@ant-design/icons/DashboardOutlined';
import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import EditOutlined from '@ant-design/icons/EditOutlined';
import FileTextOutlined from '@ant-design/icons/FileTextOutlined';
import LogoutOutlined from '@ant-design/icons/LogoutOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import ProjectOutlined from '@ant-design/icons/ProjectOutlined';
import SettingOutlined from '@ant-design/icons/SettingOutlined';
import TeamOutlined from '@ant-design/icons/TeamOutlined';
import UserOutlined from '@ant-design/icons/UserOutlined';
import WarningOutlined from '@ant-design/icons/WarningOutlined';

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
