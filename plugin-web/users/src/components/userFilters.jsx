// Manage Users at plant scale: a search (name, e-mail, badge, operator
// number) and a position filter, both in the URL (reload and Back keep them), and the
// columns a plant's administration needs: badge, language, PIN state, kiosk account,
// plant administrator.
import { Input, Select, Space } from 'antd';
import { k, LANGUAGES, useClearButton } from '@plantdoc/kit';
import { POSITIONS, labelOf } from './UserForm';

// Words, not coloured tags (antd's tag colours miss 4.5:1 on their tints); a locked PIN in
// the kit's AA red.
const PIN_STATES = {
  none: { label: k('No PIN') },
  'one-time': { label: k('One-time') },
  set: { label: k('Set') },
  locked: { label: k('Locked'), color: '#a8071a' },
};

/** The rows the search and the position filter select. */
export function filterUsers(users, { q = '', position = '' }) {
  const words = q.trim().toLowerCase();
  return users.filter(
    (u) =>
      (!position || u.position === position) &&
      (!words ||
        [u.fullName, u.email, u.badge, u.opNo].some((v) =>
          String(v ?? '')
            .toLowerCase()
            .includes(words),
        )),
  );
}

/** The search box and the position select; `set(next)` writes them to the URL. */
export function UserFilters({ t, q, position, set }) {
  // antd's clear buttons named in the page's language (not 'close-circle').
  const clear = useClearButton();
  const positions = Object.keys(POSITIONS).map((p) => ({ value: p, label: labelOf(t, POSITIONS, p) }));
  return (
    <Space wrap>
      <Input.Search
        allowClear={clear}
        aria-label={t('Search users')}
        placeholder={t('Name, e-mail, badge or operator number')}
        defaultValue={q}
        onSearch={(v) => set({ q: v, page: 1 })}
        style={{ width: 320 }}
      />
      <Select
        allowClear={clear}
        aria-label={t('Position')}
        placeholder={t('Every position')}
        value={position || undefined}
        options={positions}
        onChange={(v) => set({ position: v || '', page: 1 })}
        style={{ width: 200 }}
      />
    </Space>
  );
}

const yes = (t) => (v) => (v ? t('Yes') : '');

/** The administration columns after the spec's. */
export function adminColumns(t) {
  const cols = [
    { title: t('Badge'), dataIndex: 'badge', key: 'badge', render: (b) => b || '' },
    { title: t('Language'), dataIndex: 'lang', key: 'lang', render: (l) => LANGUAGES.find((x) => x.code === l)?.name || l || '' },
    {
      title: t('PIN'),
      dataIndex: 'pin',
      key: 'pin',
      render: (p) => PIN_STATES[p] && <span style={{ color: PIN_STATES[p].color }}>{t(PIN_STATES[p].label)}</span>,
    },
    { title: t('Kiosk'), dataIndex: 'kiosk', key: 'kiosk', render: yes(t) },
    { title: t('Plant administrator'), dataIndex: 'plantAdmin', key: 'plantAdmin', render: yes(t) },
  ];
  return cols.map((c) => ({ ...c, sortable: false }));
}
