import { useEffect, useState } from 'react';
import { Alert, App, Button, Card, Col, Empty, Input, Row, Select, Space, Typography } from 'antd';
import { HOME_BLOCK_SIGNS, type AdminHomeBlock } from '@kezhan/contract/admin/site';
import { api } from '@/shared/http';
import { LoadError, PageLoading } from '@/shared/states';
import { useLoad } from '@/shared/use-load';
import { useAction } from '@/shared/use-action';

const BLOCK_NAMES: Record<string, string> = {
  slider: '轮播图',
  'grid-nav': '宫格导航',
  'image-group': '图片组',
  'h5-vod-v1': '课程列表',
  'h5-gzh-v1': '公众号卡片',
  blank: '空白间隔',
};

const TEMPLATES: Record<string, unknown> = {
  slider: [{ src: '/images/banner.png', href: '/vod' }],
  'grid-nav': { items: [{ name: '全部课程', src: '/images/nav.png', href: '/vod' }] },
  'image-group': { items: [{ src: '/images/ad.png', href: '/vod' }] },
  'h5-vod-v1': { title: '精选课程', items: [] },
  'h5-gzh-v1': { name: '课栈', desc: '关注公众号', logo: '', qrcode: '' },
  blank: { height: 12, bgcolor: '#ffffff' },
};

interface Draft {
  key: number;
  sign: string;
  text: string;
}

let nextKey = 1;
const toDraft = (block: AdminHomeBlock): Draft => ({
  key: nextKey++,
  sign: block.sign,
  text: JSON.stringify(block.config, null, 2),
});

const parse = (draft: Draft): { config?: unknown; error?: string } => {
  try {
    return { config: JSON.parse(draft.text) };
  } catch {
    return { error: '配置不是有效的 JSON' };
  }
};

/** A phone-sized outline of the page as it is being edited (before saving). */
function PhonePreview({ drafts }: { drafts: Draft[] }) {
  return (
    <div
      aria-label="首页预览"
      role="region"
      style={{
        width: 320,
        minHeight: 560,
        border: '8px solid #222',
        borderRadius: 24,
        padding: 8,
        background: '#f5f5f5',
      }}
    >
      {drafts.length === 0 && <Empty description="首页没有模块" />}
      {drafts.map((draft) => {
        const { config } = parse(draft);
        const count = Array.isArray(config)
          ? config.length
          : Array.isArray((config as { items?: unknown[] } | undefined)?.items)
            ? (config as { items: unknown[] }).items.length
            : undefined;
        const title = (config as { title?: string } | undefined)?.title;
        const height =
          draft.sign === 'blank' ? Number((config as { height?: number } | undefined)?.height) || 8 : 64;
        return (
          <div
            key={draft.key}
            style={{
              height,
              margin: '6px 0',
              background: draft.sign === 'blank' ? 'transparent' : '#fff',
              border: draft.sign === 'blank' ? '1px dashed #bbb' : '1px solid #ddd',
              borderRadius: 6,
              padding: draft.sign === 'blank' ? 0 : 8,
              fontSize: 13,
              overflow: 'hidden',
            }}
          >
            {draft.sign !== 'blank' &&
              `${BLOCK_NAMES[draft.sign] ?? draft.sign}${title ? `：${title}` : ''}${count !== undefined ? `（${count} 项）` : ''}`}
          </div>
        );
      })}
    </div>
  );
}

export default function HomeBlocksPage() {
  const { message } = App.useApp();
  const blocks = useLoad(() => api<AdminHomeBlock[]>('GET', '/api/admin/home-blocks'), 'home');
  const [drafts, setDrafts] = useState<Draft[]>([]);
  const [adding, setAdding] = useState<string>('h5-vod-v1');
  const { run, busy: saving } = useAction(blocks.reload);

  useEffect(() => {
    if (blocks.data) setDrafts(blocks.data.map(toDraft));
  }, [blocks.data]);

  if (blocks.error) return <LoadError error={blocks.error} onRetry={blocks.reload} />;
  if (!blocks.data) return <PageLoading />;

  const move = (index: number, by: number) =>
    setDrafts((current) => {
      const next = [...current];
      const [item] = next.splice(index, 1);
      next.splice(index + by, 0, item);
      return next;
    });

  const save = async () => {
    const parsed = drafts.map(parse);
    const broken = parsed.findIndex((result) => result.error);
    if (broken >= 0) {
      message.error(`第 ${broken + 1} 个模块的配置不是有效的 JSON`);
      return;
    }
    const body = {
      blocks: drafts.map((draft, index) => ({ sign: draft.sign, config: parsed[index].config })),
    };
    await run(() => api('PUT', '/api/admin/home-blocks', { body }), '首页已保存，刷新 H5 首页即可看到');
  };

  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <Typography.Title level={1} style={{ fontSize: 20, margin: 0 }}>
        首页装修
      </Typography.Title>
      <Alert
        type="info"
        showIcon
        message='模块按顺序显示在 H5 首页；保存时整页一次替换。课程列表的 items 填课程 ID，如 [{"id": 1}]。'
      />
      <Row gutter={24} wrap={false}>
        <Col flex="auto">
          <Space direction="vertical" style={{ width: '100%' }}>
            {drafts.map((draft, index) => (
              <Card
                key={draft.key}
                size="small"
                title={`${index + 1}. ${BLOCK_NAMES[draft.sign] ?? draft.sign}`}
                extra={
                  <Space>
                    <Button size="small" disabled={index === 0} onClick={() => move(index, -1)}>
                      上移
                    </Button>
                    <Button
                      size="small"
                      disabled={index === drafts.length - 1}
                      onClick={() => move(index, 1)}
                    >
                      下移
                    </Button>
                    <Button
                      size="small"
                      danger
                      onClick={() => setDrafts((current) => current.filter((d) => d.key !== draft.key))}
                    >
                      删除
                    </Button>
                  </Space>
                }
              >
                <Input.TextArea
                  aria-label={`第 ${index + 1} 个模块的配置（JSON）`}
                  value={draft.text}
                  autoSize={{ minRows: 3, maxRows: 14 }}
                  status={parse(draft).error ? 'error' : undefined}
                  onChange={(event) =>
                    setDrafts((current) =>
                      current.map((d) => (d.key === draft.key ? { ...d, text: event.target.value } : d)),
                    )
                  }
                  style={{ fontFamily: 'monospace' }}
                />
              </Card>
            ))}
            <Space>
              <Select
                aria-label="新模块类型"
                value={adding}
                style={{ width: 160 }}
                options={HOME_BLOCK_SIGNS.map((sign) => ({ value: sign, label: BLOCK_NAMES[sign] }))}
                onChange={setAdding}
              />
              <Button
                onClick={() =>
                  setDrafts((current) => [...current, toDraft({ sign: adding, config: TEMPLATES[adding] })])
                }
              >
                添加模块
              </Button>
              <Button type="primary" loading={saving} onClick={() => void save()}>
                保存首页
              </Button>
            </Space>
          </Space>
        </Col>
        <Col flex="336px">
          <PhonePreview drafts={drafts} />
        </Col>
      </Row>
    </Space>
  );
}
