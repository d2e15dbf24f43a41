// /island/part-select (and the part search of the reference screen): greeting, a search
// box whose suggestions highlight the typed text, Enter loads the exact match.
import { Suspense, lazy, useEffect, useState } from 'react';
import { AutoComplete, Button, Card, Input, Space, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { SettingOutlined, usePartNumberSuggestions, useT } from '@plantdoc/kit';
import { deployedSwpParts } from '../api';
import { partPath, useOperator } from '../state';
import { SignOutButton } from '../components/SignOut';

function Highlight({ text, term }) {
  const t = term.trim();
  const i = t ? text.toLowerCase().indexOf(t.toLowerCase()) : -1;
  if (i < 0) return text;
  return (
    <span>
      {text.slice(0, i)}
      <strong>{text.slice(i, i + t.length)}</strong>
      {text.slice(i + t.length)}
    </span>
  );
}

/** `initial`: the part number shown (the part in the address, after a reload). */
export function PartSearchBox({ onPart, initial = '' }) {
  const t = useT('island');
  const [input, setInput] = useState(initial);
  useEffect(() => {
    if (initial) setInput(initial);
  }, [initial]);
  const suggestions = usePartNumberSuggestions(input, deployedSwpParts);
  return (
    <AutoComplete
      value={input}
      // An option's value is the part's id: the box shows its number (plugins/island/README.md item 21).
      onChange={(v) => setInput(suggestions.find((p) => p._id === v)?.partNumber ?? v)}
      style={{ width: '100%' }}
      options={suggestions.map((p) => ({ value: p._id, label: <Highlight text={p.partNumber} term={input} /> }))}
      onSelect={(id) => {
        const part = suggestions.find((p) => p._id === id);
        if (!part) return;
        setInput(part.partNumber);
        onPart(part);
      }}
      onInputKeyDown={(e) => {
        if (e.key !== 'Enter') return;
        const exact = suggestions.find((p) => p.partNumber === input);
        if (exact) onPart(exact);
      }}
    >
      <Input size="large" placeholder={t('Search by part number')} aria-label={t('Search by part number')} />
    </AutoComplete>
  );
}

// 'To read: …' is its own chunk (components/ToRead.jsx): not every plant has the readiness module.
const ToRead = lazy(() => import('../components/ToRead').then((m) => ({ default: m.ToRead })));

export function PartSelect() {
  const t = useT('island');
  const navigate = useNavigate();
  const op = useOperator();
  const load = (p) => {
    window.__partChosenAt = performance.now();
    navigate(partPath('operator-status', p._id));
  };
  return (
    <Card style={{ maxWidth: 640, margin: '64px auto' }}>
      <Space orientation="vertical" style={{ width: '100%' }} size="large">
        <Space style={{ width: '100%', justifyContent: 'space-between' }}>
          <Typography.Title level={2} style={{ margin: 0, fontSize: 24 }}>
            {t('Hello {{name}}! What part number do you want to load?', { name: op?.fullName || t('stranger') })}
          </Typography.Title>
          <Button type="text" aria-label={t('Settings')} icon={<SettingOutlined />} onClick={() => navigate('/island/settings')} />
        </Space>
        <PartSearchBox onPart={load} />
        <Suspense fallback={null}>
          <ToRead opId={op?._id} onPart={load} />
        </Suspense>
        {op && <SignOutButton />}
      </Space>
    </Card>
  );
}
