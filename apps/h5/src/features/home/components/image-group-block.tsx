import type { ImageGroupConfig } from '@kezhan/contract/courses';
import { sizedImage } from '@kezhan/contract/browser';
import { useState, type CSSProperties } from 'react';
import { SizedImage } from '@/shared/ui/sized-image';
import { BlockLink } from './block-link';

/**
 * A picture shown whole: its box takes the picture's shape, known from the address of a sized
 * image, else 5:2 (space reserved, no jump for the usual decoration sizes) until it has loaded.
 */
function WholeImage({ src, sizes }: { src: string; sizes: string }) {
  const known = sizedImage(src);
  const [ratio, setRatio] = useState<string | null>(known ? `${known.width} / ${known.height}` : null);
  const style = ratio ? ({ '--kz-image-ratio': ratio } as CSSProperties) : undefined;
  return (
    <SizedImage
      src={src}
      alt=""
      width={known?.width ?? 500}
      height={known?.height ?? 200}
      sizes={sizes}
      style={style}
      onLoad={(e) => {
        const { naturalWidth: w, naturalHeight: h } = e.currentTarget;
        if (w > 0 && h > 0) setRatio(`${w} / ${h}`);
      }}
    />
  );
}

const LAYOUTS = ['v-1', 'v-2', 'v-3', 'v-4', 'v-1-2'];

/** Image cube: one to four images in a row, or one large image beside two stacked ones. */
export function ImageGroupBlock({ config }: { config: ImageGroupConfig }) {
  const items = (Array.isArray(config.items) ? config.items : []).filter((i) => i && i.src);
  if (items.length === 0) return null;
  const layout = LAYOUTS.includes(config.v) ? config.v : 'v-1';
  const columns = layout === 'v-1' ? 1 : layout === 'v-1-2' ? 2 : Number(layout.slice(2));
  const sizes = `(min-width: 750px) ${Math.round(720 / columns)}px, calc((100vw - 30px) / ${columns})`;
  const image = (index: number) => {
    const item = items[index];
    if (!item) return null;
    return (
      <BlockLink key={index} href={item.url} className="kz-image-group-item" label={`图片 ${index + 1}`}>
        <WholeImage src={item.src} sizes={sizes} />
      </BlockLink>
    );
  };

  if (layout === 'v-1-2') {
    return (
      <section className="kz-block-image-group kz-image-group--v-1-2">
        <div className="kz-image-group-main">{image(0)}</div>
        {items.length > 1 ? (
          <div className="kz-image-group-side">
            {image(1)}
            {image(2)}
          </div>
        ) : null}
      </section>
    );
  }
  const count = layout === 'v-1' ? 1 : Number(layout.slice(2));
  return (
    <section className={`kz-block-image-group kz-image-group--${layout}`}>
      {items.slice(0, count).map((_, i) => image(i))}
    </section>
  );
}
