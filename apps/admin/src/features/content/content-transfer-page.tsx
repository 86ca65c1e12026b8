import { useState } from 'react';
import { Alert, Button, Card, Descriptions, Space, Typography } from 'antd';
import type { AdminImportSummary } from '@kezhan/contract/admin/courses';
import { api } from '@/shared/http';
import { useAction } from '@/shared/use-action';

const SUMMARY_LABELS: [keyof AdminImportSummary, string][] = [
  ['categories', '分类'],
  ['courses', '课程'],
  ['chapters', '章节'],
  ['videos', '视频'],
  ['attachments', '附件'],
  ['blocks', '装修模块'],
];

/** The content file of `npm run cli -- import` / `export`, from the browser. */
export default function ContentTransferPage() {
  const { run, busy } = useAction();
  const [summary, setSummary] = useState<AdminImportSummary>();

  const download = () =>
    run(async () => {
      const content = await api<unknown>('GET', '/api/admin/content/export');
      const link = document.createElement('a');
      link.href = URL.createObjectURL(
        new Blob([JSON.stringify(content, null, 2)], { type: 'application/json' }),
      );
      link.download = `kezhan-content-${new Date().toISOString().slice(0, 10)}.json`;
      link.click();
      URL.revokeObjectURL(link.href);
    });

  const upload = (file: File) => {
    setSummary(undefined);
    return run(async () => {
      let content: unknown;
      try {
        content = JSON.parse(await file.text());
      } catch {
        throw new Error('文件不是有效的 JSON');
      }
      setSummary(await api<AdminImportSummary>('POST', '/api/admin/content/import', { body: { content } }));
    }, '导入完成');
  };

  return (
    <Space direction="vertical" size="large" style={{ width: '100%', maxWidth: 880 }}>
      <Typography.Title level={1} style={{ fontSize: 20, margin: 0 }}>
        内容导入导出
      </Typography.Title>
      <Card title="导出">
        <p>导出全部分类、课程、章节、视频、附件和页面装修，格式与命令行 export 相同。</p>
        <Button onClick={() => void download()} loading={busy}>
          导出内容文件
        </Button>
      </Card>
      <Card title="导入">
        <p>
          按链接标识导入（已存在的会更新），整份文件在一个事务中完成。视频请用 url，或导入后在课程页上传。
        </p>
        <label className="ant-btn ant-btn-primary" style={{ position: 'relative' }}>
          选择内容文件并导入
          <input
            type="file"
            accept="application/json,.json"
            aria-label="选择内容文件并导入"
            disabled={busy}
            style={{ position: 'absolute', inset: 0, opacity: 0, cursor: 'pointer' }}
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file) void upload(file);
            }}
          />
        </label>
        {summary && (
          <Alert
            style={{ marginTop: 16 }}
            type="success"
            showIcon
            message="导入完成"
            description={
              <Descriptions size="small" column={3}>
                {SUMMARY_LABELS.map(([key, label]) => (
                  <Descriptions.Item key={key} label={label}>
                    {summary[key]}
                  </Descriptions.Item>
                ))}
              </Descriptions>
            }
          />
        )}
      </Card>
    </Space>
  );
}
