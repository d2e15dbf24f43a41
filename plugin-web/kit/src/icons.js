// The icons the product uses, imported one file each. Importing '@ant-design/icons' as a
// whole would load every icon (~190 KB gzip); these files are the very modules antd
// itself imports, so they cost next to nothing. Need another icon? Add it here.
import AppstoreOutlined from '@ant-design/icons/AppstoreOutlined';
import BellOutlined from '@ant-design/icons/BellOutlined';
import CheckSquareOutlined from '@ant-design/icons/CheckSquareOutlined';
import DashboardOutlined from '@ant-design/icons/DashboardOutlined';
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
  FileTextOutlined,
  LogoutOutlined,
  PlusOutlined,
  ProjectOutlined,
  SettingOutlined,
  TeamOutlined,
  UserOutlined,
  WarningOutlined,
};

const ICON_NAME = /^[A-Z][A-Za-z]*(Outlined|Filled|TwoTone)$/;

/**
 * An icon by its @ant-design/icons name (a module manifest's sidebar icon). Names outside
 * the set above load the full icon package once, on demand (it is a shared singleton).
 */
export async function loadIcon(name) {
  if (ICONS[name]) return ICONS[name];
  if (!ICON_NAME.test(name || '')) return AppstoreOutlined;
  try {
    const all = await import('@ant-design/icons');
    return all[name] || AppstoreOutlined;
  } catch {
    return AppstoreOutlined;
  }
}
