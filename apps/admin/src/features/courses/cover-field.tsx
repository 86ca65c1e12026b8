import { Button, Input, Space, Typography, Upload } from 'antd';
import { useAction } from '@/shared/use-action';
import { uploadCourseCover } from './api';

interface CoverFieldProps {
  id?: string;
  value?: string;
  onChange?: (value: string) => void;
  disabled?: boolean;
}

/**
 * The course's `thumb`: an address typed in, or an image uploaded to the server, which answers
 * the address of its re-encoded 16:9 copy. Shows the cover as the h5 will (16:9).
 */
export function CoverField({ id, value, onChange, disabled }: CoverFieldProps) {
  const { run, busy: uploading } = useAction();

  const upload = (file: File) =>
    run(async () => onChange?.((await uploadCourseCover(file)).url), '封面已上传，保存课程后生效');

  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Space.Compact style={{ width: '100%' }}>
        <Input
          id={id}
          aria-label="封面地址"
          placeholder="/storage/… 或 https://…"
          value={value}
          onChange={(event) => onChange?.(event.target.value)}
          disabled={disabled}
        />
        <Upload
          accept="image/jpeg,image/png,image/webp"
          showUploadList={false}
          disabled={disabled || uploading}
          beforeUpload={(file) => {
            void upload(file);
            return false;
          }}
        >
          <Button loading={uploading} disabled={disabled}>
            上传封面
          </Button>
        </Upload>
      </Space.Compact>
      <Typography.Text type="secondary">
        JPEG、PNG 或 WebP，不超过 8MB；按 16:9 从中间裁剪，宽度最大 960 像素
      </Typography.Text>
      {value ? (
        <img
          src={value}
          alt="封面预览"
          style={{
            width: 240,
            aspectRatio: '16 / 9',
            objectFit: 'cover',
            borderRadius: 4,
            border: '1px solid #f0f0f0',
            background: '#fafafa',
          }}
        />
      ) : null}
    </Space>
  );
}
