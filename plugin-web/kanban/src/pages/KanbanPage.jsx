// Kanban (release 2.0 demo): tabs Process Engineering, Quality Engineering, Production,
// one demo board each. Drag and drop is on; adding and editing cards is disabled for the
// demonstration, and the page says so. The board is in the URL (?board=).
import { Alert } from 'antd';
import { useSearchParams } from 'react-router';
import { TabbedPage, k, useT } from '@plantdoc/kit';
import { BOARDS as DEMO } from '../boards';
import { Board } from '../components/Board';

export const BOARDS = DEMO.map((b) => b.label);
export const DEMO_NOTE = k('Adding and editing cards is disabled for demonstration purposes. Cards can be dragged between columns; moves are not saved.');

export function KanbanPage() {
  const t = useT('kanban');
  const [params, setParams] = useSearchParams();
  const active = DEMO.some((b) => b.key === params.get('board')) ? params.get('board') : DEMO[0].key;
  return (
    <TabbedPage
      activeKey={active}
      onChange={(key) => setParams(key === DEMO[0].key ? {} : { board: key })}
      tabs={DEMO.map((b) => ({
        key: b.key,
        label: t(b.label),
        children: (
          <>
            <Alert type="info" showIcon title={t(DEMO_NOTE)} style={{ marginBottom: 16 }} />
            <Board board={b} />
          </>
        ),
      }))}
    />
  );
}
