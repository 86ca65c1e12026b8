import Button from 'antd-mobile/es/components/button';
import Popup from 'antd-mobile/es/components/popup';
import { useEffect, useRef, useState, type PointerEvent } from 'react';
import { ApiError } from '@/shared/http/client';
import { showToast } from '@/shared/ui/toast';
import {
  clampOffset,
  cropScale,
  cropToJpeg,
  loadImageFile,
  squareCropRect,
  type LoadedImage,
} from '../utils/image-crop';
import { useFocusReturn } from '@/shared/ui/focus-return';
import './member-components.css';
import { Spinner } from '@/shared/ui/spinner';

export interface AvatarCropperProps {
  /** The picked picture; null keeps the cropper closed. */
  file: File | null;
  onCancel: () => void;
  /** Receives the square JPEG; the cropper stays open (and busy) until this settles. */
  onConfirm: (avatar: Blob) => Promise<void>;
}

const VIEWPORT = 280;
const MAX_ZOOM = 3;

/** Square crop with preview: drag to move, slide to zoom; the round mask shows the avatar as others see it. */
export function AvatarCropper({ file, onCancel, onConfirm }: AvatarCropperProps) {
  useFocusReturn(file !== null);
  const [loaded, setLoaded] = useState<LoadedImage | null>(null);
  const [zoom, setZoom] = useState(1);
  const [offset, setOffset] = useState({ offsetX: 0, offsetY: 0 });
  const [busy, setBusy] = useState(false);
  const drag = useRef<{ x: number; y: number; offsetX: number; offsetY: number } | null>(null);
  // The parent passes a fresh onCancel on every render; only a new file should restart loading.
  const cancelRef = useRef(onCancel);
  cancelRef.current = onCancel;

  useEffect(() => {
    setLoaded(null);
    setZoom(1);
    setOffset({ offsetX: 0, offsetY: 0 });
    if (!file) return;
    let alive = true;
    let url = '';
    loadImageFile(file).then(
      (result) => {
        url = result.url;
        if (alive) setLoaded(result);
        else URL.revokeObjectURL(url);
      },
      (error: Error) => {
        if (!alive) return;
        showToast(error.message);
        cancelRef.current();
      },
    );
    return () => {
      alive = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [file]);

  const view = loaded
    ? { width: loaded.width, height: loaded.height, viewport: VIEWPORT, zoom, ...offset }
    : null;

  const moveTo = (offsetX: number, offsetY: number, nextZoom = zoom) => {
    if (!loaded) return;
    setOffset(
      clampOffset({
        width: loaded.width,
        height: loaded.height,
        viewport: VIEWPORT,
        zoom: nextZoom,
        offsetX,
        offsetY,
      }),
    );
  };

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    e.currentTarget.setPointerCapture?.(e.pointerId);
    drag.current = { x: e.clientX, y: e.clientY, ...offset };
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    const start = drag.current;
    if (!start) return;
    moveTo(start.offsetX + e.clientX - start.x, start.offsetY + e.clientY - start.y);
  };
  const onPointerUp = () => {
    drag.current = null;
  };

  const confirm = async () => {
    if (!loaded || !view || busy) return;
    setBusy(true);
    try {
      const avatar = await cropToJpeg(loaded.image, squareCropRect(view));
      await onConfirm(avatar);
    } catch (error) {
      // Upload errors were toasted by the HTTP client; crop errors carry their own text.
      if (!(error instanceof ApiError) && error instanceof Error && error.message) showToast(error.message);
    } finally {
      setBusy(false);
    }
  };

  const scale = view ? cropScale(view) : 1;

  return (
    <Popup
      visible={file !== null}
      onMaskClick={busy ? undefined : onCancel}
      bodyClassName="kz-cropper"
      destroyOnClose
    >
      <div role="dialog" aria-label="裁剪头像">
        <div className="kz-cropper-head">
          <button type="button" className="kz-cropper-cancel" onClick={onCancel} disabled={busy}>
            取消
          </button>
          <h2 className="kz-cropper-title">裁剪头像</h2>
          <span className="kz-cropper-gap" />
        </div>
        <div
          className="kz-cropper-viewport"
          style={{ width: VIEWPORT, height: VIEWPORT }}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerCancel={onPointerUp}
        >
          {loaded && view ? (
            <img
              className="kz-cropper-image"
              src={loaded.url}
              alt="头像预览"
              draggable={false}
              style={{
                width: loaded.width * scale,
                height: loaded.height * scale,
                transform: `translate(-50%, -50%) translate(${offset.offsetX}px, ${offset.offsetY}px)`,
              }}
            />
          ) : (
            <Spinner label="图片加载中" />
          )}
          <div className="kz-cropper-mask" aria-hidden="true" />
        </div>
        <label className="kz-cropper-zoom">
          <span>缩放</span>
          <input
            type="range"
            min={1}
            max={MAX_ZOOM}
            step={0.01}
            value={zoom}
            disabled={!loaded}
            onChange={(e) => {
              const next = Number(e.target.value);
              setZoom(next);
              moveTo(offset.offsetX, offset.offsetY, next);
            }}
          />
        </label>
        <p className="kz-cropper-tip">拖动图片调整位置，头像将裁剪为正方形</p>
        <Button
          block
          color="primary"
          size="large"
          loading={busy}
          disabled={!loaded}
          onClick={() => void confirm()}
        >
          确定
        </Button>
      </div>
    </Popup>
  );
}
