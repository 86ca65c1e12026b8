import { useEffect, useState } from 'react';
import {
  Alert,
  Button,
  Card,
  Descriptions,
  Flex,
  Progress,
  Result,
  Space,
  Table,
  Typography,
  Upload,
} from 'antd';
import { Link } from 'react-router-dom';
import { MEMBER_IMPORT_MAX_BYTES, MEMBER_IMPORT_MAX_ROWS } from '@kezhan/contract/admin/member-imports';
import { PageHeader } from '@/shared/page-header';
import { useAction } from '@/shared/use-action';
import { commitImport, getImport, IMPORT_TEMPLATE_URL, uploadImport, type MemberImport } from './api';

const POLL_MS = 1000;

/** How far the job is: rows done (imported or skipped) of the accepted rows. */
const percentDone = (current: MemberImport) =>
  current.valid ? Math.floor(((current.imported + current.skipped) / current.valid) * 100) : 100;

/**
 * 批量导入学员: upload an .xlsx or .csv, read the preview (every refused row with its reason), commit,
 * and watch the background job's progress until it is done.
 */
export default function MemberImportPage() {
  const [current, setCurrent] = useState<MemberImport | null>(null);
  const [uploading, setUploading] = useState<number | null>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [pollError, setPollError] = useState<string | null>(null);
  const { run, busy } = useAction();
  const running = current?.state === 'queued' || current?.state === 'running';

  useEffect(() => {
    if (!running || !current) return;
    const timer = setTimeout(() => {
      getImport(current.id).then(
        (next) => {
          setPollError(null);
          setCurrent(next);
        },
        (error: Error) => setPollError(error.message),
      );
    }, POLL_MS);
    return () => clearTimeout(timer);
  }, [running, current]);

  const send = async (file: File) => {
    setUploadError(null);
    setUploading(0);
    try {
      setCurrent(await uploadImport(file, setUploading));
    } catch (error) {
      setUploadError(error instanceof Error ? error.message : '上传失败，请重试');
    } finally {
      setUploading(null);
    }
  };

  const start = () => {
    if (!current) return;
    void run(async () => setCurrent(await commitImport(current.id)), '已开始导入');
  };

  return (
    <>
      <PageHeader title="批量导入学员" extra={<Link to="/members">返回学员列表</Link>} />
      {!current && (
        <Card>
          <Space direction="vertical" size="middle" style={{ width: '100%' }}>
            <Typography.Paragraph style={{ margin: 0 }}>
              支持 .xlsx 和 .csv（UTF-8 或 GBK 编码）文件，单个文件不超过{' '}
              {MEMBER_IMPORT_MAX_BYTES / 1024 / 1024} MB、{MEMBER_IMPORT_MAX_ROWS} 行。第 1
              行为表头，须包含“手机号”列；昵称、密码、课程ID（多个用逗号分隔）、 会员计划ID
              和会员天数可不填。上传后先预览，确认无误再导入。
            </Typography.Paragraph>
            <Button href={IMPORT_TEMPLATE_URL} download style={{ alignSelf: 'flex-start' }}>
              下载导入模板
            </Button>
            <Upload.Dragger
              accept=".xlsx,.csv"
              showUploadList={false}
              disabled={uploading !== null}
              beforeUpload={(file) => {
                void send(file);
                return false;
              }}
            >
              <p>
                {uploading === null
                  ? '点击或拖拽文件到此处上传'
                  : `正在上传并检查… ${Math.round(uploading * 100)}%`}
              </p>
            </Upload.Dragger>
            {uploadError && <Alert type="error" showIcon message={uploadError} />}
          </Space>
        </Card>
      )}
      {current && (
        <Card>
          <Descriptions bordered size="small" column={3} style={{ marginBottom: 16 }}>
            <Descriptions.Item label="文件">{current.file_name}</Descriptions.Item>
            <Descriptions.Item label="数据行">{current.total}</Descriptions.Item>
            <Descriptions.Item label="可导入">{current.valid}</Descriptions.Item>
            <Descriptions.Item label="有问题">{current.invalid}</Descriptions.Item>
            <Descriptions.Item label="已导入">{current.imported}</Descriptions.Item>
            <Descriptions.Item label="已跳过">{current.skipped}</Descriptions.Item>
          </Descriptions>
          {current.state === 'previewed' && (
            <Flex gap={8} wrap style={{ marginBottom: 16 }}>
              <Button type="primary" loading={busy} disabled={current.valid === 0} onClick={start}>
                确认导入 {current.valid} 名学员
              </Button>
              <Button onClick={() => setCurrent(null)}>重新选择文件</Button>
              {current.invalid > 0 && (
                <Typography.Text type="secondary" style={{ alignSelf: 'center' }}>
                  有问题的 {current.invalid} 行不会导入，可修改后另行上传。
                </Typography.Text>
              )}
            </Flex>
          )}
          {running && (
            <div style={{ marginBottom: 16 }}>
              <Progress percent={percentDone(current)} aria-label="导入进度" />
              <Typography.Text type="secondary">
                正在后台导入，可离开此页，稍后在学员列表中查看。
              </Typography.Text>
              {pollError && (
                <Alert type="warning" showIcon message={`进度刷新失败：${pollError}，正在重试`} />
              )}
            </div>
          )}
          {current.state === 'done' && (
            <Result
              status={current.skipped ? 'warning' : 'success'}
              title={`导入完成：已导入 ${current.imported} 名学员${current.skipped ? `，跳过 ${current.skipped} 行` : ''}`}
              extra={
                <Space>
                  <Link to="/members">查看学员列表</Link>
                  <Button onClick={() => setCurrent(null)}>继续导入</Button>
                </Space>
              }
            />
          )}
          <Typography.Title level={2} style={{ fontSize: 16 }}>
            问题行
          </Typography.Title>
          <Table
            rowKey="row"
            size="small"
            dataSource={current.problems}
            pagination={{ pageSize: 50, hideOnSinglePage: true }}
            locale={{ emptyText: '没有问题行' }}
            columns={[
              { title: '行号', dataIndex: 'row', width: 90 },
              { title: '手机号', dataIndex: 'mobile', width: 160 },
              { title: '问题', dataIndex: 'message' },
            ]}
          />
        </Card>
      )}
    </>
  );
}
