import { useEffect, useState } from 'react';
import { Button, Card, Form, Input, InputNumber, Progress, Select, Space, Switch, Table, Tag } from 'antd';
import type { AdminVideoBody, AdminVideoMedia } from '@kezhan/contract/admin/videos';
import { api } from '@/shared/http';
import { useAction } from '@/shared/use-action';
import { FormModal } from '@/shared/form-modal';
import { ActionLink, ConfirmLink } from '@/shared/row-actions';
import type { CourseDetail } from './api';
import { uploadVideoSource } from './upload';

type Video = CourseDetail['videos'][number];
type VideoForm = Omit<AdminVideoBody, 'ban_drag' | 'is_show'> & { ban_drag: boolean; is_show: boolean };
interface ChapterForm {
  title: string;
  sort?: number;
}
/** The chapter or video in the dialog: `id` when it is edited, its form's starting values. */
type Editing<Values> = { id?: number; values: Partial<Values> } | null;

const STATUS: Record<AdminVideoMedia['status'], { text: string; color?: string }> = {
  none: { text: '未上传' },
  uploaded: { text: '等待转码', color: '#8a5a00' },
  transcoding: { text: '转码中', color: '#0b5cad' },
  ready: { text: '可播放', color: '#1f6f1a' },
  failed: { text: '转码失败', color: '#c4161c' },
};

/** Where a lesson plays from: its uploaded file, or a video of the school's cloud VOD library. */
const SOURCES: Record<Video['vod_provider'], { label: string; idName: string }> = {
  '': { label: '本地上传', idName: '' },
  aliyun: { label: '阿里云点播', idName: 'VideoId' },
  tencent: { label: '腾讯云点播', idName: 'FileId' },
};

/** 45 秒, 3 分钟, 1 小时 5 分钟: how long a transcode still needs. */
function timeLeft(seconds: number): string {
  if (seconds < 60) return `${Math.max(1, Math.round(seconds))} 秒`;
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 60) return `${minutes} 分钟`;
  return `${Math.floor(minutes / 60)} 小时${minutes % 60 ? ` ${minutes % 60} 分钟` : ''}`;
}

/** A video's file state (with the time a transcode still needs), polled every 3 s while it is being processed. */
function MediaState({ videoId, refresh }: { videoId: number; refresh: number }) {
  const [media, setMedia] = useState<AdminVideoMedia>();
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let live = true;
    const load = () =>
      api<AdminVideoMedia>('GET', `/api/admin/videos/${videoId}/media`).then(
        (next) => {
          if (!live) return;
          setMedia(next);
          if (next.status === 'uploaded' || next.status === 'transcoding') timer = setTimeout(load, 3000);
        },
        () => undefined,
      );
    void load();
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [videoId, refresh]);
  if (!media) return null;
  const { text, color } = STATUS[media.status];
  return (
    <Space>
      <Tag color={color}>
        {text}
        {media.status === 'transcoding' ? ` ${media.progress}%` : ''}
      </Tag>
      {media.status === 'transcoding' && media.eta_seconds !== null && (
        <span>预计还需 {timeLeft(media.eta_seconds)}</span>
      )}
      {media.status === 'failed' && <span>{media.failure_reason}</span>}
    </Space>
  );
}

export function CourseContent({
  course,
  canEdit,
  onChanged,
}: {
  course: CourseDetail;
  canEdit: boolean;
  onChanged: () => void;
}) {
  const [chapter, setChapter] = useState<Editing<ChapterForm>>(null);
  const [video, setVideo] = useState<Editing<VideoForm>>(null);
  const [uploads, setUploads] = useState<Record<number, number>>({});
  const [refresh, setRefresh] = useState(0);
  const { run } = useAction(onChanged);
  // An upload changes only the video's file state, polled by its row: no reload of the course.
  const { run: send } = useAction();

  const saveChapter = (values: ChapterForm) =>
    chapter?.id
      ? api('PUT', `/api/admin/chapters/${chapter.id}`, { body: values })
      : api('POST', `/api/admin/courses/${course.id}/chapters`, { body: values });

  const saveVideo = (values: VideoForm) => {
    const body = {
      ...values,
      chapter_id: values.chapter_id ?? null,
      ban_drag: values.ban_drag ? 1 : 0,
      is_show: values.is_show ? 1 : 0,
      vod_provider: values.vod_provider ?? '',
      vod_media_id: values.vod_provider ? (values.vod_media_id ?? '') : '',
    };
    return video?.id
      ? api('PUT', `/api/admin/videos/${video.id}`, { body })
      : api('POST', `/api/admin/courses/${course.id}/videos`, { body });
  };

  const upload = async (videoId: number, file: File) => {
    setUploads((current) => ({ ...current, [videoId]: 0 }));
    const sent = await send(
      () =>
        uploadVideoSource(videoId, file, (fraction) =>
          setUploads((current) => ({ ...current, [videoId]: Math.floor(fraction * 100) })),
        ),
      `《${file.name}》已上传，正在排队转码`,
    );
    if (sent) setRefresh((n) => n + 1);
    setUploads(({ [videoId]: _done, ...rest }) => rest);
  };

  const chapterName = (id: number | null) => course.chapters.find((c) => c.id === id)?.title ?? '未分章节';

  return (
    <Card
      title="章节和视频"
      extra={
        canEdit && (
          <Space>
            <Button onClick={() => setChapter({ values: { title: '', sort: undefined } })}>添加章节</Button>
            <Button
              type="primary"
              onClick={() =>
                setVideo({
                  values: {
                    title: '',
                    chapter_id: course.chapters[0]?.id ?? null,
                    free_seconds: 0,
                    ban_drag: false,
                    is_show: true,
                    vod_provider: '',
                    vod_media_id: '',
                  },
                })
              }
            >
              添加视频
            </Button>
          </Space>
        )
      }
    >
      {course.chapters.length > 0 && (
        <Space wrap style={{ marginBottom: 16 }}>
          {course.chapters.map((c) => (
            <Tag key={c.id} style={{ padding: '4px 8px' }}>
              {c.sort}. {c.title}
              {canEdit && (
                <>
                  <ActionLink
                    onClick={() => setChapter({ id: c.id, values: { title: c.title, sort: c.sort } })}
                  >
                    编辑
                  </ActionLink>
                  <ConfirmLink
                    title={`删除章节「${c.title}」？`}
                    okText="删除"
                    onConfirm={() => run(() => api('DELETE', `/api/admin/chapters/${c.id}`), '章节已删除')}
                  >
                    删除
                  </ConfirmLink>
                </>
              )}
            </Tag>
          ))}
        </Space>
      )}
      <Table<Video>
        rowKey="id"
        pagination={false}
        dataSource={course.videos}
        locale={{ emptyText: '暂无视频' }}
        columns={[
          { title: '章节', dataIndex: 'chapter_id', width: 160, render: chapterName },
          { title: '视频', dataIndex: 'title' },
          {
            title: '试看',
            dataIndex: 'free_seconds',
            width: 90,
            render: (s: number) => (s ? `${s} 秒` : '—'),
          },
          {
            title: '文件',
            key: 'media',
            width: 260,
            render: (_, v) =>
              v.vod_provider ? (
                <Tag color="blue">
                  {SOURCES[v.vod_provider].label} · {v.vod_media_id}
                </Tag>
              ) : uploads[v.id] !== undefined ? (
                <Progress percent={uploads[v.id]} size="small" aria-label={`《${v.title}》上传进度`} />
              ) : (
                <MediaState videoId={v.id} refresh={refresh} />
              ),
          },
          ...(canEdit
            ? [
                {
                  title: '操作',
                  key: 'actions',
                  width: 200,
                  render: (_: unknown, v: Video) => (
                    <Space>
                      <ActionLink
                        onClick={() =>
                          setVideo({
                            id: v.id,
                            values: { ...v, ban_drag: v.ban_drag === 1, is_show: v.is_show === 1 },
                          })
                        }
                      >
                        编辑
                      </ActionLink>
                      <label className="ant-btn ant-btn-link ant-btn-sm" style={{ cursor: 'pointer' }}>
                        上传视频
                        <input
                          type="file"
                          accept="video/*,.m3u8"
                          aria-label={`为《${v.title}》上传视频文件`}
                          style={{ position: 'absolute', width: 1, height: 1, opacity: 0 }}
                          disabled={uploads[v.id] !== undefined}
                          onChange={(event) => {
                            const file = event.target.files?.[0];
                            event.target.value = '';
                            if (file) void upload(v.id, file);
                          }}
                        />
                      </label>
                    </Space>
                  ),
                },
              ]
            : []),
        ]}
      />
      <FormModal<ChapterForm>
        title={chapter?.id ? '编辑章节' : '添加章节'}
        name="chapter"
        open={chapter !== null}
        initialValues={chapter?.values}
        onSubmit={saveChapter}
        done="章节已保存"
        onDone={onChanged}
        onClose={() => setChapter(null)}
      >
        <Form.Item
          label="章节名称"
          name="title"
          rules={[{ required: true, whitespace: true, message: '请输入章节名称' }]}
        >
          <Input />
        </Form.Item>
        <Form.Item label="排序（小的在前，空为最后）" name="sort">
          <InputNumber min={0} max={9999} precision={0} />
        </Form.Item>
      </FormModal>
      <FormModal<VideoForm>
        title={video?.id ? '编辑视频' : '添加视频'}
        name="video"
        open={video !== null}
        initialValues={video?.values}
        onSubmit={saveVideo}
        done="视频已保存"
        onDone={onChanged}
        onClose={() => setVideo(null)}
      >
        <Form.Item
          label="视频名称"
          name="title"
          rules={[{ required: true, whitespace: true, message: '请输入视频名称' }]}
        >
          <Input />
        </Form.Item>
        <Form.Item label="章节" name="chapter_id">
          <Select
            allowClear
            placeholder="未分章节"
            options={course.chapters.map((c) => ({ value: c.id, label: c.title }))}
          />
        </Form.Item>
        <Form.Item label="视频来源" name="vod_provider">
          <Select
            options={(Object.keys(SOURCES) as Video['vod_provider'][]).map((value) => ({
              value,
              label: value ? `云点播 · ${SOURCES[value].label}` : SOURCES[value].label,
            }))}
          />
        </Form.Item>
        <Form.Item noStyle dependencies={['vod_provider']}>
          {({ getFieldValue }) => {
            const provider = (getFieldValue('vod_provider') ?? '') as Video['vod_provider'];
            return provider ? (
              <Form.Item
                label={`${SOURCES[provider].label} ${SOURCES[provider].idName}`}
                name="vod_media_id"
                extra="试看由云点播按试看秒数截断；播放地址短时有效，只发给有权观看的学员"
                rules={[
                  { required: true, whitespace: true, message: '请输入云点播视频 ID' },
                  {
                    pattern: /^\s*[A-Za-z0-9_-]{1,64}\s*$/,
                    message: '云点播视频 ID 只能包含字母、数字、下划线和短横线，最长 64 位',
                  },
                ]}
              >
                <Input />
              </Form.Item>
            ) : null;
          }}
        </Form.Item>
        <Space size="large">
          <Form.Item label="试看秒数（0 为不可试看）" name="free_seconds">
            <InputNumber min={0} max={36_000} precision={0} />
          </Form.Item>
          <Form.Item label="禁止拖动进度" name="ban_drag" valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item label="显示" name="is_show" valuePropName="checked">
            <Switch />
          </Form.Item>
        </Space>
      </FormModal>
    </Card>
  );
}
