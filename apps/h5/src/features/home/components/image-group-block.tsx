import type { ImageGroupConfig } from '@kezhan/contract/courses';
import { useState, type CSSProperties } from 'react';
import { BlockLink } from './block-link';

/**
 * A picture shown whole: its box starts at 5:2 (space reserved, no jump for the usual
 * decoration sizes) and takes the picture's own shape once it has loaded.
 */
function WholeImage({ src }: { src: string }) {
  const [ratio, setRatio] = useState<string | null>(null);
  const style = ratio ? ({ '--kz-image-ratio': ratio } as CSSProperties) : undefined;
  return (
    <img
      src={src}
      alt=""
      loading="lazy"
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
  const image = (index: number) => {
    const item = items[index];
    if (!item) return null;
    return (
      <BlockLink key={index} href={item.url} className="kz-image-group-item" label={`图片 ${index + 1}`}>
        <WholeImage src={item.src} />
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
