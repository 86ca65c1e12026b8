import { useState } from 'react';
import { Button, Form, Input, Radio, Select, Space, Switch, Table, Tabs, Typography } from 'antd';
import type { AdminLink, AdminNav, AdminSlider } from '@kezhan/contract/admin/site-navigation';
import { FormModal } from '@/shared/form-modal';
import { LoadedTable } from '@/shared/loaded-table';
import { PageHeader } from '@/shared/page-header';
import { ActionLink, ConfirmLink } from '@/shared/row-actions';
import { moved, OrderButtons, useRowDrag } from '@/shared/row-order';
import { LoadError } from '@/shared/states';
import { useAction } from '@/shared/use-action';
import { useLoad } from '@/shared/use-load';
import {
  deleteLink,
  deleteNav,
  deleteSlider,
  listLinks,
  listNavs,
  listSliders,
  orderLinks,
  orderNavs,
  orderSliders,
  saveLink,
  saveNav,
  saveSlider,
  type Platform,
} from './api';
import { SliderImageField } from './image-field';

const LINK_RULES = [
  { required: true, whitespace: true, message: '请输入链接' },
  { pattern: /^(\/(?!\/)|https?:\/\/)\S*$/i, message: '链接须以 / 或 http:// 、https:// 开头' },
];
const HINT = '拖动行或用“上移 / 下移”调整顺序，保存后 PC 端立即生效';

function PlatformSwitch({ value, onChange }: { value: Platform; onChange: (value: Platform) => void }) {
  return (
    <Radio.Group
      aria-label="平台"
      optionType="button"
      value={value}
      onChange={(event) => onChange(event.target.value as Platform)}
      options={[
        { label: 'PC', value: 'PC' },
        { label: 'H5', value: 'H5' },
      ]}
    />
  );
}

type NavRow = Omit<AdminNav, 'children'> & { children?: NavRow[] };
type NavForm = { name: string; url: string; parent_id: number; blank: boolean; active_routes?: string };

function NavigationTab() {
  const [platform, setPlatform] = useState<Platform>('PC');
  const navs = useLoad(() => listNavs(platform), platform);
  const { run } = useAction(navs.reload);
  const [editing, setEditing] = useState<NavRow | 'new' | null>(null);
  const reorder = (rows: NavRow[], from: number, to: number) =>
    run(
      () =>
        orderNavs(
          platform,
          rows[0].parent_id,
          moved(rows, from, to).map((row) => row.id),
        ),
      '顺序已保存',
    );
  const dragRow = useRowDrag<NavRow>(reorder, (row) => row.parent_id);

  // A tree table: children under their parent (an empty list would still show the expand button).
  const rows: NavRow[] = (navs.data ?? []).map(({ children, ...nav }) => ({
    ...nav,
    ...(children.length > 0 ? { children } : {}),
  }));
  const flat = rows.flatMap((row) => [row, ...(row.children ?? [])]);
  const siblingsOf = (row: NavRow) => flat.filter((other) => other.parent_id === row.parent_id);
  const parents = rows.filter((row) => editing === 'new' || row.id !== (editing as NavRow | null)?.id);

  const save = (values: NavForm) =>
    saveNav(editing === 'new' || !editing ? null : editing.id, {
      ...values,
      blank: values.blank ? 1 : 0,
      platform,
    });

  if (navs.error) return <LoadError error={navs.error} onRetry={navs.reload} />;
  return (
    <>
      <Space style={{ marginBottom: 12 }} wrap>
        <PlatformSwitch value={platform} onChange={setPlatform} />
        <Button type="primary" onClick={() => setEditing('new')}>
          新建导航
        </Button>
        <Typography.Text type="secondary">{HINT}</Typography.Text>
      </Space>
      <Table<NavRow>
        rowKey="id"
        loading={navs.loading}
        dataSource={rows}
        pagination={false}
        expandable={{ defaultExpandAllRows: true }}
        key={`${platform}-${flat.length}`}
        locale={{ emptyText: '暂无导航' }}
        onRow={(row) => dragRow(flat, row)}
        columns={[
          { title: '名称', dataIndex: 'name' },
          { title: '链接', dataIndex: 'url' },
          {
            title: '新窗口',
            dataIndex: 'blank',
            width: 80,
            render: (blank: number) => (blank ? '是' : '否'),
          },
          {
            title: '顺序',
            key: 'order',
            width: 140,
            render: (_, row) => {
              const siblings = siblingsOf(row);
              const index = siblings.findIndex((other) => other.id === row.id);
              return (
                <OrderButtons
                  index={index}
                  count={siblings.length}
                  label={row.name}
                  onMove={(to) => void reorder(siblings, index, to)}
                />
              );
            },
          },
          {
            title: '操作',
            key: 'actions',
            width: 140,
            render: (_, row) => (
              <Space size={0}>
                <ActionLink onClick={() => setEditing(row)}>编辑</ActionLink>
                <ConfirmLink
                  title={`删除导航「${row.name}」？`}
                  description={row.children ? '它的下级导航会一起删除' : undefined}
                  okText="删除"
                  label={`删除${row.name}`}
                  onConfirm={() => run(() => deleteNav(row.id), '已删除')}
                >
                  删除
                </ConfirmLink>
              </Space>
            ),
          },
        ]}
      />
      <FormModal<NavForm>
        title={editing === 'new' ? '新建导航' : '编辑导航'}
        open={editing !== null}
        initialValues={
          editing === 'new' || !editing
            ? { name: '', url: '', parent_id: 0, blank: false, active_routes: '' }
            : { ...editing, blank: editing.blank === 1 }
        }
        onSubmit={save}
        done="已保存"
        onDone={navs.reload}
        onClose={() => setEditing(null)}
      >
        <Form.Item
          label="名称"
          name="name"
          rules={[{ required: true, whitespace: true, message: '请输入导航名称' }]}
        >
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item label="链接" name="url" rules={LINK_RULES}>
          <Input placeholder="/courses 或 https://…" maxLength={500} />
        </Form.Item>
        <Form.Item label="上级导航" name="parent_id">
          <Select
            options={[
              { label: '无（一级导航）', value: 0 },
              ...parents.map((row) => ({ label: row.name, value: row.id })),
            ]}
          />
        </Form.Item>
        <Form.Item label="高亮路由（PC 端路由名，逗号分隔）" name="active_routes">
          <Input placeholder="courses,coursesDetail" maxLength={500} />
        </Form.Item>
        <Form.Item label="新窗口打开" name="blank" valuePropName="checked">
          <Switch />
        </Form.Item>
      </FormModal>
    </>
  );
}

function LinksTab() {
  const links = useLoad(listLinks, 'links');
  const { run } = useAction(links.reload);
  const [editing, setEditing] = useState<AdminLink | 'new' | null>(null);
  const reorder = (rows: AdminLink[], from: number, to: number) =>
    run(() => orderLinks(moved(rows, from, to).map((row) => row.id)), '顺序已保存');
  const dragRow = useRowDrag<AdminLink>(reorder);
  const rows = links.data ?? [];

  return (
    <>
      <Space style={{ marginBottom: 12 }} wrap>
        <Button type="primary" onClick={() => setEditing('new')}>
          新建友情链接
        </Button>
        <Typography.Text type="secondary">{HINT}</Typography.Text>
      </Space>
      <LoadedTable<AdminLink>
        loaded={links}
        locale={{ emptyText: '暂无友情链接' }}
        onRow={(row) => dragRow(rows, row)}
        columns={[
          { title: '名称', dataIndex: 'name' },
          { title: '链接', dataIndex: 'url' },
          {
            title: '顺序',
            key: 'order',
            width: 140,
            render: (_, row, index) => (
              <OrderButtons
                index={index}
                count={rows.length}
                label={row.name}
                onMove={(to) => void reorder(rows, index, to)}
              />
            ),
          },
          {
            title: '操作',
            key: 'actions',
            width: 140,
            render: (_, row) => (
              <Space size={0}>
                <ActionLink onClick={() => setEditing(row)}>编辑</ActionLink>
                <ConfirmLink
                  title={`删除友情链接「${row.name}」？`}
                  okText="删除"
                  label={`删除${row.name}`}
                  onConfirm={() => run(() => deleteLink(row.id), '已删除')}
                >
                  删除
                </ConfirmLink>
              </Space>
            ),
          },
        ]}
      />
      <FormModal<{ name: string; url: string }>
        title={editing === 'new' ? '新建友情链接' : '编辑友情链接'}
        open={editing !== null}
        initialValues={editing === 'new' || !editing ? { name: '', url: '' } : editing}
        onSubmit={(values) => saveLink(editing === 'new' || !editing ? null : editing.id, values)}
        done="已保存"
        onDone={links.reload}
        onClose={() => setEditing(null)}
      >
        <Form.Item
          label="名称"
          name="name"
          rules={[{ required: true, whitespace: true, message: '请输入链接名称' }]}
        >
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item label="链接" name="url" rules={LINK_RULES}>
          <Input placeholder="https://…" maxLength={500} />
        </Form.Item>
      </FormModal>
    </>
  );
}

function SlidersTab() {
  const [platform, setPlatform] = useState<Platform>('PC');
  const sliders = useLoad(() => listSliders(platform), platform);
  const { run } = useAction(sliders.reload);
  const [editing, setEditing] = useState<AdminSlider | 'new' | null>(null);
  const reorder = (rows: AdminSlider[], from: number, to: number) =>
    run(
      () =>
        orderSliders(
          platform,
          moved(rows, from, to).map((row) => row.id),
        ),
      '顺序已保存',
    );
  const dragRow = useRowDrag<AdminSlider>(reorder);
  const rows = sliders.data ?? [];

  return (
    <>
      <Space style={{ marginBottom: 12 }} wrap>
        <PlatformSwitch value={platform} onChange={setPlatform} />
        <Button type="primary" onClick={() => setEditing('new')}>
          新建轮播图
        </Button>
        <Typography.Text type="secondary">{HINT}</Typography.Text>
      </Space>
      <LoadedTable<AdminSlider>
        loaded={sliders}
        locale={{ emptyText: '暂无轮播图' }}
        onRow={(row) => dragRow(rows, row)}
        columns={[
          {
            title: '图片',
            dataIndex: 'thumb',
            width: 200,
            render: (thumb: string, _row, index) => (
              <img
                src={thumb}
                alt={`轮播图 ${index + 1}`}
                style={{ width: 160, height: 60, objectFit: 'cover' }}
              />
            ),
          },
          { title: '链接', dataIndex: 'url', render: (url: string) => url || '—' },
          {
            title: '顺序',
            key: 'order',
            width: 140,
            render: (_, row, index) => (
              <OrderButtons
                index={index}
                count={rows.length}
                label={`轮播图 ${index + 1}`}
                onMove={(to) => void reorder(rows, index, to)}
              />
            ),
          },
          {
            title: '操作',
            key: 'actions',
            width: 140,
            render: (_, row, index) => (
              <Space size={0}>
                <ActionLink onClick={() => setEditing(row)}>编辑</ActionLink>
                <ConfirmLink
                  title={`删除轮播图 ${index + 1}？`}
                  okText="删除"
                  label={`删除轮播图 ${index + 1}`}
                  onConfirm={() => run(() => deleteSlider(row.id), '已删除')}
                >
                  删除
                </ConfirmLink>
              </Space>
            ),
          },
        ]}
      />
      <FormModal<{ thumb: string; url: string }>
        title={editing === 'new' ? '新建轮播图' : '编辑轮播图'}
        open={editing !== null}
        initialValues={editing === 'new' || !editing ? { thumb: '', url: '' } : editing}
        onSubmit={(values) =>
          saveSlider(editing === 'new' || !editing ? null : editing.id, { ...values, platform })
        }
        done="已保存"
        onDone={sliders.reload}
        onClose={() => setEditing(null)}
      >
        <Form.Item
          label="图片"
          name="thumb"
          rules={[{ required: true, whitespace: true, message: '请上传轮播图图片' }]}
        >
          <SliderImageField />
        </Form.Item>
        <Form.Item
          label="点击后打开（可不填）"
          name="url"
          rules={[
            { pattern: /^(\/(?!\/)|https?:\/\/)\S*$/i, message: '链接须以 / 或 http:// 、https:// 开头' },
          ]}
        >
          <Input placeholder="/courses 或 https://…" maxLength={500} />
        </Form.Item>
      </FormModal>
    </>
  );
}

/** 站点导航: the PC site's navigation, friend links and sliders (MeEdu PC clients read them at start). */
export default function SiteNavigationPage() {
  return (
    <>
      <PageHeader title="PC 站点" />
      <Tabs
        destroyOnHidden
        items={[
          { key: 'navs', label: '导航', children: <NavigationTab /> },
          { key: 'links', label: '友情链接', children: <LinksTab /> },
          { key: 'sliders', label: '轮播图', children: <SlidersTab /> },
        ]}
      />
    </>
  );
}
