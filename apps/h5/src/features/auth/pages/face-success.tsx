import Button from 'antd-mobile/es/components/button';
import { useCallback, useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { getMemberDetail } from '@/shared/api/get-member-detail';
import { useDocumentTitle } from '@/shared/hooks/use-document-title';
import { NavHeader } from '@/shared/layout/nav-header';
import { loginUrl } from '@/shared/layout/require-auth';
import { clearFaceVerify, getBizToken, getRuleId, getToken } from '@/shared/storage/storage';
import { useAppStore } from '@/shared/store/app-store';
import { showToast } from '@/shared/ui/toast';
import { queryFaceVerify } from '../api/query-face-verify';
import '../components/auth.css';
import { Spinner } from '@/shared/ui/spinner';

type Phase = 'checking' | 'verified' | 'pending' | 'guest';

/** Return page of Tencent face verification. */
export default function FaceSuccessPage() {
  useDocumentTitle('实名认证');
  const navigate = useNavigate();
  const user = useAppStore((s) => s.user);
  const [phase, setPhase] = useState<Phase>(() => {
    if (!getToken()) return 'guest';
    return user?.is_face_verify ? 'verified' : 'checking';
  });
  const [checked, setChecked] = useState(false);

  const check = useCallback(async () => {
    const bizToken = getBizToken();
    const ruleId = getRuleId();
    setPhase('checking');
    if (bizToken && ruleId) {
      try {
        const res = await queryFaceVerify({ biz_token: bizToken, rule_id: ruleId });
        if (res.data.status === 9) {
          const detail = await getMemberDetail();
          useAppStore.getState().loginAction(detail.data);
          clearFaceVerify();
          setChecked(true);
          showToast('实名认证成功');
          setPhase('verified');
          return;
        }
      } catch {
        // Not ready yet or rejected: offer another look below.
      }
    }
    setPhase(useAppStore.getState().user?.is_face_verify ? 'verified' : 'pending');
  }, []);

  useEffect(() => {
    if (phase === 'checking') void check();
    // Only the first render decides whether to query.
  }, []);

  const back = () => (checked ? navigate('/', { replace: true }) : navigate(-1));
  const current = useAppStore.getState().user;

  return (
    <div className="kz-page kz-page--white">
      <NavHeader title="实名认证" noBorder onBack={back} />
      <div className="kz-result">
        {phase === 'guest' ? (
          <>
            <p className="kz-result-text">请登录后查看实名认证结果</p>
            <Button
              color="primary"
              className="kz-result-button"
              onClick={() => navigate(loginUrl('/auth/faceSuccess'))}
            >
              去登录
            </Button>
          </>
        ) : null}
        {phase === 'checking' ? (
          <>
            <Spinner />
            <p className="kz-result-text">正在查询实名认证结果</p>
          </>
        ) : null}
        {phase === 'pending' ? (
          <>
            <p className="kz-result-text">暂未查询到实名认证结果，请稍后再试</p>
            <Button color="primary" className="kz-result-button" onClick={() => void check()}>
              重新查询
            </Button>
          </>
        ) : null}
        {phase === 'verified' ? (
          <>
            <svg className="kz-result-icon kz-result-icon--success" viewBox="0 0 64 64" aria-hidden="true">
              <circle cx="32" cy="32" r="30" fill="currentColor" />
              <path
                d="M19 33l9 9 17-18"
                fill="none"
                stroke="#fff"
                strokeWidth="5"
                strokeLinecap="round"
                strokeLinejoin="round"
              />
            </svg>
            <p className="kz-result-text">实名认证已完成</p>
            <dl className="kz-face-info">
              <div>
                <dt>姓名</dt>
                <dd>{current?.profile_real_name}</dd>
              </div>
              <div>
                <dt>身份证号</dt>
                <dd>{current?.profile_id_number}</dd>
              </div>
            </dl>
            {checked ? (
              <Button
                color="primary"
                className="kz-result-button"
                onClick={() => navigate('/', { replace: true })}
              >
                返回首页
              </Button>
            ) : null}
          </>
        ) : null}
      </div>
    </div>
  );
}
