// /main/{{id}}: the company's items and a one-field form to add one.
import { useState } from 'react';
import { Button, Form, Input, List, Typography } from 'antd';
import { fieldErrors, formatDate } from '@plantdoc/kit';

import { useAddItem, useItems } from '../api';

export function ItemsPage() {
  const items = useItems();
  const add = useAddItem();
  const [title, setTitle] = useState('');
  const error = fieldErrors(add.error).title;
  const submit = () => add.mutate({ title }, { onSuccess: () => setTitle('') });
  return (
    <div>
      <Typography.Title level={2}>{{Name}}</Typography.Title>
      <Form layout="inline" onFinish={submit}>
        <Form.Item label="Title" validateStatus={error ? 'error' : undefined} help={error}>
          <Input value={title} onChange={(e) => setTitle(e.target.value)} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={add.isPending}>
          Add
        </Button>
      </Form>
      <List
        loading={items.isLoading}
        dataSource={items.data || []}
        rowKey="_id"
        renderItem={(i) => <List.Item>{`${i.title} (${formatDate(i.createdAt)})`}</List.Item>}
      />
    </div>
  );
}
