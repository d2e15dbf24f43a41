// /main/{{id}}: the company's items and a one-field form to add one. Remotes import only
// the antd components the host shares (plugin-web/kit/federation-shared.js).
import { useState } from 'react';
import { Button, Form, Input, Spin, Typography } from 'antd';
import { fieldErrors, formatDate, useT } from '@plantdoc/kit';

import { useAddItem, useItems } from '../api';

export function ItemsPage() {
  // This module's texts (locales/es.json, pl.json; the English text is the key).
  const t = useT('{{id}}');
  const items = useItems();
  const add = useAddItem();
  const [title, setTitle] = useState('');
  const error = fieldErrors(add.error).title;
  const submit = () => add.mutate({ title }, { onSuccess: () => setTitle('') });
  return (
    <div>
      <Typography.Title level={2}>{{Name}}</Typography.Title>
      <Form layout="inline" onFinish={submit}>
        <Form.Item label={t('Title')} validateStatus={error ? 'error' : undefined} help={error}>
          <Input value={title} onChange={(e) => setTitle(e.target.value)} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={add.isPending}>
          {t('Add')}
        </Button>
      </Form>
      {items.isLoading ? (
        <Spin />
      ) : (
        <ul>
          {(items.data || []).map((i) => (
            <li key={i._id}>{`${i.title} (${formatDate(i.createdAt)})`}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
