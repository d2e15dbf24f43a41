// /island/settings: the netbook's zone and revoking its access. The process department's
// engineers and managers unlock it with their badge on the netbook (or are signed in
// themselves); everyone else sees the no-permission notice. The server decides.
import { useEffect, useState } from 'react';
import { Button, Card, Modal, Select, Space, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { clearSession, getKioskSettings, k, setKioskSettings, useSession, useT, zoneOptions } from '@plantdoc/kit';
import { revokeNetbook, saveZone, settingsAccess } from '../api';
import { BadgeInput } from '../components/BadgeInput';
import { OfflineStorage } from '../components/OfflineStorage';
import { setOperator } from '../state';

// antd's default danger red is below the 4.5:1 contrast ratio on white.
const DANGER = { color: '#a8071a', borderColor: '#a8071a' };

export const NO_PERMISSION = k('You currently do not have permissions to edit the settings. Contact the process engineering manager to request access.');

export function Settings() {
  const t = useT('island');
  const navigate = useNavigate();
  const session = useSession();
  const [access, setAccess] = useState(null);
  const [badge, setBadge] = useState(null);
  const [denied, setDenied] = useState(false);
  const [zone, setZone] = useState(null);
  const [confirm, setConfirm] = useState(false);
  const [error, setError] = useState('');
  const current = getKioskSettings().zone;
  const unlock = async (badgeNo) => {
    try {
      setAccess(await settingsAccess(badgeNo));
      setBadge(badgeNo || null);
    } catch (e) {
      // The server's refusal, in whatever language it answered.
      if (e?.status === 403) setDenied(true);
      else throw e;
    }
  };
  const staff = session.isAuthenticated && !session.isOperator;
  useEffect(() => {
    if (staff) unlock().catch((e) => setError(e.message));
  }, [staff]);
  const back = () => navigate('/island/part-select');
  if (denied) {
    return (
      <Card style={{ maxWidth: 640, margin: '64px auto' }}>
        <Typography.Paragraph>{t(NO_PERMISSION)}</Typography.Paragraph>
        <Button onClick={back}>{t('Back')}</Button>
      </Card>
    );
  }
  if (!access) {
    return (
      <Card style={{ maxWidth: 560, margin: '64px auto', textAlign: 'center' }}>
        <Typography.Title level={2} style={{ fontSize: 24 }}>
          {t('Settings')}
        </Typography.Title>
        {error && <Typography.Paragraph type="danger">{error}</Typography.Paragraph>}
        {!staff && (
          <>
            <Typography.Paragraph>{t('Scan your badge to change the settings of this netbook')}</Typography.Paragraph>
            <BadgeInput onBadge={unlock} />
          </>
        )}
        <Button style={{ marginTop: 16 }} onClick={back}>
          {t('Back')}
        </Button>
      </Card>
    );
  }
  const save = async () => {
    try {
      const r = await saveZone(badge, zone);
      setKioskSettings({ zone: r.zone, allowAccess: true });
      back();
    } catch (e) {
      setError(e.message);
    }
  };
  const revoke = async () => {
    try {
      await revokeNetbook(badge);
      setKioskSettings({ allowAccess: false, dialogOpen: false });
      setOperator(null);
      clearSession();
      window.location.assign('/');
    } catch (e) {
      setConfirm(false);
      setError(e.message);
    }
  };
  return (
    <Card style={{ maxWidth: 640, margin: '64px auto' }}>
      <Space orientation="vertical" style={{ width: '100%' }} size="middle">
        <Typography.Title level={2} style={{ fontSize: 24 }}>
          {t('Settings')}
        </Typography.Title>
        <Typography.Text>{t('Current zone: {{zone}}', { zone: current || t('Not Set') })}</Typography.Text>
        <OfflineStorage />
        <label htmlFor="island-zone">{t('What zone does this netbook belong to?')}</label>
        <Select id="island-zone" value={zone} onChange={setZone} options={zoneOptions(access.zones)} style={{ width: '100%' }} />
        {error && (
          <Typography.Text type="danger" role="alert">
            {error}
          </Typography.Text>
        )}
        <Space>
          <Button onClick={back}>{t('Back')}</Button>
          <Button type="primary" disabled={!zone} onClick={save}>
            {t('Save')}
          </Button>
          <Button danger style={DANGER} onClick={() => setConfirm(true)}>
            {t('Sign Out')}
          </Button>
        </Space>
      </Space>
      <Modal
        open={confirm}
        title={t('Revoke access to this netbook?')}
        onCancel={() => setConfirm(false)}
        footer={[
          <Button key="cancel" onClick={() => setConfirm(false)}>
            {t('Cancel')}
          </Button>,
          <Button key="revoke" type="primary" style={{ background: '#a8071a' }} onClick={revoke}>
            {t('Revoke')}
          </Button>,
        ]}
      >
        {t('Every operator will be signed out and the netbook will need to authenticate again before it can be used.')}
      </Modal>
    </Card>
  );
}
