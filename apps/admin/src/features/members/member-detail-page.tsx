import { useState } from 'react';
import {
  Avatar,
  Button,
  Descriptions,
  Flex,
  Popconfirm,
  Progress,
  Space,
  Table,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import { Link, useNavigate, useParams } from 'react-router-dom';
import type { MemberGoodsKind } from '@kezhan/contract/admin/members';
import { ORDER_STATUS_TEXT, type OrderStatus } from '@kezhan/contract/order-status';
import { useSession } from '@/shared/session';
import { LoadError, PageLoading } from '@/shared/states';
import { useLoad } from '@/shared/use-load';
import { useAction } from '@/shared/use-action';
import { formatTime } from '@/shared/format';
import { getMember, sendMessage, setLock } from './api';
import { CredentialsDialog, type CredentialsChange } from './credentials-dialog';
import { GoodsDialog, TextDialog } from './member-dialogs';
import { CreditDialog, DeleteMemberDialog, MemberTagsDialog } from './member-account-dialogs';
import { CreditHistory, RemarkList } from './member-records';

type Dialog =
  | { kind: 'grant' | 'revoke'; goods: MemberGoodsKind }
  | { kind: 'credentials'; change: CredentialsChange }
  | { kind: 'message' | 'delete' | 'tags' | 'credits' }
  | null;

const PLATFORM_NAMES: Record<string, string> = { H5: '手机网页', PC: '电脑网页', APP: 'App', MINI: '小程序' };
const SOCIAL_NAMES: Record<string, string> = { qq: 'QQ', wechat: '微信', wechat_mp: '微信公众号' };

export default function MemberDetailPage() {
  const id = Number(useParams().id);
  const { can } = useSession();
  const member = useLoad(() => getMember(id), String(id));
  const { run } = useAction(member.reload);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [creditsShown, setCreditsShown] = useState(0);
  const navigate = useNavigate();
  const canEdit = can('member.edit');
  // Locking, granting and changing how the member signs in are three permissions: a role may
  // hold any of them (客服 only locks and edits tags, remarks and points).
  const canGrant = can('member.grant');
  const canChangeCredentials = can('member.credentials');

  if (member.error) return <LoadError error={member.error} onRetry={member.reload} />;
  if (!member.data) return <PageLoading />;
  const { profile } = member.data;
  const close = () => setDialog(null);

  const toggleLock = () =>
    run(
      () => setLock(profile.id, profile.is_lock ? 0 : 1),
      profile.is_lock ? '已解锁' : '已锁定，学员已在所有设备退出登录',
    );

  return (
    <>
      <Flex justify="space-between" align="center" wrap gap={12} style={{ marginBottom: 16 }}>
        <Space>
          <Avatar src={profile.avatar || undefined} alt="" />
          <Typography.Title level={1} style={{ fontSize: 20, margin: 0 }}>
            {profile.nick_name}
          </Typography.Title>
          {profile.is_lock ? <Tag color="#a8071a">已锁定</Tag> : null}
          {profile.tags.map((tag) => (
            <Tag key={tag.id} color="blue">
              {tag.name}
            </Tag>
          ))}
          <Link to="/members">返回列表</Link>
        </Space>
        <Space wrap>
          {canEdit && (
            <Popconfirm
              title={profile.is_lock ? '解锁该学员？' : '锁定该学员？'}
              description={profile.is_lock ? undefined : '锁定后学员立即在所有设备退出登录，且无法再登录。'}
              okText="确定"
              cancelText="取消"
              onConfirm={toggleLock}
            >
              <Button danger={!profile.is_lock}>{profile.is_lock ? '解锁' : '锁定'}</Button>
            </Popconfirm>
          )}
          {canGrant && (
            <>
              <Button onClick={() => setDialog({ kind: 'grant', goods: 'course' })}>赠送课程</Button>
              <Button onClick={() => setDialog({ kind: 'grant', goods: 'vip' })}>赠送会员天数</Button>
              <Button onClick={() => setDialog({ kind: 'revoke', goods: 'course' })}>撤销课程</Button>
              <Button onClick={() => setDialog({ kind: 'revoke', goods: 'vip' })}>撤销会员天数</Button>
            </>
          )}
          {canEdit && (
            <>
              <Button onClick={() => setDialog({ kind: 'tags' })}>设置标签</Button>
              <Button onClick={() => setDialog({ kind: 'credits' })}>调整积分</Button>
              <Button danger onClick={() => setDialog({ kind: 'delete' })}>
                删除学员
              </Button>
            </>
          )}
          {canChangeCredentials && (
            <>
              <Button onClick={() => setDialog({ kind: 'credentials', change: 'mobile' })}>修改手机号</Button>
              <Button onClick={() => setDialog({ kind: 'credentials', change: 'password' })}>重置密码</Button>
            </>
          )}
          {can('message.send') && (
            <Button type="primary" onClick={() => setDialog({ kind: 'message' })}>
              发送消息
            </Button>
          )}
        </Space>
      </Flex>
      <Tabs
        items={[
          {
            key: 'profile',
            label: '资料',
            children: (
              <Descriptions bordered column={2} size="small">
                <Descriptions.Item label="学员 ID">{profile.id}</Descriptions.Item>
                <Descriptions.Item label="昵称">{profile.nick_name}</Descriptions.Item>
                <Descriptions.Item label="手机号">
                  {profile.is_bind_mobile ? profile.mobile : '未绑定'}
                </Descriptions.Item>
                <Descriptions.Item label="状态">{profile.is_lock ? '已锁定' : '正常'}</Descriptions.Item>
                <Descriptions.Item label="会员">
                  {profile.role_name
                    ? `${profile.role_name}（至 ${formatTime(profile.role_expired_at)}）`
                    : '非会员'}
                </Descriptions.Item>
                <Descriptions.Item label="积分">{profile.credit1}</Descriptions.Item>
                <Descriptions.Item label="邀请余额">{profile.invite_balance}</Descriptions.Item>
                <Descriptions.Item label="实名认证">
                  {profile.is_verify ? `已认证（${profile.real_name}）` : '未认证'}
                </Descriptions.Item>
                <Descriptions.Item label="注册 IP">{profile.register_ip || '—'}</Descriptions.Item>
                <Descriptions.Item label="注册时间">{formatTime(profile.created_at)}</Descriptions.Item>
              </Descriptions>
            ),
          },
          {
            key: 'remarks',
            label: `备注（${member.data.remarks.length}）`,
            children: (
              <RemarkList
                memberId={profile.id}
                remarks={member.data.remarks}
                canEdit={canEdit}
                onChanged={member.reload}
              />
            ),
          },
          {
            key: 'credits',
            label: '积分明细',
            children: <CreditHistory memberId={profile.id} version={creditsShown} />,
          },
          {
            key: 'orders',
            label: '订单',
            children: (
              <Table
                rowKey="id"
                size="small"
                dataSource={member.data.orders}
                pagination={false}
                locale={{ emptyText: '暂无订单' }}
                columns={[
                  { title: '订单号', dataIndex: 'order_id' },
                  { title: '商品', dataIndex: 'goods' },
                  { title: '金额', dataIndex: 'amount', render: (amount: number) => `¥${amount}` },
                  {
                    title: '状态',
                    dataIndex: 'status',
                    render: (status: number) => ORDER_STATUS_TEXT[status as OrderStatus] ?? status,
                  },
                  { title: '下单时间', dataIndex: 'created_at', render: formatTime },
                  { title: '支付时间', dataIndex: 'paid_at', render: formatTime },
                ]}
              />
            ),
          },
          {
            key: 'courses',
            label: '课程与进度',
            children: (
              <Table
                rowKey="course_id"
                size="small"
                dataSource={member.data.courses}
                pagination={false}
                locale={{ emptyText: '暂无课程' }}
                columns={[
                  { title: '课程', dataIndex: 'title' },
                  {
                    title: '学习进度',
                    dataIndex: 'progress',
                    width: 220,
                    render: (progress: number) => (
                      <Progress percent={progress} size="small" aria-label={`学习进度 ${progress}%`} />
                    ),
                  },
                  { title: '已看完视频', dataIndex: 'watched_videos', width: 110 },
                  { title: '最近学习', dataIndex: 'last_watched_at', render: formatTime },
                  {
                    title: '开通方式',
                    dataIndex: 'charge',
                    render: (charge: number) => (charge > 0 ? `购买 ¥${charge}` : '赠送或免费'),
                  },
                  { title: '开通时间', dataIndex: 'created_at', render: formatTime },
                ]}
              />
            ),
          },
          {
            key: 'logins',
            label: '登录记录',
            children: (
              <Table
                rowKey="id"
                size="small"
                dataSource={member.data.login_records}
                pagination={false}
                locale={{ emptyText: '暂无登录记录' }}
                columns={[
                  { title: '时间', dataIndex: 'created_at', width: 180, render: formatTime },
                  {
                    title: '平台',
                    dataIndex: 'platform',
                    width: 100,
                    render: (platform: string) => PLATFORM_NAMES[platform] ?? platform,
                  },
                  { title: 'IP', dataIndex: 'ip', width: 140 },
                  { title: '设备', dataIndex: 'ua', ellipsis: true },
                  {
                    title: '状态',
                    dataIndex: 'revoked_at',
                    width: 100,
                    render: (revoked: string | null) =>
                      revoked ? <Tag>已退出</Tag> : <Tag color="#1f6f1a">有效</Tag>,
                  },
                ]}
              />
            ),
          },
          {
            key: 'socials',
            label: '社交绑定',
            children: (
              <Table
                rowKey="app"
                size="small"
                dataSource={member.data.socials}
                pagination={false}
                locale={{ emptyText: '未绑定社交账号' }}
                columns={[
                  { title: '平台', dataIndex: 'app', render: (app: string) => SOCIAL_NAMES[app] ?? app },
                  { title: '账号标识', dataIndex: 'app_user_id' },
                  { title: '绑定时间', dataIndex: 'created_at', render: formatTime },
                ]}
              />
            ),
          },
        ]}
      />
      {(dialog?.kind === 'grant' || dialog?.kind === 'revoke') && (
        <GoodsDialog member={member.data} dialog={dialog} onClose={close} onDone={member.reload} />
      )}
      {dialog?.kind === 'credentials' && (
        <CredentialsDialog
          memberId={profile.id}
          change={dialog.change}
          onDone={member.reload}
          onClose={close}
        />
      )}
      {dialog?.kind === 'tags' && (
        <MemberTagsDialog
          memberId={profile.id}
          current={profile.tags}
          onClose={close}
          onDone={member.reload}
        />
      )}
      {dialog?.kind === 'credits' && (
        <CreditDialog
          memberId={profile.id}
          balance={profile.credit1}
          onClose={close}
          onDone={() => {
            member.reload();
            setCreditsShown((n) => n + 1);
          }}
        />
      )}
      {dialog?.kind === 'delete' && (
        <DeleteMemberDialog member={profile} onClose={close} onDone={() => navigate('/members')} />
      )}
      {dialog?.kind === 'message' && (
        <TextDialog
          title={`发送消息给 ${profile.nick_name}`}
          label="消息内容"
          maxLength={500}
          onSubmit={(text) => sendMessage(profile.id, text)}
          done="消息已发送"
          onDone={member.reload}
          onClose={close}
        />
      )}
    </>
  );
}
