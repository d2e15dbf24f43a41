// Kanban: three demo team boards; the boards come with the kanban issue.
import { TabbedPage } from '@plantdoc/kit';

export const BOARDS = ['Process Engineering', 'Quality Engineering', 'Production'];

export function KanbanPage() {
  return <TabbedPage tabs={BOARDS.map((label) => ({ key: label, label }))} />;
}
