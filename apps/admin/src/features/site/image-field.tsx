import { Button, Input, Space, Typography, Upload } from 'antd';
import { useAction } from '@/shared/use-action';
import { uploadSliderImage } from './api';

interface SliderImageFieldProps {
  id?: string;
  value?: string;
  onChange?: (value: string) => void;
}

/**
 * A slider's image: uploaded through the server's image pipeline (re-encoded, metadata dropped,
 * WebP copies), which answers its address; an address can also be typed in.
 */
export function SliderImageField({ id, value, onChange }: SliderImageFieldProps) {
  const { run, busy } = useAction();
  const upload = (file: File) =>
    run(async () => onChange?.((await uploadSliderImage(file)).url), '图片已上传，保存后生效');

  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Space.Compact style={{ width: '100%' }}>
        <Input
          id={id}
          aria-label="图片地址"
          placeholder="/storage/… 或 https://…"
          value={value}
          onChange={(event) => onChange?.(event.target.value)}
        />
        <Upload
          accept="image/jpeg,image/png,image/webp"
          showUploadList={false}
          disabled={busy}
          beforeUpload={(file) => {
            void upload(file);
            return false;
          }}
        >
          <Button loading={busy}>上传图片</Button>
        </Upload>
      </Space.Compact>
      <Typography.Text type="secondary">JPEG、PNG 或 WebP，不超过 8MB；宽度最大 1500 像素</Typography.Text>
      {value ? (
        <img
          src={value}
          alt="轮播图预览"
          style={{
            width: 300,
            maxHeight: 160,
            objectFit: 'cover',
            borderRadius: 4,
            border: '1px solid #f0f0f0',
          }}
        />
      ) : null}
    </Space>
  );
}
