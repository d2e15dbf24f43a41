// The frame of a module page: a card with the page's tabs. Tabs without content yet show
// a placeholder (later issues fill them).
import { Card, Empty, Tabs } from 'antd';

export function Placeholder({ text = 'This screen is not built yet.' }) {
  return <Empty style={{ padding: 48 }} description={text} />;
}

/** tabs: [{ key, label, children?, disabled? }]; `activeKey` makes the tabs controlled (a tab in the URL). */
export function TabbedPage({ tabs, activeKey, defaultActiveKey, onChange, extra }) {
  return (
    <Card styles={{ body: { paddingTop: 8 } }}>
      <Tabs
        activeKey={activeKey}
        defaultActiveKey={defaultActiveKey}
        onChange={onChange}
        tabBarExtraContent={extra}
        items={tabs.map((t) => ({ ...t, children: t.children ?? <Placeholder /> }))}
      />
    </Card>
  );
}
