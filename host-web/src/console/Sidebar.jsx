// The drawer (256 wide): one antd Menu built from the module list.
import { useEffect, useState } from 'react';
import { Layout, Menu, Tag, Tooltip } from 'antd';
import { Link, useLocation } from 'react-router';
import { ICONS, AppstoreOutlined, loadIcon } from '@plantdoc/kit/icons';
import { translate, useT } from '@plantdoc/kit/core';
import { COMING_SOON_ROUTE, NOT_AVAILABLE, entryForPath, groupEntries } from './sidebarModel';

export const DRAWER_WIDTH = 256;

/** The manifest's icon; a name outside the kit's set loads once, on demand. */
function SidebarIcon({ name }) {
  const [Icon, setIcon] = useState(() => ICONS[name] || null);
  useEffect(() => {
    let live = true;
    if (!ICONS[name]) loadIcon(name).then((I) => live && setIcon(() => I));
    return () => {
      live = false;
    };
  }, [name]);
  const Shown = Icon || AppstoreOutlined;
  return <Shown />;
}

function iconFor(name) {
  return <SidebarIcon name={name} />;
}

function itemFor(entry, t) {
  const base = { key: entry.route, icon: iconFor(entry.icon), 'data-state': entry.state };
  if (entry.state === 'enabled') {
    return { ...base, label: <Link to={entry.route}>{entry.label}</Link> };
  }
  if (entry.state === 'coming-soon') {
    return {
      ...base,
      label: (
        <Link to={COMING_SOON_ROUTE} state={{ module: entry.id, label: entry.label, release: entry.release }}>
          {entry.label}
          <Tag color="blue" style={{ marginLeft: 8 }}>
            {t('Release {{release}}', { release: entry.release })}
          </Tag>
        </Link>
      ),
    };
  }
  return {
    ...base,
    disabled: true,
    label: (
      <Tooltip title={t(NOT_AVAILABLE)} placement="right">
        <span style={{ display: 'inline-block', width: '100%' }}>{entry.label}</span>
      </Tooltip>
    ),
  };
}

/** `t`: the host's translator (useT('host')); outside React, the current language's. */
export function menuItems(entries, t = (key, opts) => translate('host', key, opts)) {
  const items = [];
  const item = (entry) => itemFor(entry, t);
  for (const { group, entries: list } of groupEntries(entries)) {
    if (group) {
      items.push({ type: 'group', key: `group:${group}`, label: t(group), children: list.map(item) });
    } else {
      items.push({ type: 'divider', key: 'divider' }, ...list.map(item));
    }
  }
  return items;
}

export function Sidebar({ entries }) {
  const { pathname } = useLocation();
  const t = useT('host');
  const selected = entryForPath(entries, pathname);
  return (
    <Layout.Sider
      width={DRAWER_WIDTH}
      theme="light"
      data-testid="drawer"
      style={{ borderRight: '1px solid #f0f0f0', height: '100vh', position: 'sticky', top: 0, overflow: 'auto' }}
    >
      <div style={{ height: 64, display: 'flex', alignItems: 'center', padding: '0 24px', fontWeight: 600, fontSize: 18 }}>
        <Link to="/main" style={{ color: 'inherit' }}>
          Plantdoc
        </Link>
      </div>
      <Menu mode="inline" selectedKeys={selected ? [selected.route] : []} items={menuItems(entries, t)} style={{ borderInlineEnd: 0 }} />
    </Layout.Sider>
  );
}
