import { useEffect } from 'react';
import { App, Button, Card, Form, Input, InputNumber, Space, Switch, Tabs, Tag, Typography } from 'antd';
import type { DataOf } from '@kezhan/contract/endpoint';
import { SETTING_GROUPS, type AdminSetting, type adminSiteApi } from '@kezhan/contract/admin/site';
import { api } from '@/shared/http';
import { LoadError, PageLoading } from '@/shared/states';
import { useLoad } from '@/shared/use-load';
import { useAction } from '@/shared/use-action';

type Settings = DataOf<typeof adminSiteApi.settings>;
type Values = Record<string, string | number | boolean>;

const fieldOf = (setting: AdminSetting) => {
  if (setting.type === 'bool') return <Switch />;
  if (setting.type === 'int') return <InputNumber precision={0} style={{ width: 200 }} />;
  if (setting.type === 'text') return <Input.TextArea rows={4} />;
  return <Input />;
};

const toFormValue = (setting: AdminSetting) =>
  setting.type === 'bool'
    ? setting.value === 'true'
    : setting.type === 'int'
      ? Number(setting.value)
      : setting.value;

/** Field names may not contain dots (antd reads them as paths): keys are kept in a lookup. */
const fieldName = (key: string) => key.replace(/\./g, '__');

export default function SettingsPage() {
  const { message } = App.useApp();
  const settings = useLoad(() => api<Settings>('GET', '/api/admin/settings'), 'settings');
  const [form] = Form.useForm<Values>();
  const { run, busy: saving } = useAction(settings.reload);

  useEffect(() => {
    if (settings.data) {
      form.setFieldsValue(
        Object.fromEntries(settings.data.settings.map((s) => [fieldName(s.key), toFormValue(s)])),
      );
    }
  }, [settings.data, form]);

  if (settings.error) return <LoadError error={settings.error} onRetry={settings.reload} />;
  if (!settings.data) return <PageLoading />;
  const data = settings.data;

  const save = async (values: Values) => {
    const changed: Values = {};
    for (const setting of data.settings) {
      const value = values[fieldName(setting.key)];
      if (value === undefined || value === null) continue;
      if (String(value) !== String(toFormValue(setting))) changed[setting.key] = value;
    }
    if (Object.keys(changed).length === 0) {
      message.info('没有修改');
      return;
    }
    await run(() => api('PUT', '/api/admin/settings', { body: { values: changed } }), '已保存，立即生效');
  };

  return (
    <Space direction="vertical" size="large" style={{ width: '100%', maxWidth: 960 }}>
      <Typography.Title level={1} style={{ fontSize: 20, margin: 0 }}>
        站点设置
      </Typography.Title>
      <Form form={form} layout="vertical" onFinish={save}>
        <Card>
          <Tabs
            items={SETTING_GROUPS.map((group) => ({
              key: group,
              label: group,
              forceRender: true,
              children: data.settings
                .filter((setting) => setting.group === group)
                .map((setting) => (
                  <Form.Item
                    key={setting.key}
                    label={setting.description}
                    extra={setting.key}
                    name={fieldName(setting.key)}
                    valuePropName={setting.type === 'bool' ? 'checked' : 'value'}
                  >
                    {fieldOf(setting)}
                  </Form.Item>
                )),
            }))}
          />
          <Button type="primary" htmlType="submit" loading={saving}>
            保存设置
          </Button>
        </Card>
      </Form>
      <Card title="密钥（在服务器环境变量中配置）">
        <Space direction="vertical">
          {data.secrets.map((secret) => (
            <Space key={secret.name}>
              <span>{secret.label}</span>
              <Typography.Text type="secondary">{secret.name}</Typography.Text>
              {secret.is_set ? <Tag color="#1f6f1a">已设置</Tag> : <Tag>未设置</Tag>}
            </Space>
          ))}
        </Space>
      </Card>
    </Space>
  );
}
