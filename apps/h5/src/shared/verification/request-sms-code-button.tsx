import Button from 'antd-mobile/es/components/button';

export interface RequestSmsCodeButtonProps {
  /** Dimmed while the form above it is still empty (it stays clickable). */
  faded?: boolean;
  onClick: () => void;
}

/** The big 获取短信验证码 button that opens the image captcha. */
export function RequestSmsCodeButton({ faded = false, onClick }: RequestSmsCodeButtonProps) {
  return (
    <Button
      block
      color="primary"
      size="large"
      className={faded ? 'kz-auth-submit kz-auth-submit--faded' : 'kz-auth-submit'}
      onClick={onClick}
    >
      获取短信验证码
    </Button>
  );
}
