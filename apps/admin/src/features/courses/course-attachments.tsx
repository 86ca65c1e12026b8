import { useRef, useState } from 'react';
import { App, Button, Card, Progress, Space, Typography } from 'antd';
import {
  COURSE_ATTACHMENT_EXTENSIONS,
  COURSE_ATTACHMENT_MAX_BYTES,
  COURSE_ATTACHMENT_MESSAGES,
  isAllowedAttachment,
} from '@kezhan/contract/admin/attachment-rules';
import { useLoad } from '@/shared/use-load';
import { useAction } from '@/shared/use-action';
import { formatTime } from '@/shared/format';
import { LoadedTable } from '@/shared/loaded-table';
import { ConfirmLink } from '@/shared/row-actions';
import { deleteAttachment, listAttachments, uploadAttachment, type CourseAttachment } from './api';

const ACCEPT = COURSE_ATTACHMENT_EXTENSIONS.map((extension) => `.${extension}`).join(',');

/** 1536 → "1.5 KB". */
function formatSize(bytes: number): string {
  if (bytes <= 0) return '—';
  const units = ['B', 'KB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${unit === 0 ? value : value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`;
}

/** The course's files (课件/资料) that members who may study it download from the course page. */
export function CourseAttachments({ courseId, canEdit }: { courseId: number; canEdit: boolean }) {
  const { message } = App.useApp();
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const attachments = useLoad(() => listAttachments(courseId), `attachments-${courseId}`);
  const { run } = useAction(attachments.reload);

  const upload = async (file: File) => {
    if (!isAllowedAttachment(file.name)) {
      message.error(COURSE_ATTACHMENT_MESSAGES.badType);
      return;
    }
    if (file.size > COURSE_ATTACHMENT_MAX_BYTES) {
      message.error(COURSE_ATTACHMENT_MESSAGES.tooLarge);
      return;
    }
    setProgress(0);
    try {
      const added = await uploadAttachment(courseId, file, (fraction) =>
        setProgress(Math.min(99, Math.floor(fraction * 100))),
      );
      message.success(`附件《${added.name}》已上传`);
      attachments.reload();
    } catch (error) {
      message.error((error as Error).message);
    } finally {
      setProgress(null);
    }
  };

  const remove = (attachment: CourseAttachment) =>
    run(() => deleteAttachment(courseId, attachment.id), `附件《${attachment.name}》已删除`);

  return (
    <Card
      id="course-attachments"
      title="课程附件"
      extra={
        canEdit && (
          <>
            <Button type="primary" loading={progress !== null} onClick={() => input.current?.click()}>
              上传附件
            </Button>
            <input
              ref={input}
              type="file"
              accept={ACCEPT}
              aria-label="上传课程附件"
              hidden
              onChange={(event) => {
                const file = event.target.files?.[0];
                event.target.value = '';
                if (file) void upload(file);
              }}
            />
          </>
        )
      }
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <Typography.Text type="secondary">
          学员可在课程详情下载（付费课程须已购买）。支持
          PDF、Word、PPT、Excel、TXT、Markdown、ZIP、RAR、7z、PNG、JPG 和 MP3，单个文件不超过 100MB。
        </Typography.Text>
        {progress !== null && <Progress percent={progress} size="small" aria-label="附件上传进度" />}
        <LoadedTable<CourseAttachment>
          loaded={attachments}
          size="middle"
          locale={{ emptyText: '暂无附件' }}
          columns={[
            { title: '名称', dataIndex: 'name' },
            { title: '大小', dataIndex: 'size', width: 110, render: formatSize },
            { title: '下载次数', dataIndex: 'download_times', width: 100 },
            { title: '上传时间', dataIndex: 'created_at', width: 190, render: formatTime },
            ...(canEdit
              ? [
                  {
                    title: '操作',
                    key: 'actions',
                    width: 90,
                    render: (_: unknown, attachment: CourseAttachment) => (
                      <ConfirmLink
                        title={`删除附件「${attachment.name}」？`}
                        description="学员将无法再下载它"
                        okText="删除"
                        label={`删除附件《${attachment.name}》`}
                        onConfirm={() => remove(attachment)}
                      >
                        删除
                      </ConfirmLink>
                    ),
                  },
                ]
              : []),
          ]}
        />
      </Space>
    </Card>
  );
}
