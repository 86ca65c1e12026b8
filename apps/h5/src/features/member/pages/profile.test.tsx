import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MemberDetail } from '@/shared/api/types';
import { getToken, setToken } from '@/shared/storage/storage';
import { useAppStore } from '@/shared/store/app-store';
import { fail, mockApi, ok, testConfig, testMember, type Handler } from '@/test/mock-api';
import { renderApp } from '@/test/render-app';
import { cropToJpeg, loadImageFile } from '../utils/image-crop';

vi.mock('../utils/image-crop', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../utils/image-crop')>();
  return { ...actual, loadImageFile: vi.fn(), cropToJpeg: vi.fn() };
});

beforeEach(() => {
  setToken('tok-1');
  vi.mocked(loadImageFile).mockReset();
  vi.mocked(cropToJpeg).mockReset();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

function api(
  member: Partial<MemberDetail> | (() => Partial<MemberDetail>),
  handlers: Record<string, Handler> = {},
  config = testConfig(),
) {
  return mockApi({
    'GET /api/v2/other/config': () => ok(config),
    'GET /api/v2/member/detail': () => ok(testMember(typeof member === 'function' ? member() : member)),
    ...handlers,
  });
}

const row = (label: string) =>
  screen.getByText(label, { exact: true }).closest('.adm-list-item') as HTMLElement;

describe('/member/profile', () => {
  it('shows the account rows and refreshes the member on entry', async () => {
    let fetched = 0;
    api(() => {
      fetched += 1;
      return { nick_name: fetched > 1 ? '新名字' : '旧名字', mobile: '13812345678', is_password_set: 0 };
    });
    renderApp('/member/profile');
    expect(await screen.findByText('新名字')).toBeInTheDocument();
    await vi.waitFor(() => expect(document.title).toBe('个人资料'));
    expect(screen.getByRole('heading', { name: '个人资料' })).toBeInTheDocument();
    expect(screen.getByText('点击更换头像')).toBeInTheDocument();
    expect(screen.getByText('账户信息')).toBeInTheDocument();
    expect(within(row('绑定手机号')).getByText('138****5678')).toBeInTheDocument();
    expect(within(row('实名认证')).getByText('未认证')).toBeInTheDocument();
    expect(within(row('修改密码')).getByText('设置密码')).toBeInTheDocument();
    expect(screen.getByText('账号注销')).toBeInTheDocument();
    expect(screen.queryByText('绑定QQ')).toBeNull();
    expect(screen.queryByText('绑定微信')).toBeNull();
  });

  it('sets the nickname once: empty is refused, then saved and shown', async () => {
    let nick = '随机名';
    const { called } = api(() => ({ nick_name: nick, is_set_nickname: nick === '随机名' ? 0 : 1 }), {
      'POST /api/v2/member/detail/nickname': ({ body }) => {
        nick = String(body.nick_name);
        return ok([]);
      },
    });
    renderApp('/member/profile');
    fireEvent.click(await screen.findByText('昵称'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('昵称设置后不可修改，最多24个字符')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: '确认' }));
    expect(await screen.findByText('请输入昵称')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByPlaceholderText('请输入昵称'), {
      target: { value: 'x'.repeat(25) },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: '确认' }));
    expect(await screen.findByText('昵称不能超过24个字符')).toBeInTheDocument();
    expect(called('POST /api/v2/member/detail/nickname')).toHaveLength(0);

    fireEvent.change(within(dialog).getByPlaceholderText('请输入昵称'), { target: { value: ' 小课 ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '确认' }));
    expect(await screen.findByText('修改成功')).toBeInTheDocument();
    expect(called('POST /api/v2/member/detail/nickname')[0].body).toEqual({ nick_name: '小课' });
    expect(await screen.findByText('小课')).toBeInTheDocument();

    fireEvent.click(screen.getByText('昵称'));
    expect(await screen.findByText('您已经设置过昵称了哦')).toBeInTheDocument();
  });

  it('keeps the nickname dialog open with the server reason on failure', async () => {
    api({ is_set_nickname: 0 }, { 'POST /api/v2/member/detail/nickname': () => fail('昵称已经存在') });
    renderApp('/member/profile');
    fireEvent.click(await screen.findByText('昵称'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByPlaceholderText('请输入昵称'), { target: { value: '重名' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '确认' }));
    expect(await screen.findByText('昵称已经存在')).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('avatar: wrong types are refused, a cancelled picker does nothing, a picture is cropped and uploaded', async () => {
    vi.mocked(loadImageFile).mockResolvedValue({
      image: document.createElement('img'),
      width: 600,
      height: 400,
      url: 'blob:preview',
    });
    const jpeg = new Blob(['jpeg-bytes'], { type: 'image/jpeg' });
    vi.mocked(cropToJpeg).mockResolvedValue(jpeg);
    let avatar = '';
    const { fetchMock } = api(() => ({ avatar }), {
      'POST /api/v2/member/detail/avatar': () => {
        avatar = 'https://cdn.test/new.jpg';
        return ok([]);
      },
    });
    renderApp('/member/profile');
    const input = await screen.findByLabelText('更换头像');

    fireEvent.change(input, { target: { files: [new File(['x'], 'a.gif', { type: 'image/gif' })] } });
    expect(await screen.findByText('图片格式错误,请上传png/jpg/jpeg格式的图片')).toBeInTheDocument();
    fireEvent.change(input, { target: { files: [] } });
    expect(screen.queryByRole('dialog', { name: '裁剪头像' })).toBeNull();

    fireEvent.change(input, { target: { files: [new File(['png'], 'me.png', { type: 'image/png' })] } });
    const cropper = await screen.findByRole('dialog', { name: '裁剪头像' });
    expect(await within(cropper).findByRole('img', { name: '头像预览' })).toHaveAttribute(
      'src',
      'blob:preview',
    );
    fireEvent.click(within(cropper).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('上传头像成功')).toBeInTheDocument();

    // The centre square of 600×400 is cropped.
    expect(vi.mocked(cropToJpeg).mock.calls[0][1]).toEqual({ sx: 100, sy: 0, size: 400 });
    const upload = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/api/v2/member/detail/avatar'));
    const form = upload?.[1]?.body as FormData;
    expect(form).toBeInstanceOf(FormData);
    const sent = form.get('file') as File;
    expect(sent.type).toBe('image/jpeg');
    expect(sent.name).toBe('avatar.jpg');
    expect(sent.size).toBe(jpeg.size);
    await waitFor(() =>
      expect(screen.getByRole('img', { name: '头像' })).toHaveAttribute('src', 'https://cdn.test/new.jpg'),
    );
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '裁剪头像' })).toBeNull());
  });

  it('avatar: a picture that cannot be decoded is refused and the cropper closes', async () => {
    vi.mocked(loadImageFile).mockRejectedValue(new Error('图片无法读取，请换一张试试'));
    api({});
    renderApp('/member/profile');
    fireEvent.change(await screen.findByLabelText('更换头像'), {
      target: { files: [new File(['broken'], 'me.jpg', { type: 'image/jpeg' })] },
    });
    expect(await screen.findByText('图片无法读取，请换一张试试')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '裁剪头像' })).toBeNull());
    expect(cropToJpeg).not.toHaveBeenCalled();
  });

  it('avatar: a failed upload keeps the cropper open', async () => {
    vi.mocked(loadImageFile).mockResolvedValue({
      image: document.createElement('img'),
      width: 10,
      height: 10,
      url: 'blob:x',
    });
    vi.mocked(cropToJpeg).mockResolvedValue(new Blob(['j'], { type: 'image/jpeg' }));
    api({}, { 'POST /api/v2/member/detail/avatar': () => fail('请上传图片文件') });
    renderApp('/member/profile');
    fireEvent.change(await screen.findByLabelText('更换头像'), {
      target: { files: [new File(['png'], 'me.png', { type: 'image/png' })] },
    });
    const cropper = await screen.findByRole('dialog', { name: '裁剪头像' });
    await within(cropper).findByRole('img', { name: '头像预览' });
    fireEvent.click(within(cropper).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('请上传图片文件')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: '裁剪头像' })).toBeInTheDocument();
    fireEvent.click(within(cropper).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '裁剪头像' })).toBeNull());
  });

  it('mobile and password rows lead to their pages; no mobile means 点击绑定 and no password change', async () => {
    api({ is_bind_mobile: 0, mobile: '234567890' });
    const { router } = renderApp('/member/profile');
    fireEvent.click(await screen.findByText('修改密码'));
    expect(await screen.findByText('请绑定手机号')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/member/profile');
    expect(within(row('绑定手机号')).getByText('点击绑定')).toBeInTheDocument();
    fireEvent.click(screen.getByText('绑定手机号'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/member/mobile'));
  });

  it('a bound mobile opens the change flow and the password page', async () => {
    api({ is_password_set: 1 });
    const { router } = renderApp('/member/profile');
    expect(await screen.findByText('已设置')).toBeInTheDocument();
    fireEvent.click(screen.getByText('修改密码'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/member/password'));
    await router.navigate('/member/profile');
    fireEvent.click(await screen.findByText('138****0000'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/member/mobileVerify'));
  });

  it('a verified member sees 已认证 and opens the result page', async () => {
    api({ is_face_verify: true });
    const { router } = renderApp('/member/profile');
    fireEvent.click(await screen.findByText('已认证'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/faceSuccess'));
  });

  it('an unverified member starts face verification from 未认证', async () => {
    const { called } = api(
      {},
      { 'POST /api/v3/member/tencent/faceVerify': () => fail('当前学员已完成实人认证') },
    );
    renderApp('/member/profile');
    fireEvent.click(await screen.findByText('未认证'));
    expect(await screen.findByText('当前学员已完成实人认证')).toBeInTheDocument();
    expect(called('POST /api/v3/member/tencent/faceVerify')[0].body.s_url).toBe(
      `${window.location.origin}/auth/faceSuccess`,
    );
  });

  it('QQ: shown when enabled outside WeChat; a bound account is unbound after confirmation', async () => {
    let bound = 1;
    const { called } = api(
      () => ({ is_bind_qq: bound }),
      {
        'DELETE /api/v2/member/socialite/qq': () => {
          bound = 0;
          return ok([]);
        },
      },
      testConfig({ socialites: { qq: 1, wechat_oauth: 1, wechat_scan: 0 } }),
    );
    renderApp('/member/profile');
    expect(await screen.findByText('绑定QQ')).toBeInTheDocument();
    expect(screen.queryByText('绑定微信')).toBeNull();
    expect(within(row('绑定QQ')).getByText('已绑定')).toBeInTheDocument();

    fireEvent.click(screen.getByText('绑定QQ'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('是否解除绑定QQ？')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: '确认' }));
    expect(await screen.findByText('解绑成功')).toBeInTheDocument();
    expect(called('DELETE /api/v2/member/socialite/qq')).toHaveLength(1);
    await waitFor(() => expect(within(row('绑定QQ')).getByText('点击绑定')).toBeInTheDocument());
  });

  it('WeChat: shown inside WeChat only', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue('Mozilla/5.0 (iPhone) MicroMessenger/8.0.47');
    api({ is_bind_wechat: 0 }, {}, testConfig({ socialites: { qq: 1, wechat_oauth: 1, wechat_scan: 0 } }));
    renderApp('/member/profile');
    expect(await screen.findByText('绑定微信')).toBeInTheDocument();
    expect(screen.queryByText('绑定QQ')).toBeNull();
    expect(within(row('绑定微信')).getByText('点击绑定')).toBeInTheDocument();
  });

  it('returning from a bind redeems login_code once and cleans the address', async () => {
    const { called } = api({}, { 'POST /api/v3/member/socialite/bindWithCode': () => ok([]) });
    const { router } = renderApp('/member/profile?login_code=LC1&action=bind');
    expect(await screen.findByText('绑定成功')).toBeInTheDocument();
    expect(called('POST /api/v3/member/socialite/bindWithCode')[0].body).toEqual({ code: 'LC1' });
    expect(router.state.location.search).toBe('');
    expect(sessionStorage.getItem('login_code:LC1')).toBe('LC1');
  });

  it('an already used bind code is not sent again', async () => {
    sessionStorage.setItem('login_code:LC2', 'LC2');
    const { called } = api({});
    const { router } = renderApp('/member/profile?login_code=LC2&action=bind');
    await screen.findByText('账号注销');
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(called('POST /api/v3/member/socialite/bindWithCode')).toHaveLength(0);
  });

  it('a failed bind shows login_err_msg', async () => {
    api({});
    renderApp(
      '/member/profile?login_err_msg=%E6%8E%88%E6%9D%83%E7%99%BB%E5%BD%95%E5%A4%B1%E8%B4%A5&action=bind',
    );
    expect(await screen.findByText('授权登录失败')).toBeInTheDocument();
  });

  it('account deletion: the confirmation text, then logout and the member centre', async () => {
    const { called } = api({}, { 'POST /api/v3/member/destroy': () => ok([]) });
    const { router } = renderApp('/member/profile');
    fireEvent.click(await screen.findByText('账号注销'));
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText(
        '确认注销账号？确认之后账号将在7天后自动注销，期间内登录账号将会自动取消账号注销。',
      ),
    ).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: '确认' }));
    expect(await screen.findByText('注销成功')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/member'));
    expect(called('POST /api/v3/member/destroy')).toHaveLength(1);
    expect(getToken()).toBe('');
    expect(useAppStore.getState().isLogin).toBe(false);
  });

  it('account deletion cancelled in the dialog keeps the member logged in', async () => {
    const { called } = api({});
    renderApp('/member/profile');
    fireEvent.click(await screen.findByText('账号注销'));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '取消' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(called('POST /api/v3/member/destroy')).toHaveLength(0);
    expect(getToken()).toBe('tok-1');
  });

  it('退出登录 asks first, then logs out locally', async () => {
    api({});
    const { router } = renderApp('/member/profile');
    fireEvent.click(await screen.findByRole('button', { name: '退出登录' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('确认安全退出登录？')).toBeInTheDocument();
    fireEvent.click(within(dialog).getByRole('button', { name: '确认' }));
    expect(await screen.findByText('已安全退出')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/member'));
    expect(getToken()).toBe('');
  });

  it('a failed load without a stored member offers a retry', async () => {
    let down = true;
    mockApi({
      'GET /api/v2/other/config': () => ok(testConfig()),
      'GET /api/v2/member/detail': () => (down ? fail('服务繁忙') : ok(testMember({ nick_name: '回来了' }))),
    });
    renderApp('/member/profile');
    expect(await screen.findByText('加载失败')).toBeInTheDocument();
    down = false;
    fireEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByText('回来了')).toBeInTheDocument();
  });
});
