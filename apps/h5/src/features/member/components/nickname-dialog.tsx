import { NICKNAME_MAX_LENGTH, NICKNAME_TOO_LONG_MESSAGE, nicknameLength } from '@kezhan/contract/browser';
import Dialog from 'antd-mobile/es/components/dialog';
import Input from 'antd-mobile/es/components/input';
import { useState } from 'react';
import { showToast } from '@/shared/ui/toast';
import { setNickname } from '../api/set-nickname';
import { useFocusReturn } from '@/shared/ui/focus-return';
import './member-components.css';

export interface NicknameDialogProps {
  visible: boolean;
  initial: string;
  onClose: () => void;
  onSaved: () => void;
}

/** Sets the nickname — once per account, so the dialog says so before the member commits. */
export function NicknameDialog({ visible, initial, onClose, onSaved }: NicknameDialogProps) {
  useFocusReturn(visible);
  const [value, setValue] = useState(initial);
  const [saving, setSaving] = useState(false);

  // Each opening starts from the current nickname (set while rendering, not in an effect).
  const openedWith = visible ? initial : null;
  const [shownFor, setShownFor] = useState<string | null>(null);
  if (openedWith !== shownFor) {
    setShownFor(openedWith);
    if (openedWith !== null) setValue(openedWith);
  }

  const save = async () => {
    const nickname = value.trim();
    if (!nickname) {
      showToast('请输入昵称');
      return;
    }
    if (nicknameLength(nickname) > NICKNAME_MAX_LENGTH) {
      showToast(NICKNAME_TOO_LONG_MESSAGE);
      return;
    }
    if (saving) return;
    setSaving(true);
    try {
      await setNickname({ nick_name: nickname });
      showToast('修改成功');
      onSaved();
      onClose();
    } catch {
      // The server's reason (昵称已经存在…) is already on screen; keep the dialog for another try.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog
      visible={visible}
      title="设置昵称"
      aria-label="设置昵称"
      onClose={onClose}
      closeOnAction={false}
      destroyOnClose
      content={
        <div className="kz-nickname">
          <Input
            className="kz-nickname-input"
            placeholder="请输入昵称"
            aria-label="昵称"
            value={value}
            onChange={setValue}
            onEnterPress={() => void save()}
            clearable
            autoComplete="nickname"
          />
          <p className="kz-nickname-tip">昵称设置后不可修改，最多{NICKNAME_MAX_LENGTH}个字符</p>
        </div>
      }
      actions={[
        [
          { key: 'cancel', text: '取消', onClick: onClose },
          { key: 'confirm', text: '确认', bold: true, disabled: saving, onClick: save },
        ],
      ]}
    />
  );
}
