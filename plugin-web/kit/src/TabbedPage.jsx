// The frame of a module page: a card with the page's tabs. Tabs without content yet show
// a placeholder (later issues fill them). Tab keys reach the DOM as slugs ('My Pending'
// → 'my-pending'): antd puts them in ARIA ids, where a space fails axe's
// aria-valid-attr-value. Callers keep their own keys (onChange answers them).
import { Card, Empty, Tabs } from 'antd';
import { useT } from './i18n';
import { useTabsNames } from './antdNames';

export function Placeholder({ text }) {
  const t = useT('kit');
  return <Empty style={{ padding: 48 }} description={text ?? t('This screen is not built yet.')} />;
}

/** 'My Pending' → 'my-pending'. */
export function tabSlug(key) {
  return String(key)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** tabs: [{ key, label, children?, disabled? }]; `activeKey` makes it controlled (e.g. from the URL). */
export function TabbedPage({ tabs, activeKey, defaultActiveKey, onChange, extra }) {
  const bySlug = new Map(tabs.map((t) => [tabSlug(t.key), t.key]));
  const slug = (k) => (k === undefined || k === null ? undefined : tabSlug(k));
  const names = useTabsNames();
  return (
    <Card styles={{ body: { paddingTop: 8 } }}>
      <Tabs
        {...names}
        activeKey={slug(activeKey)}
        defaultActiveKey={slug(defaultActiveKey)}
        onChange={onChange && ((k) => onChange(bySlug.get(k) ?? k))}
        tabBarExtraContent={extra}
        items={tabs.map((t) => ({ ...t, key: tabSlug(t.key), children: t.children ?? <Placeholder /> }))}
      />
    </Card>
  );
}
